package dev.spotcast.infra.cli;

import picocli.CommandLine.Command;

/**
 * {@code es}: a local Elasticsearch for development, running in the background between commands.
 */
@Command(
    name = "es",
    mixinStandardHelpOptions = true,
    description = "Run a local Elasticsearch cluster for development.",
    subcommands = {
      EsStartCommand.class,
      EsStatusCommand.class,
      EsStopCommand.class,
      EsCredentialCommand.class
    })
public final class EsCommand {}
