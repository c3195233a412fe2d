package dev.spotcast.infra.cli;

import picocli.CommandLine.Command;

/**
 * {@code kafka}: a local single-node Kafka broker for demos and manual use, running in the
 * background between commands.
 */
@Command(
    name = "kafka",
    mixinStandardHelpOptions = true,
    description = "Run a local single-node Kafka broker (KRaft) for development.",
    subcommands = {KafkaStartCommand.class, KafkaStatusCommand.class, KafkaStopCommand.class})
public final class KafkaCommand {}
