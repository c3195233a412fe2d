package dev.spotcast.ingest.work;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingestor.source.ForecastSource.Slice;
import dev.spotcast.ingestor.source.file.FileForecastSource;
import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ShardingSpec;
import dev.spotcast.testsupport.IntervalMessages;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The meters a chunk feeds that are not about Elasticsearch: amounts loaded as 0. */
class IngestMetricsTest {

  @TempDir Path dir;

  @Test
  void accumulationsThatDecreaseAreCountedOnceEachTimeTheyAreMade() throws Exception {
    // tp from the start: point 1 falls from 0.004 to 0.0039 m between 2 and 3 h, point 2 from
    // 0.002 to 0.001: two values loaded as 0 at +3 h.
    Path grib = dir.resolve("tp.grib");
    IntervalMessages.write(
        List.of(
            IntervalMessages.accum("ecmf", "tp", 0, 2, 0.003, 0.004, 0.002, 0, 0, 0),
            IntervalMessages.accum("ecmf", "tp", 0, 3, 0.0035, 0.0039, 0.001, 0, 0, 0)),
        grib,
        Path.of(System.getProperty("spotcast.samples")));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    IngestMetrics metrics = new IngestMetrics(registry);
    try (ForecastFile file = ForecastFiles.open(grib)) {
      FileForecastSource source =
          FileRuns.assemble("m", file.fields(), Set.of(), ShardingSpec.DEFAULT).getFirst();

      // Two chunks of the same job share the source; each reports after its slices.
      List<Slice> slices = source.slices();
      for (Slice slice : slices) {
        source.produce(slice, (axis, level, step, document) -> {});
        metrics.negativeAmounts(source);
      }
      metrics.negativeAmounts(source); // nothing new: nothing more counted

      assertThat(registry.counter("spotcast.ingest.negative.amounts").count()).isEqualTo(2.0);
      // A chunk retried makes the values again: counted again, as the source counts them.
      source.produce(slices.getLast(), (axis, level, step, document) -> {});
      metrics.negativeAmounts(source);
      assertThat(registry.counter("spotcast.ingest.negative.amounts").count()).isEqualTo(4.0);
    }
  }
}
