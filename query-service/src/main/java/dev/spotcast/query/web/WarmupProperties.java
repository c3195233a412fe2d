package dev.spotcast.query.web;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import java.nio.file.Path;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The warm-up a starting instance does before it says it is ready ({@link Warmup}).
 *
 * @param requests how many forecast requests it sends itself at least (0: none; ready as soon as
 *     the catalog is read)
 * @param compilerBusy past {@code requests}, it goes on sending them while the JIT compiler worked
 *     more than this many cores' worth over the last 2 s ({@link CompilerActivity}; 0: it stops at
 *     {@code requests})
 * @param concurrency how many at once
 * @param maxDuration the longest it warms up; ready after it whatever was sent
 * @param placesFile where the places asked most are kept for the next start, and read from at start
 *     (none: the warm-up asks random places only)
 * @param places how many places the file keeps and the warm-up reads first (0: none)
 * @param placesSaveInterval how often the places file and the documents file are saved while the
 *     instance runs (and at shutdown)
 * @param documentsFile where the documents the document cache holds (up to half of it, the most
 *     used first) are kept for the next start, and read from by id at start, before the places, in
 *     half of {@code max-duration} at most (none: the warm-up reads the places only)
 * @param documents how many documents the documents file keeps at most, the most used first
 * @param switchMaxDuration the longest a model's new run is read before its users are moved to it,
 *     where they read the run they leave (the documents the document cache holds of it, then the
 *     places asked most) (0: moved at once, unread)
 */
@Validated
@ConfigurationProperties("spotcast.query.warmup")
public record WarmupProperties(
    @DefaultValue("500") @Min(0) int requests,
    @DefaultValue("0.25") @DecimalMin("0") double compilerBusy,
    @DefaultValue("4") @Min(1) int concurrency,
    @DefaultValue("60s") Duration maxDuration,
    Path placesFile,
    @DefaultValue("2000") @Min(0) int places,
    @DefaultValue("1m") @DurationMin(seconds = 1) Duration placesSaveInterval,
    @DefaultValue("30s") @DurationMin(seconds = 0) Duration switchMaxDuration,
    Path documentsFile,
    @DefaultValue("200000") @Min(1) int documents) {

  /** Whether the instance reads and keeps a places file. */
  boolean keepsPlaces() {
    return placesFile != null && places > 0;
  }

  /** Whether the instance reads and keeps a documents file. */
  boolean keepsDocuments() {
    return documentsFile != null;
  }
}
