package dev.spotcast.query.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.GridDefinition;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.spot.ArchivedRunException;
import dev.spotcast.query.spot.Blends;
import dev.spotcast.query.spot.Derived;
import dev.spotcast.query.spot.Ensembles;
import io.swagger.v3.oas.annotations.Operation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/models}: what can be asked, from the catalog held in memory (no Elasticsearch
 * call).
 */
@RestController
public class ModelsController {

  /** The models with a published run, and the blends of them asked as models on GET /v1/spot. */
  public record Models(List<Model> models, List<BlendInfo> blends, List<EnsembleInfo> ensembles) {}

  /**
   * An ensemble: its members, each a model of its own ({@code NAME_mN}), answered as one model.
   *
   * @param run the run it answers from: the newest every member serves, absent while none is common
   * @param control the member model=NAME answers
   */
  public record EnsembleInfo(
      String model, String run, int control, List<Integer> members, List<String> models) {}

  /**
   * A blend ({@code spotcast.query.blends}): a weighted combination of member models.
   *
   * @param members each member model and its weight points (lead hours to weight, linear between)
   */
  public record BlendInfo(String model, String description, List<BlendMemberInfo> members) {}

  public record BlendMemberInfo(String model, Map<String, Double> weights) {}

  /**
   * A model: its published run described in full, and every run that {@code run=} may ask for.
   *
   * @param published the published run's id (yyyyMMddHH), what {@code run=latest} answers from
   * @param publishedAt when the published run became visible (its load finished), the freshness a
   *     feed or a client watches; absent for runs recorded before it was kept
   * @param ageSeconds seconds since then
   * @param derived the derived variables the model's parameters make (docs/derived-variables.md)
   * @param stepMinutes the length of one step unit in minutes: 60, or less for sub-hourly output
   * @param archived the runs kept in a snapshot repository, newest first: not servable until
   *     restored
   */
  public record Model(
      String model,
      String published,
      Instant runTime,
      @JsonInclude(JsonInclude.Include.NON_NULL) Instant publishedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long ageSeconds,
      List<RunSummary> runs,
      Grid grid,
      List<LevelTypeInfo> levelTypes,
      List<ParameterInfo> parameters,
      List<DerivedInfo> derived,
      int stepMinutes,
      List<StepInfo> steps,
      List<ArchivedRun> archived) {}

  /**
   * A run moved to a snapshot repository by retention: {@code run=} of it answers 404 saying how to
   * restore it.
   *
   * @param archivedAt when its snapshot was taken
   * @param bytes the size of its snapshot
   * @param restore the command that restores it ({@code ./spotcast archive restore MODEL RUN})
   */
  public record ArchivedRun(
      String run, Instant runTime, Instant archivedAt, long bytes, String restore) {}

  /** A run that may be asked for with {@code run=} (its id or its run time). */
  public record RunSummary(String run, Instant runTime, boolean published) {}

  /** The horizontal grid; the regular lat/lon geometry when it has one. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Grid(
      String kind,
      int points,
      double south,
      double north,
      Integer nLat,
      Integer nLon,
      Double lat0,
      Double lon0,
      Double dLat,
      Double dLon) {}

  /**
   * A level type, how to ask for it ({@code alt}, {@code pressure} or neither), its levels and
   * parameters.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LevelTypeInfo(
      String type,
      String queryParameter,
      String unit,
      List<Double> levels,
      List<String> parameters) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  /**
   * A parameter as stored.
   *
   * @param statistic what the value says about time: point (at the step's instant), or sum, mean,
   *     maximum, minimum over an interval that ends at the step
   * @param periods for a value over time: the lengths of its intervals (ISO-8601), shortest first;
   *     a sum is answered over {@code period=} before the requested time whatever they are
   * @param lowerCase the lower-case form it may also be asked by, when its name is not lower case
   *     (DWD's ASWDIR_S: aswdir_s); answers name it as stored
   * @param dataFrom where its data starts: the start of its first interval for a value over time (a
   *     time after it is answered, even before the run's first step: GFS has no APCP at f000), else
   *     the run's first step
   */
  public record ParameterInfo(
      String name,
      String unit,
      Double min,
      Double max,
      String statistic,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> periods,
      @JsonInclude(JsonInclude.Include.NON_NULL) String lowerCase,
      Instant dataFrom) {}

  /**
   * A derived variable this model can answer (by name in {@code params=}, on the levels where what
   * it is made from is).
   *
   * @param from the model parameters it is made from
   */
  public record DerivedInfo(String name, String unit, String description, List<String> from) {}

  /** A step: its number (in the model's step unit) and valid time. */
  public record StepInfo(int step, Instant time) {}

  private final PublishedRuns runs;
  private final Blends blends;
  private final Ensembles ensembles;

  public ModelsController(PublishedRuns runs, Blends blends, Ensembles ensembles) {
    this.runs = runs;
    this.blends = blends;
    this.ensembles = ensembles;
  }

  @Operation(
      summary = "Models and runs",
      description =
          "Every model with a published run: the published run's grid, level types (with their levels, units and"
              + " the query parameter that selects them: alt, pressure, or neither for single-level fields),"
              + " parameters with units, steps with valid times, the runs that run= may ask for, and the runs"
              + " archived in a snapshot repository (restored on demand). Served from memory; refreshed from"
              + " the run catalog every few seconds.")
  @GetMapping("/v1/models")
  public Models models() {
    List<Model> models = new ArrayList<>();
    for (String name : runs.models()) {
      runs.get(name).ifPresent(record -> models.add(model(record)));
    }
    List<BlendInfo> blendInfos = new ArrayList<>();
    blends
        .all()
        .forEach(
            (name, blend) ->
                blendInfos.add(
                    new BlendInfo(
                        name,
                        blend.description(),
                        blend.members().stream()
                            .map(m -> new BlendMemberInfo(m.model(), new TreeMap<>(m.weights())))
                            .toList())));
    blendInfos.sort(Comparator.comparing(BlendInfo::model));
    List<EnsembleInfo> ensembleInfos = new ArrayList<>();
    ensembles
        .all()
        .forEach(
            (name, members) -> {
              String run;
              try {
                run = ensembles.run(name, members, null);
              } catch (RuntimeException e) {
                run = null;
              }
              ensembleInfos.add(
                  new EnsembleInfo(
                      name,
                      run,
                      members.firstKey(),
                      List.copyOf(members.keySet()),
                      List.copyOf(members.values())));
            });
    return new Models(models, blendInfos, ensembleInfos);
  }

  private Model model(RunRecord published) {
    ForecastRun run = published.run();
    List<RunSummary> summaries = new ArrayList<>();
    for (RunRecord record : runs.runs(run.model())) {
      summaries.add(
          new RunSummary(
              record.runId(), record.runTime(), record.runId().equals(published.runId())));
    }
    List<LevelTypeInfo> levelTypes = new ArrayList<>();
    for (LevelAxis axis : run.axes()) {
      boolean single = axis.type().singleLevel();
      levelTypes.add(
          new LevelTypeInfo(
              axis.type().label(),
              single ? null : axis.type().queryParameter(),
              axis.type().unit().isEmpty() ? null : axis.type().unit(),
              single ? null : axis.levels(),
              axis.parameters().stream().map(Parameter::name).toList()));
    }
    List<ParameterInfo> parameters = new ArrayList<>();
    for (Parameter p : run.parameters()) {
      parameters.add(
          new ParameterInfo(
              p.name(),
              p.unit(),
              Double.isInfinite(p.min()) ? null : p.min(),
              Double.isInfinite(p.max()) ? null : p.max(),
              p.aggregation().label(),
              periods(run, p),
              p.lowerCaseName(),
              dataFrom(run, p)));
    }
    List<StepInfo> steps =
        run.steps().stream().map(s -> new StepInfo(s, run.validTime(s))).toList();
    List<ArchivedRun> archived = new ArrayList<>();
    for (RunRecord record : runs.archivedRuns(run.model())) {
      archived.add(
          new ArchivedRun(
              record.runId(),
              record.runTime(),
              record.archive() == null ? null : record.archive().at(),
              record.archive() == null ? 0 : record.archive().bytes(),
              ArchivedRunException.restoreCommand(record)));
    }
    return new Model(
        run.model(),
        published.runId(),
        run.runTime(),
        published.finishedAt(),
        published.finishedAt() == null
            ? null
            : Math.max(0, Duration.between(published.finishedAt(), Instant.now()).toSeconds()),
        summaries,
        grid(run.grid()),
        levelTypes,
        parameters,
        derived(run),
        run.stepUnitMinutes(),
        steps,
        archived);
  }

  private static List<DerivedInfo> derived(ForecastRun run) {
    List<DerivedInfo> all = new ArrayList<>();
    for (Derived.Definition d : Derived.ALL) {
      List<String> from = Derived.reads(d, name -> run.parameter(name) != null);
      if (from != null && run.parameter(d.name()) == null) {
        all.add(new DerivedInfo(d.name(), d.unit(), d.description(), from));
      }
    }
    return all;
  }

  /** Where a parameter's data starts: its first non-empty interval's start, else the first step. */
  private static Instant dataFrom(ForecastRun run, Parameter p) {
    if (p.starts() != null) {
      for (int i = 0; i < run.steps().size(); i++) {
        if (p.starts().get(i) < run.steps().get(i)) {
          return run.validTime(p.starts().get(i));
        }
      }
    }
    return run.validTime(run.steps().getFirst());
  }

  /** The distinct lengths of a parameter's intervals, shortest first; null for a point value. */
  private static List<String> periods(ForecastRun run, Parameter p) {
    if (p.starts() == null) {
      return null;
    }
    TreeSet<Integer> lengths = new TreeSet<>();
    for (int i = 0; i < run.steps().size(); i++) {
      int length = run.steps().get(i) - p.starts().get(i);
      if (length > 0) {
        lengths.add(length);
      }
    }
    return lengths.stream().map(l -> run.stepDuration(l).toString()).toList();
  }

  private static Grid grid(GridDefinition grid) {
    if (grid instanceof RegularLatLonGrid r) {
      return new Grid(
          r.kind(),
          r.pointCount(),
          r.south(),
          r.north(),
          r.nLat(),
          r.nLon(),
          r.lat0(),
          r.lon0(),
          r.dLat(),
          r.dLon());
    }
    return new Grid(
        grid.kind(),
        grid.pointCount(),
        grid.south(),
        grid.north(),
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
