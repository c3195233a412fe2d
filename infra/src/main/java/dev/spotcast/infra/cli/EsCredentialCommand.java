package dev.spotcast.infra.cli;

import dev.spotcast.elasticsearch.ElasticsearchSettings;
import dev.spotcast.elasticsearch.LocalCredentials;
import dev.spotcast.elasticsearch.LocalCredentials.Role;
import java.util.Arrays;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code es credential ROLE}: the environment with which a service of {@code ROLE} connects to the
 * Elasticsearch at {@code --es}, one {@code NAME=value} line each ({@code
 * SPOTCAST_ELASTICSEARCH_URIS}, {@code _CA}, {@code _USERNAME}, {@code _PASSWORD}): the node's URL,
 * CA and the role's credential when {@code --es} is the node {@code es start} secured from the home
 * directory ({@link LocalCredentials#orLocal}), else the URL alone. The services read only their
 * configuration; this is how {@code ./spotcast serve}, {@code ingest-service} and {@code demo} pass
 * them the local node's credential, in their environment rather than on their command line.
 */
@Command(
    name = "credential",
    mixinStandardHelpOptions = true,
    description =
        "Print the environment (SPOTCAST_ELASTICSEARCH_*=value lines, secrets included) with which a "
            + "service of ROLE connects to the Elasticsearch at --es: the local node's credential of that role when "
            + "--es is the node 'es start' secured from the home directory, else the URL alone.")
final class EsCredentialCommand extends HomeCommand {

  @Parameters(
      index = "0",
      paramLabel = "ROLE",
      description = "query, ingest, admin, monitor or archive.")
  private String role;

  @Option(
      names = "--es",
      paramLabel = "URL",
      defaultValue = "${env:SPOTCAST_ES_URL:-http://127.0.0.1:${env:SPOTCAST_ES_PORT:-9200}}",
      description =
          "The Elasticsearch the service is to use (default: $SPOTCAST_ES_URL, else port "
              + "$SPOTCAST_ES_PORT or 9200 on 127.0.0.1; now ${DEFAULT-VALUE}).")
  private String url;

  @Override
  public Integer call() {
    Role chosen =
        Arrays.stream(Role.values())
            .filter(r -> r.id().equals(role.toLowerCase(Locale.ROOT)))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unknown role '" + role + "': query, ingest, admin, monitor or archive"));
    ElasticsearchSettings settings =
        LocalCredentials.orLocal(
            ElasticsearchSettings.of(url), chosen, LocalCredentials.directory(home()));
    settings.springEnvironment().forEach((name, value) -> out().println(name + "=" + value));
    out().flush();
    return 0;
  }
}
