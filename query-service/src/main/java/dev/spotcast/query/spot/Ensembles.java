package dev.spotcast.query.spot;

import dev.spotcast.query.catalog.PublishedRuns;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Ensembles answered as one model. The ingestion loads each member of an ensemble run as a model of
 * its own, {@code NAME_mN} (member N; 0 is the control), each published when complete; here the
 * members of NAME are one model with a member axis: {@code model=NAME} answers the control member,
 * {@code member=N} member N, {@code ensemble=STAT} a statistic across every member, each member
 * interpolated first. All come from the newest run every member serves, so a run whose members are
 * still being published is not mixed with the previous one.
 */
@Component
public class Ensembles {

  private static final Pattern MEMBER = Pattern.compile("(.+)_m(\\d{1,3})");

  private final PublishedRuns runs;
  private final SpotService service;

  public Ensembles(PublishedRuns runs, SpotService service) {
    this.runs = runs;
    this.service = service;
  }

  /** The ensemble a model is a member of, and its number. */
  public record Member(String ensemble, int number) {}

  /**
   * The ensemble and member number a model's name stands for ({@code NAME_mN}), or null for a model
   * that is none.
   */
  public static Member memberOf(String model) {
    Matcher m = MEMBER.matcher(model);
    return m.matches() ? new Member(m.group(1), Integer.parseInt(m.group(2))) : null;
  }

  /** Every ensemble: its name, and its members' models by member number. */
  public Map<String, SortedMap<Integer, String>> all() {
    Map<String, SortedMap<Integer, String>> ensembles = new TreeMap<>();
    for (String model : runs.models()) {
      Member member = memberOf(model);
      if (member != null) {
        ensembles
            .computeIfAbsent(member.ensemble(), k -> new TreeMap<>())
            .put(member.number(), model);
      }
    }
    return ensembles;
  }

  /**
   * Whether a name is an ensemble's that is not also a model's own (that model answers model=NAME).
   */
  public boolean isEnsemble(String model) {
    return runs.get(model).isEmpty() && members(model) != null;
  }

  /** An ensemble's members by number, or null when it has none. */
  public SortedMap<Integer, String> members(String model) {
    SortedMap<Integer, String> members = new TreeMap<>();
    for (String name : runs.models()) {
      Member member = memberOf(name);
      if (member != null && member.ensemble().equals(model)) {
        members.put(member.number(), name);
      }
    }
    return members.isEmpty() ? null : members;
  }

  /**
   * The run id the ensemble answers from: the one asked for (every member must serve it), else the
   * newest run every member serves.
   */
  public String run(String ensemble, SortedMap<Integer, String> members, String asked) {
    TreeSet<String> common = null;
    for (String model : members.values()) {
      TreeSet<String> ids = new TreeSet<>();
      runs.runs(model).forEach(record -> ids.add(record.runId()));
      if (common == null) {
        common = ids;
      } else {
        common.retainAll(ids);
      }
    }
    if (asked != null) {
      if (common == null || !common.contains(asked)) {
        throw new UnknownRunException(
            ensemble, asked, common == null ? List.of() : List.copyOf(common.descendingSet()));
      }
      return asked;
    }
    if (common == null || common.isEmpty()) {
      throw new OutsideForecastException(
          "model",
          "the members of ensemble "
              + ensemble
              + " serve no run in common yet (a run is answered once every member is published)");
    }
    return common.last();
  }

  /** One member's answer (member= or the control), under the ensemble's name. */
  public SpotForecast member(String ensemble, SpotRequest template, Integer member) {
    SortedMap<Integer, String> members = require(ensemble);
    int number = member == null ? members.firstKey() : member;
    String model = memberModel(ensemble, members, number);
    SpotRequest request = forModel(template, model, run(ensemble, members, template.which().run()));
    SpotForecast answer = service.spot(request);
    return answer.asEnsemble(
        ensemble,
        answer.values(),
        new SpotForecast.EnsembleUsed(
            number, null, List.copyOf(members.keySet()), List.copyOf(members.values())));
  }

  /** A statistic across every member's answer, under the ensemble's name. */
  public SpotForecast statistic(
      String ensemble, SpotRequest template, EnsembleStatistic statistic) {
    SortedMap<Integer, String> members = require(ensemble);
    String runId = run(ensemble, members, template.which().run());
    List<SpotRequest> requests = new ArrayList<>(members.size());
    members.values().forEach(model -> requests.add(forModel(template, model, runId)));
    List<SpotForecast> answers = service.spotAll(requests);
    List<Map<String, SpotForecast.Value>> values =
        answers.stream().map(SpotForecast::values).toList();
    return answers
        .getFirst()
        .asEnsemble(
            ensemble,
            statistics(values, List.copyOf(members.keySet()), statistic),
            new SpotForecast.EnsembleUsed(
                null,
                statistic.label(),
                List.copyOf(members.keySet()),
                List.copyOf(members.values())));
  }

  /** One member's series (member= or the control), under the ensemble's name. */
  public SeriesForecast memberSeries(
      String ensemble, SpotRequest template, Integer member, Instant from, Instant to) {
    SortedMap<Integer, String> members = require(ensemble);
    int number = member == null ? members.firstKey() : member;
    String model = memberModel(ensemble, members, number);
    SeriesForecast series =
        service.series(
            forModel(template, model, run(ensemble, members, template.which().run())), from, to);
    return series.asEnsemble(
        ensemble,
        series.params(),
        series.steps(),
        new SpotForecast.EnsembleUsed(
            number, null, List.copyOf(members.keySet()), List.copyOf(members.values())));
  }

  /** A statistic across every member's series, step by step, under the ensemble's name. */
  public SeriesForecast statisticSeries(
      String ensemble,
      SpotRequest template,
      EnsembleStatistic statistic,
      Instant from,
      Instant to) {
    SortedMap<Integer, String> members = require(ensemble);
    String runId = run(ensemble, members, template.which().run());
    List<SpotRequest> requests = new ArrayList<>(members.size());
    members.values().forEach(model -> requests.add(forModel(template, model, runId)));
    List<SeriesForecast> all = service.seriesAll(requests, from, to);
    SeriesForecast control = all.getFirst();
    List<Integer> numbers = List.copyOf(members.keySet());
    List<SeriesForecast.Step> steps = new ArrayList<>(control.steps().size());
    for (int s = 0; s < control.steps().size(); s++) {
      int at = s;
      List<Map<String, SpotForecast.Value>> values =
          all.stream().map(series -> series.steps().get(at).values()).toList();
      SeriesForecast.Step step = control.steps().get(s);
      steps.add(
          new SeriesForecast.Step(
              step.step(), step.time(), statistics(values, numbers, statistic)));
    }
    Map<String, String> params = new LinkedHashMap<>();
    control.params().forEach((name, unit) -> params.put(name, statistic.unit(unit)));
    return control.asEnsemble(
        ensemble,
        params,
        steps,
        new SpotForecast.EnsembleUsed(
            null, statistic.label(), numbers, List.copyOf(members.values())));
  }

  /**
   * Per parameter (in the control's order) the statistic of the members' values; a parameter some
   * member has no value for is unavailable, naming the member; a direction has no statistic.
   */
  static Map<String, SpotForecast.Value> statistics(
      List<Map<String, SpotForecast.Value>> members,
      List<Integer> numbers,
      EnsembleStatistic statistic) {
    Map<String, SpotForecast.Value> result = new LinkedHashMap<>();
    for (Map.Entry<String, SpotForecast.Value> entry : members.getFirst().entrySet()) {
      String name = entry.getKey();
      String unit = statistic.unit(entry.getValue().unit());
      if (name.startsWith("wind_direction")) {
        result.put(
            name,
            SpotForecast.Value.unavailable(
                unit,
                "a direction has no ensemble "
                    + statistic.label()
                    + ": ask for the members' u and v"));
        continue;
      }
      double[] xs = new double[members.size()];
      String missing = null;
      for (int i = 0; i < xs.length; i++) {
        SpotForecast.Value value = members.get(i).get(name);
        if (value == null || value.value() == null) {
          missing =
              "member " + numbers.get(i) + ": " + (value == null ? "no value" : value.reason());
          break;
        }
        xs[i] = value.value();
      }
      result.put(
          name,
          missing != null
              ? SpotForecast.Value.unavailable(unit, missing)
              : SpotForecast.Value.of(statistic.of(xs), unit)
                  .over(members.getFirst().get(name).over()));
    }
    return result;
  }

  private SortedMap<Integer, String> require(String ensemble) {
    SortedMap<Integer, String> members = members(ensemble);
    if (members == null) {
      throw new BadParameterException(
          "model",
          "model "
              + ensemble
              + " is not an ensemble: member= and ensemble="
              + " apply to ensembles (models loaded with members, listed under ensembles in /v1/models)");
    }
    return members;
  }

  private static String memberModel(
      String ensemble, SortedMap<Integer, String> members, int number) {
    String model = members.get(number);
    if (model == null) {
      throw new BadParameterException(
          "member",
          "ensemble " + ensemble + " has members " + members.keySet() + ", not " + number);
    }
    return model;
  }

  /**
   * The template's request of a member model's run: all of it but the run, so each member answers
   * its amounts over the period asked (or, when none is, over what the model itself would).
   */
  private static SpotRequest forModel(SpotRequest template, String model, String runId) {
    return template.withRun(RunSelection.of(model, runId));
  }
}
