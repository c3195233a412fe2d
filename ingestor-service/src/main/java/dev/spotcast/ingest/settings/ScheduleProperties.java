package dev.spotcast.ingest.settings;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The daily inbox scan.
 *
 * @param cron Spring cron expression (second minute hour day month weekday) of the scan, in {@code
 *     zone}; {@code -} turns it off
 * @param zone time zone of the cron expression
 * @param inbox folder holding one sub-folder per delivered run (on a filesystem every instance
 *     sees)
 * @param manifest name of the file that marks a run folder complete and lists its files; whoever
 *     delivers a run writes it last
 */
@ConfigurationProperties("spotcast.schedule")
public record ScheduleProperties(
    @DefaultValue("-") String cron,
    @DefaultValue("UTC") String zone,
    Path inbox,
    @DefaultValue("manifest.json") String manifest) {}
