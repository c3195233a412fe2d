package dev.spotcast.ingest;

import dev.spotcast.ingestor.source.file.FileRuns;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.ShardingSpec;
import java.nio.file.Path;
import java.util.Set;

/** The repository's real forecast files (samples/), and the run the ingestor reads from one. */
public final class Samples {

  private Samples() {}

  public static Path file(String name) {
    return folder().resolve(name);
  }

  /** The samples folder: a data root of every test instance ({@code spotcast.files.roots}). */
  public static Path folder() {
    String folder = System.getProperty("spotcast.samples");
    if (folder == null) {
      throw new IllegalStateException(
          "system property spotcast.samples is not set (the build sets it)");
    }
    return Path.of(folder);
  }

  /** The one run in a sample file, under this model id. */
  public static ForecastRun run(String name, String model) throws Exception {
    try (ForecastFile file = ForecastFiles.open(file(name))) {
      return FileRuns.assemble(model, file.fields(), Set.of(), ShardingSpec.DEFAULT)
          .getFirst()
          .run();
    }
  }
}
