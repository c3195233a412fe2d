package dev.spotcast.query.spot;

import java.util.Set;

/** A model with no published run (HTTP 404); carries the models that have one. */
public class UnknownModelException extends RuntimeException {

  private final Set<String> publishedModels;

  public UnknownModelException(String model, Set<String> publishedModels) {
    super("model '" + model + "' has no published run; published models: " + publishedModels);
    this.publishedModels = Set.copyOf(publishedModels);
  }

  public Set<String> publishedModels() {
    return publishedModels;
  }
}
