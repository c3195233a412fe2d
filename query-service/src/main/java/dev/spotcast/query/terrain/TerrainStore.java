package dev.spotcast.query.terrain;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.LevelType;
import dev.spotcast.model.Parameter;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.search.ForecastHit;
import dev.spotcast.query.search.NeighbourSearch;
import dev.spotcast.query.search.SearchUnavailableException;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * The terrain of every run the service answers, in memory: read once per run from its surface
 * documents at the first step (orography and land-sea mask, as {@link TerrainProperties} names
 * them), when the run enters the catalog, and dropped when it leaves. A request that comes before
 * its run's terrain is read waits for it up to {@link TerrainProperties#readWait()}, then is
 * answered without it (saying so); one whose read failed tries again.
 */
@Component
@EnableConfigurationProperties(TerrainProperties.class)
public class TerrainStore implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(TerrainStore.class);

  /** Documents per page of the read: a page of Elasticsearch's default result window. */
  private static final int PAGE = 10_000;

  private final NeighbourSearch search;
  private final PublishedRuns runs;
  private final TerrainProperties properties;
  private final Map<String, CompletableFuture<RunTerrain>> terrains = new ConcurrentHashMap<>();
  private final ExecutorService reader =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread thread = new Thread(r, "terrain-reader");
            thread.setDaemon(true);
            return thread;
          });

  public TerrainStore(NeighbourSearch search, PublishedRuns runs, TerrainProperties properties) {
    this.search = search;
    this.runs = runs;
    this.properties = properties;
    runs.onRefresh(this::keep);
  }

  public TerrainProperties properties() {
    return properties;
  }

  /**
   * A run's terrain ({@link RunTerrain#NONE} when the run has none), read now if it was not yet.
   *
   * @throws SearchUnavailableException when Elasticsearch cannot give it
   */
  public RunTerrain of(ForecastRun run) {
    String key = key(run);
    CompletableFuture<RunTerrain> terrain = terrains.get(key);
    if (terrain == null) {
      terrain = terrains.computeIfAbsent(key, k -> started(run));
    }
    if (terrain.isDone() && !terrain.isCompletedExceptionally()) {
      return terrain.join(); // the request path: one map lookup once the terrain is read
    }
    try {
      return terrain.get(properties.readWait().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return RunTerrain.PENDING;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return RunTerrain.PENDING;
    } catch (ExecutionException e) {
      terrains.remove(key, terrain);
      Throwable cause =
          e.getCause() instanceof CompletionException c && c.getCause() != null
              ? c.getCause()
              : e.getCause();
      throw new SearchUnavailableException(
          "the terrain of run "
              + run.runId()
              + " of model "
              + run.model()
              + " could not be read: "
              + cause.getMessage(),
          cause);
    }
  }

  /** Whether a run's terrain is in memory (or the run has none): answers use it without waiting. */
  public boolean ready(ForecastRun run) {
    if (fields(run) == null) {
      return true;
    }
    CompletableFuture<RunTerrain> terrain = terrains.get(key(run));
    return terrain != null && terrain.isDone() && !terrain.isCompletedExceptionally();
  }

  /** Starts reading the terrain of new runs; forgets that of runs the service no longer answers. */
  private void keep(List<RunRecord> records) {
    Set<String> answered = new HashSet<>();
    for (RunRecord record : records) {
      ForecastRun run = record.run();
      answered.add(key(run));
      terrains.computeIfAbsent(key(run), k -> started(run));
    }
    terrains.keySet().retainAll(answered);
  }

  /** A run's terrain: none at once when it has no terrain fields, else a read started now. */
  private CompletableFuture<RunTerrain> started(ForecastRun run) {
    Fields fields = fields(run);
    return fields == null ? CompletableFuture.completedFuture(RunTerrain.NONE) : read(run, fields);
  }

  private static String key(ForecastRun run) {
    return run.model() + '/' + run.runId();
  }

  /**
   * Where a run's terrain lies: its surface axis and the parameters on it.
   *
   * @param axis the surface axis's position
   */
  record Fields(int axis, String orography, boolean geopotential, String mask) {

    List<String> names() {
      List<String> names = new ArrayList<>(2);
      if (orography != null) {
        names.add(orography);
      }
      if (mask != null) {
        names.add(mask);
      }
      return names;
    }
  }

  /** The terrain fields of a run, or null when it has none (or its grid is too large to hold). */
  Fields fields(ForecastRun run) {
    int axis = run.axisPosition(LevelType.SURFACE);
    if (axis < 0 || run.grid().pointCount() > properties.maxPoints()) {
      return null;
    }
    LevelAxis surface = run.axes().get(axis);
    String orography = first(surface, properties.orographyParameters());
    String geopotential =
        orography == null ? first(surface, properties.geopotentialParameters()) : null;
    String mask = first(surface, properties.landSeaMaskParameters());
    if (orography == null && geopotential == null && mask == null) {
      return null;
    }
    return new Fields(
        axis, orography != null ? orography : geopotential, geopotential != null, mask);
  }

  private static String first(LevelAxis axis, List<String> names) {
    for (String name : names) {
      Parameter parameter = axis.parameter(name);
      if (parameter != null) {
        return name;
      }
    }
    return null;
  }

  private CompletableFuture<RunTerrain> read(ForecastRun run, Fields fields) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            long started = System.nanoTime();
            RunTerrain terrain = readNow(run, fields);
            log.info(
                "Read the terrain ({}) of run {} of model {}: {} grid points in {} ms",
                terrain.source(),
                run.runId(),
                run.model(),
                run.grid().pointCount(),
                (System.nanoTime() - started) / 1_000_000);
            return terrain;
          } catch (IOException | RuntimeException e) {
            log.warn(
                "Could not read the terrain of run {} of model {}: {}",
                run.runId(),
                run.model(),
                e.toString());
            throw new CompletionException(e);
          }
        },
        reader);
  }

  /** Every grid point's terrain at the run's first step, in pages sorted by grid point. */
  private RunTerrain readNow(ForecastRun run, Fields fields) throws IOException {
    int points = run.grid().pointCount();
    float[] elevation = fields.orography() == null ? null : nanFilled(points);
    float[] land = fields.mask() == null ? null : nanFilled(points);
    ShardingStrategy strategy =
        runs.strategy(
            runs.get(run.model(), run.runId())
                .orElseThrow(
                    () ->
                        new IOException(
                            "run "
                                + run.runId()
                                + " of model "
                                + run.model()
                                + " is no longer served")));
    String index = strategy.indexName(fields.axis(), 0, 0);
    double level = run.axes().get(fields.axis()).levels().getFirst();
    int step = run.steps().getFirst();
    search.eachPage(
        run,
        index,
        fields.axis(),
        level,
        step,
        fields.names(),
        PAGE,
        hits -> {
          for (ForecastHit document : hits) {
            int point = document.point();
            if (point < 0 || point >= points) {
              continue;
            }
            if (elevation != null) {
              Double value = document.values().get(fields.orography());
              if (value != null) {
                elevation[point] =
                    (float) (fields.geopotential() ? value / TerrainProperties.GRAVITY : value);
              }
            }
            if (land != null) {
              Double value = document.values().get(fields.mask());
              if (value != null) {
                land[point] = value.floatValue();
              }
            }
          }
        });
    return new RunTerrain(
        elevation, land, properties.landThreshold(), String.join(", ", fields.names()));
  }

  private static float[] nanFilled(int size) {
    float[] values = new float[size];
    Arrays.fill(values, Float.NaN);
    return values;
  }

  @Override
  public void destroy() {
    reader.shutdownNow();
  }
}
