package dev.spotcast.infra.kafka;

import java.nio.file.Path;

/**
 * A broker found running from a home directory, as recorded by the JVM that started it.
 *
 * @param dir the broker's directory (configuration, data, log)
 * @param bootstrapServers where clients connect, e.g. {@code 127.0.0.1:9092}
 * @param pid the broker JVM's operating-system process id
 */
public record RunningBroker(Path dir, String bootstrapServers, long pid) {}
