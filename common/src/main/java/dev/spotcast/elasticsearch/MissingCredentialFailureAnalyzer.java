package dev.spotcast.elasticsearch;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * A service started without an Elasticsearch credential ends with Spring Boot's "APPLICATION FAILED
 * TO START" report naming the properties to set, instead of a stack trace (registered in {@code
 * META-INF/spring.factories}, so both services have it).
 */
public final class MissingCredentialFailureAnalyzer
    extends AbstractFailureAnalyzer<MissingCredentialException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, MissingCredentialException cause) {
    return new FailureAnalysis(
        "No Elasticsearch credential is configured for "
            + cause.uris()
            + "; the service never connects anonymously.",
        "Set " + MissingCredentialException.PROPERTIES + ".",
        cause);
  }
}
