package dev.spotcast.ingest.settings;

import jakarta.validation.constraints.Min;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where file jobs may read. Every path of a job (REST, inbox manifest, Kafka announcement) must
 * lie, once symbolic links are resolved, inside one of these folders; the inbox of the daily scan
 * is one of them too. Without any, file jobs are refused.
 *
 * @param roots folders holding forecast files, on a filesystem every instance sees; a relative path
 *     of a job is taken relative to the first one
 * @param maxFiles most files one job may name (after folders and globs are expanded)
 */
@ConfigurationProperties("spotcast.files")
@Validated
public record FileProperties(
    @DefaultValue List<Path> roots, @DefaultValue("10000") @Min(1) int maxFiles) {}
