package dev.spotcast.query.spot;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Blends: named models whose values are weighted combinations of other models, with weights by lead
 * time ({@code spotcast.query.blends.NAME}). A member's weight at a lead time is read from its
 * points (lead hours to weight), linear between two points and flat beyond the first and the last:
 *
 * <pre>
 * spotcast.query.blends.best:
 *   description: ICON first, GFS taking over after two days
 *   members:
 *     - model: icon
 *       weights: {0: 0.8, 48: 0.5, 120: 0}
 *     - model: gfs
 *       weights: {0: 0.2, 48: 0.5, 120: 1}
 * </pre>
 */
@ConfigurationProperties("spotcast.query")
public record BlendProperties(Map<String, Blend> blends) {

  public BlendProperties {
    blends = blends == null ? Map.of() : Map.copyOf(blends);
    blends.forEach((name, blend) -> blend.check(name));
  }

  /** A blend: what it is for, and its members. */
  public record Blend(String description, List<Member> members) {

    public Blend {
      members = members == null ? List.of() : List.copyOf(members);
    }

    void check(String name) {
      if (members.isEmpty()) {
        throw new IllegalArgumentException("spotcast.query.blends." + name + " has no members");
      }
      if (members.stream().map(Member::model).distinct().count() != members.size()) {
        throw new IllegalArgumentException(
            "spotcast.query.blends." + name + " names a member model twice");
      }
      members.forEach(member -> member.check(name));
    }
  }

  /**
   * A member model and its weight by lead time.
   *
   * @param weights lead hours (the keys, e.g. "0", "48") to weight (0 or more)
   */
  public record Member(String model, Map<String, Double> weights) {

    public Member {
      weights = weights == null ? Map.of() : Map.copyOf(weights);
    }

    void check(String blend) {
      String where = "spotcast.query.blends." + blend + " member " + model;
      if (model == null || model.isBlank()) {
        throw new IllegalArgumentException(
            "spotcast.query.blends." + blend + ": a member without a model");
      }
      if (weights.isEmpty()) {
        throw new IllegalArgumentException(
            where + " has no weights (lead hours to weight, e.g. {0: 1})");
      }
      points(); // every key a lead time
      weights.forEach(
          (hours, weight) -> {
            if (weight == null || !(weight >= 0) || Double.isInfinite(weight)) {
              throw new IllegalArgumentException(
                  where + ": weight " + weight + " at " + hours + " h is not 0 or more");
            }
          });
    }

    /** The weight points by lead hours. */
    TreeMap<Double, Double> points() {
      TreeMap<Double, Double> points = new TreeMap<>();
      weights.forEach(
          (hours, weight) -> {
            try {
              points.put(Double.parseDouble(hours.strip()), weight);
            } catch (NumberFormatException e) {
              throw new IllegalArgumentException(
                  "spotcast.query.blends member "
                      + model
                      + ": '"
                      + hours
                      + "' is not a lead time in hours");
            }
          });
      return points;
    }

    /**
     * The weight at a lead time: linear between the two points around it, the nearest point's
     * beyond them.
     */
    public double weightAt(double leadHours) {
      TreeMap<Double, Double> points = points();
      var below = points.floorEntry(leadHours);
      var above = points.ceilingEntry(leadHours);
      if (below == null) {
        return above.getValue();
      }
      if (above == null || above.getKey().equals(below.getKey())) {
        return below.getValue();
      }
      double share = (leadHours - below.getKey()) / (above.getKey() - below.getKey());
      return below.getValue() + share * (above.getValue() - below.getValue());
    }
  }
}
