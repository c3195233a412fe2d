package dev.spotcast.query.api;

import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.UnknownRunException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * {@code models=a,b,c} on {@code GET /v1/spot} and {@code GET /v1/series}: each model's answer for
 * the same request, in the order asked, side by side. A model that cannot answer there (the place,
 * height or time outside its run, or a run it does not have) gets the problem its own request would
 * have had, with its name; the others still answer. A bad parameter or an unknown model fails the
 * whole request, as it would for one model.
 *
 * @param answered how many models answered
 * @param failed how many did not (each a problem in {@code models})
 * @param models per model asked: its answer (as {@code model=} would give it) or its problem
 */
public record SideBySide(int answered, int failed, List<Object> models) {

  /** The most models in one request. */
  public static final int MAX_MODELS = 10;

  /**
   * The model ids of {@code models=}: distinct, 1 to {@value #MAX_MODELS}, never with {@code
   * model=}.
   */
  static List<String> parse(String models, String model) {
    if (model != null) {
      throw new BadParameterException(
          "models", "give model= for one model or models= for several, not both");
    }
    Set<String> names = new LinkedHashSet<>();
    for (String name : models.split(",", -1)) {
      String id = name.strip();
      if (id.isEmpty()) {
        throw new BadParameterException(
            "models",
            "models= is a comma-separated list of model ids (see /v1/models), with no empty entry");
      }
      if (!names.add(id)) {
        throw new BadParameterException("models", "model '" + id + "' is asked twice");
      }
    }
    if (names.size() > MAX_MODELS) {
      throw new BadParameterException(
          "models", "at most " + MAX_MODELS + " models in one request, not " + names.size());
    }
    return List.copyOf(names);
  }

  /** Each model's answer, or the problem of a model that cannot answer this request. */
  static SideBySide of(List<String> models, Function<String, ?> answer) {
    List<Object> results = new ArrayList<>(models.size());
    int failed = 0;
    for (String model : models) {
      try {
        results.add(answer.apply(model));
      } catch (OutsideForecastException e) {
        results.add(problem(model, HttpStatus.UNPROCESSABLE_ENTITY, e.getMessage(), e.parameter()));
        failed++;
      } catch (UnknownRunException e) {
        results.add(problem(model, HttpStatus.NOT_FOUND, e.getMessage(), e.parameter()));
        failed++;
      }
    }
    return new SideBySide(models.size() - failed, failed, results);
  }

  private static ProblemDetail problem(
      String model, HttpStatus status, String detail, String parameter) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setProperty("model", model);
    if (parameter != null) {
      problem.setProperty("parameter", parameter);
    }
    return problem;
  }
}
