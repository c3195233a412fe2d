package dev.spotcast.ingest.work;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import dev.spotcast.elasticsearch.ElasticsearchClients;
import dev.spotcast.ingest.settings.ArchiveProperties;
import dev.spotcast.ingestor.lifecycle.RunArchive;
import java.io.IOException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Restores archived runs with the archive credential, when this instance has one ({@link
 * ArchiveProperties}); the service's own client, with the ingest credential, could not.
 */
@Component
public class Restores implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(Restores.class);

  private final ElasticsearchClient client;

  public Restores(ArchiveProperties properties) {
    this.client =
        properties.elasticsearch() == null
            ? null
            : ElasticsearchClients.create(properties.elasticsearch().requireCredentials());
    if (client == null) {
      log.info("no archive credential (spotcast.archive.elasticsearch.*): restores are refused");
    }
  }

  /** The archive as the archive credential may use it, if this instance has that credential. */
  public Optional<RunArchive> archive() {
    return Optional.ofNullable(client).map(RunArchive::new);
  }

  @Override
  public void destroy() throws IOException {
    if (client != null) {
      client._transport().close();
    }
  }
}
