package dev.spotcast.query.spot;

import dev.spotcast.model.ForecastRun;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Answers a blend ({@link BlendProperties}) as a model: each member answers the same request from
 * its own published run; each value is the weighted mean of the members that have it (same unit),
 * with each member's weight at its lead time (valid time minus its run), renormalised over the
 * members that answered. Wind speed and direction are derived again from the blended u and v, never
 * averaged. The answer names every member, its run, lead time and share, or why it did not answer.
 */
@Component
@EnableConfigurationProperties(BlendProperties.class)
public class Blends {

  private final BlendProperties properties;
  private final SpotService service;

  public Blends(BlendProperties properties, SpotService service) {
    this.properties = properties;
    this.service = service;
  }

  public boolean isBlend(String name) {
    return name != null && properties.blends().containsKey(name);
  }

  public Map<String, BlendProperties.Blend> all() {
    return properties.blends();
  }

  /**
   * The blend's answer.
   *
   * @param requestFor the request as it would be for a member model (parsed and checked as for any
   *     model)
   * @throws OutsideForecastException when no member with weight can answer
   */
  public SpotForecast spot(String name, Function<String, SpotRequest> requestFor) {
    BlendProperties.Blend blend = properties.blends().get(name);
    Asked<SpotForecast> asked = ask(blend, member -> service.spot(requestFor.apply(member)));
    return combine(name, blend, asked.answers(), asked.reasons());
  }

  /**
   * The blend's answers at several times at one place, each as {@link #spot} gives it at that time:
   * each member answers all the times from one read ({@link SpotService#seriesAt}, interpolated in
   * time between its steps); null at a time no member with a weight answers.
   *
   * @param requestFor the request as it would be for a member model (its time ignored)
   */
  public List<SpotForecast> at(
      String name, Function<String, SpotRequest> requestFor, List<Instant> times) {
    BlendProperties.Blend blend = properties.blends().get(name);
    Asked<List<SpotForecast>> asked =
        ask(blend, member -> service.seriesAt(requestFor.apply(member), times));
    List<List<SpotForecast>> byMember = asked.answers();
    List<String> reasons = asked.reasons();
    List<SpotForecast> answers = new ArrayList<>(times.size());
    for (int t = 0; t < times.size(); t++) {
      List<SpotForecast> at = new ArrayList<>(byMember.size());
      List<String> why = new ArrayList<>(byMember.size());
      for (int m = 0; m < byMember.size(); m++) {
        SpotForecast answer = byMember.get(m) == null ? null : byMember.get(m).get(t);
        at.add(answer);
        why.add(
            answer != null
                ? null
                : reasons.get(m) != null ? reasons.get(m) : times.get(t) + " is outside its run");
      }
      try {
        answers.add(combine(name, blend, at, why));
      } catch (OutsideForecastException e) {
        answers.add(null);
      }
    }
    return answers;
  }

  /** Each member's answer, or (null) the reason it has none. */
  private record Asked<T>(List<T> answers, List<String> reasons) {}

  /** Asks every member of the blend (by its model), keeping why a member could not answer. */
  private static <T> Asked<T> ask(BlendProperties.Blend blend, Function<String, T> answerOf) {
    List<T> answers = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (BlendProperties.Member member : blend.members()) {
      try {
        answers.add(answerOf.apply(member.model()));
        reasons.add(null);
      } catch (OutsideForecastException | UnknownRunException | UnknownModelException e) {
        answers.add(null);
        reasons.add(
            e instanceof UnknownModelException
                ? "model " + member.model() + " has no published run"
                : e.getMessage());
      }
    }
    return new Asked<>(answers, reasons);
  }

  /**
   * The blend's answer from its members' at one time: each member's answer, or (null) the reason it
   * has none.
   *
   * @throws OutsideForecastException when no member with weight answered
   */
  private static SpotForecast combine(
      String name,
      BlendProperties.Blend blend,
      List<SpotForecast> byMember,
      List<String> byMemberReasons) {
    List<SpotForecast> answers = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    List<SpotForecast.BlendMember> members = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (int m = 0; m < blend.members().size(); m++) {
      BlendProperties.Member member = blend.members().get(m);
      SpotForecast answer = byMember.get(m);
      if (answer != null) {
        double lead = Duration.between(answer.run(), answer.time()).toSeconds() / 3600.0;
        answers.add(answer);
        weights.add(member.weightAt(lead));
        members.add(new SpotForecast.BlendMember(member.model(), answer.run(), lead, 0, null));
      } else {
        String reason = byMemberReasons.get(m);
        members.add(new SpotForecast.BlendMember(member.model(), null, null, 0, reason));
        reasons.add(member.model() + ": " + reason);
      }
    }
    double total = weights.stream().mapToDouble(Double::doubleValue).sum();
    if (answers.isEmpty() || total <= 0) {
      throw new OutsideForecastException(
          "model",
          "no member of blend "
              + name
              + " with a weight answers here"
              + (reasons.isEmpty()
                  ? " (every answering member has weight 0 at this lead time)"
                  : ": " + reasons));
    }
    int answered = 0;
    int best = 0;
    for (int i = 0; i < members.size(); i++) {
      SpotForecast.BlendMember member = members.get(i);
      if (member.run() != null) {
        double share = weights.get(answered) / total;
        members.set(
            i,
            new SpotForecast.BlendMember(
                member.model(), member.run(), member.leadHours(), share, null));
        if (weights.get(answered) > weights.get(best)) {
          best = answered;
        }
        answered++;
      }
    }
    SpotForecast first = answers.get(best);
    return new SpotForecast(
        name,
        first.run(),
        first.time(),
        first.lat(),
        first.lon(),
        first.alt(),
        first.pressure(),
        first.method(),
        blendValues(answers, weights),
        List.of(),
        List.of(),
        List.of(),
        null,
        null,
        null,
        members,
        null,
        null,
        answers.stream().anyMatch(SpotForecast::provisional));
  }

  /**
   * The blend's series: at every valid time in [from, to] at which a member of the blend has a step
   * (the union of the members' steps, each member's published run), the blend's answer at that time
   * as {@link #spot} gives it, each member interpolated in time where that time is not one of its
   * steps. Times at which no member with weight answers are left out.
   *
   * @param requestFor the request as it would be for a member model at a time
   * @throws OutsideForecastException when no time in the range has an answer
   */
  public SeriesForecast series(
      String name,
      BiFunction<String, Instant, SpotRequest> requestFor,
      Instant from,
      Instant to,
      Function<String, ForecastRun> publishedRun) {
    BlendProperties.Blend blend = properties.blends().get(name);
    TreeSet<Instant> times = new TreeSet<>();
    for (BlendProperties.Member member : blend.members()) {
      ForecastRun run = publishedRun.apply(member.model());
      if (run == null) {
        continue;
      }
      for (int step : run.steps()) {
        Instant valid = run.validTime(step);
        if ((from == null || !valid.isBefore(from)) && (to == null || !valid.isAfter(to))) {
          times.add(valid);
        }
      }
    }
    List<SeriesForecast.Step> steps = new ArrayList<>();
    List<SpotForecast.BlendMember> firstMembers = null;
    SpotForecast first = null;
    boolean provisional = false;
    List<String> problems = new ArrayList<>();
    for (Instant time : times) {
      SpotForecast answer;
      try {
        answer = spot(name, model -> requestFor.apply(model, time));
      } catch (OutsideForecastException e) {
        problems.add(time + ": " + e.getMessage());
        continue;
      }
      if (first == null) {
        first = answer;
        firstMembers = answer.blend();
      }
      provisional |= answer.provisional();
      double lead = Duration.between(first.run(), time).toSeconds() / 3600.0;
      steps.add(new SeriesForecast.Step((int) Math.round(lead), time, answer.values()));
    }
    if (first == null) {
      throw new OutsideForecastException(
          from != null ? "from" : "to",
          "no member of blend "
              + name
              + " answers at any time in ["
              + (from == null ? "" : from)
              + ", "
              + (to == null ? "" : to)
              + "]"
              + (problems.isEmpty() ? "" : ": " + problems.getFirst()));
    }
    Map<String, String> units = new LinkedHashMap<>();
    first.values().forEach((parameter, value) -> units.put(parameter, value.unit()));
    return new SeriesForecast(
        name,
        first.run(),
        first.lat(),
        first.lon(),
        first.alt(),
        first.pressure(),
        first.method(),
        units,
        steps,
        List.of(),
        null,
        null,
        null,
        null,
        firstMembers,
        provisional);
  }

  /**
   * Per parameter the weighted mean over the members that have a value in the first such member's
   * unit.
   */
  static Map<String, SpotForecast.Value> blendValues(
      List<SpotForecast> answers, List<Double> weights) {
    Set<String> names = new LinkedHashSet<>();
    for (SpotForecast answer : answers) {
      for (String name : answer.values().keySet()) {
        if (!name.startsWith("wind_speed") && !name.startsWith("wind_direction")) {
          names.add(name);
        }
      }
    }
    Map<String, SpotForecast.Value> values = new LinkedHashMap<>();
    for (String name : names) {
      String unit = null;
      double sum = 0;
      double weight = 0;
      SpotForecast.Period over = null;
      for (int i = 0; i < answers.size(); i++) {
        SpotForecast.Value value = answers.get(i).values().get(name);
        if (value == null || value.value() == null || weights.get(i) <= 0) {
          continue;
        }
        if (over == null) {
          over = value.over();
        }
        if (unit == null) {
          unit = value.unit();
        } else if (!unit.equals(value.unit())) {
          continue;
        }
        sum += weights.get(i) * value.value();
        weight += weights.get(i);
      }
      values.put(
          name,
          weight > 0
              ? SpotForecast.Value.of(sum / weight, unit).over(over)
              : SpotForecast.Value.unavailable(unit, "no member with a weight has a value here"));
    }
    SpotInterpolator.addWind(values, "u", "v", "");
    SpotInterpolator.addWind(values, "10u", "10v", "_10m");
    return values;
  }
}
