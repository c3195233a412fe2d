package dev.spotcast.query.web;

import jakarta.validation.constraints.Min;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The warm-up a starting instance does before it says it is ready ({@link Warmup}).
 *
 * @param requests how many forecast requests it sends itself (0: none; ready as soon as the catalog
 *     is read)
 * @param concurrency how many at once
 * @param maxDuration the longest it warms up; ready after it whatever was sent
 */
@Validated
@ConfigurationProperties("spotcast.query.warmup")
public record WarmupProperties(
    @DefaultValue("500") @Min(0) int requests,
    @DefaultValue("4") @Min(1) int concurrency,
    @DefaultValue("20s") Duration maxDuration) {}
