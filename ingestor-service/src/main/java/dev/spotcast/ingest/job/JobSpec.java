package dev.spotcast.ingest.job;

import dev.spotcast.ingestor.lifecycle.PublishPolicy;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/**
 * What a job loads: exactly one of a synthetic run or a run read from forecast files. Stored with
 * the job, so that every instance rebuilds the same source (and the same slices) from it.
 */
@Schema(
    description =
        "Exactly one of 'synthetic' or 'files'; 'publish': 'always' to publish a run older than the"
            + " one the model serves (by default such a run is loaded but the model keeps serving the newer one).")
public record JobSpec(Synthetic synthetic, Files files, PublishPolicy publish) {

  /**
   * A spec with the default publishing: only a run at least as new as the served one is published.
   */
  public JobSpec(Synthetic synthetic, Files files) {
    this(synthetic, files, null);
  }

  /**
   * How the run is published once loaded; {@link PublishPolicy#IF_NEWER} when the spec does not
   * say.
   */
  public PublishPolicy publishPolicy() {
    return publish == null ? PublishPolicy.IF_NEWER : publish;
  }

  /** The model id the run will be published under. */
  public String model() {
    return synthetic != null ? synthetic.model() : files != null ? files.model() : null;
  }

  /**
   * A deterministic synthetic run (load tests, demos).
   *
   * @param region south, west, north, east in degrees
   * @param resolution grid spacing in degrees
   * @param levels heights above ground in metres
   * @param steps forecast steps in hours
   * @param stepList instead of {@code steps}: the steps as the CLI's {@code --steps} writes them,
   *     e.g. {@code 0-90,93-144/3,150-240/6} (hours) or {@code 0-120/15min} (15-minute output)
   */
  public record Synthetic(
      String model,
      Instant runTime,
      List<Double> region,
      Double resolution,
      List<Double> levels,
      List<Integer> steps,
      Long seed,
      Boolean terrain,
      @Schema(
              description =
                  "Instead of 'steps': the steps as the CLI writes them, e.g."
                      + " '0-90,93-144/3,150-240/6' (hours) or '0-120/15min' (15-minute output)",
              example = "0-120/15min")
          String stepList) {

    /** Steps in hours, without the terrain. */
    public Synthetic(
        String model,
        Instant runTime,
        List<Double> region,
        Double resolution,
        List<Double> levels,
        List<Integer> steps,
        Long seed) {
      this(model, runTime, region, resolution, levels, steps, seed, null, null);
    }
  }

  /**
   * A run read from GRIB1, GRIB2 or NetCDF files. The paths (files, folders or globs) must be on a
   * filesystem that every instance sees: each instance opens them to produce its chunks.
   *
   * @param members ensemble members to keep; the files must hold exactly one run after this filter
   */
  public record Files(String model, List<String> paths, List<Integer> members) {}
}
