package dev.spotcast.ingest.settings;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The largest synthetic run a job may ask for: a synthetic spec costs nothing to write and can
 * queue hours of loading, so its size is bounded like any other input.
 *
 * @param maxLevels most heights in {@code synthetic.levels}
 * @param maxSteps most forecast steps in {@code synthetic.steps}
 * @param maxStepHours the latest forecast step, in hours
 * @param maxDocuments most documents of the run counted one per step (grid points x levels x
 *     steps), whatever its steps per document: the values to make and load are the work bounded
 */
@ConfigurationProperties("spotcast.jobs.synthetic")
@Validated
public record SyntheticLimits(
    @DefaultValue("100") @Min(1) int maxLevels,
    @DefaultValue("1000") @Min(1) int maxSteps,
    @DefaultValue("8760") @Min(0) int maxStepHours,
    @DefaultValue("1000000000") @Min(1) long maxDocuments) {

  /** The defaults, for code that builds sources outside Spring. */
  public static SyntheticLimits defaults() {
    return new SyntheticLimits(100, 1000, 8760, 1_000_000_000L);
  }
}
