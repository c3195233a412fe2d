package dev.spotcast.ingest.settings;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The archive credential ({@code spotcast.archive.elasticsearch.*}: uris, ca, username and password
 * or api-key, as {@code spotcast.elasticsearch.*}), with which this instance restores archived runs
 * ({@code POST /v1/archive/{model}/{run}/restore}). Unset, the instance restores none and says so:
 * restoring is a privilege of its own (docs/security.md), given only to the instances that are to
 * offer it. Archiving itself needs no more than the ingest credential ({@code
 * spotcast.ingest.lifecycle.archive-repository}).
 *
 * @param elasticsearch the connection as the archive role, or null
 */
@ConfigurationProperties("spotcast.archive")
public record ArchiveProperties(ElasticsearchSettings elasticsearch) {}
