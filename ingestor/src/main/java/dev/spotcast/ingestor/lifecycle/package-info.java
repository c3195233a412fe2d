/**
 * A run's life in Elasticsearch, the same for the CLI and the ingestion service: {@link
 * dev.spotcast.ingestor.lifecycle.RunLifecycle} begins a run (indices with loading settings, a
 * LOADING record), finishes its loading (settings restored, counted) and completes it: published by
 * {@link dev.spotcast.ingestor.lifecycle.RunPublisher} (the only place that moves a model's alias),
 * kept servable, failed or abandoned; {@link dev.spotcast.ingestor.lifecycle.RunRetention} retires
 * the runs beyond {@code keep-runs}, archiving them first through {@link
 * dev.spotcast.ingestor.lifecycle.RunArchive}.
 *
 * <p>{@link dev.spotcast.ingestor.lifecycle.RunLoader} is the CLI's whole load: the lifecycle
 * around the produce, batch and send pipeline of {@link dev.spotcast.ingestor.bulk.LoadPipeline},
 * which the ingestion service runs per chunk.
 */
package dev.spotcast.ingestor.lifecycle;
