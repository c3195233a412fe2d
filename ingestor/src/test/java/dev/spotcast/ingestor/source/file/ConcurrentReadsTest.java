package dev.spotcast.ingestor.source.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Fields of one file read from several threads at once decode the same values as one by one. */
class ConcurrentReadsTest {

  @Test
  void concurrentReadsOfOneFileAgreeWithSequentialReads() throws Exception {
    for (String name : List.of("uv_on_different_levels.grib", "uv_on_different_levels.nc")) {
      try (ForecastFile file = ForecastFiles.open(Samples.file(name))) {
        List<float[]> sequential = new ArrayList<>();
        for (FieldRef field : file.fields()) {
          sequential.add(field.read());
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
          List<Future<float[]>> results = new ArrayList<>();
          for (int round = 0; round < 5; round++) {
            for (FieldRef field : file.fields()) {
              results.add(pool.submit(field::read));
            }
          }
          for (int i = 0; i < results.size(); i++) {
            assertThat(results.get(i).get()).isEqualTo(sequential.get(i % sequential.size()));
          }
        } finally {
          pool.shutdownNow();
        }
      }
    }
  }
}
