package dev.spotcast.query.edr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.spotcast.model.LevelType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * CoverageJSON (https://docs.ogc.org/cs/21-069r2/21-069r2.html) of a position query: one {@code
 * Coverage} with a {@code PointSeries} domain (axes x, y, t, and z when a level was asked for, each
 * of x, y, z with one value), one {@code NdArray} range per parameter along t; over every level (no
 * z) a {@code VerticalProfile} or a {@code Grid} of one point, ranges along (t, z).
 */
public final class CoverageJson {

  private CoverageJson() {}

  static final String CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84";

  public record Coverage(
      String type,
      Domain domain,
      Map<String, EdrParameters.Description> parameters,
      Map<String, NdArray> ranges) {}

  public record Domain(
      String type, String domainType, Map<String, Axis> axes, List<Referencing> referencing) {}

  /** An axis given by its values: numbers for x, y, z; ISO-8601 strings for t. */
  public record Axis(List<Object> values) {}

  public record Referencing(List<String> coordinates, ReferenceSystem system) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ReferenceSystem(String type, String id, String calendar, CoordinateSystem cs) {}

  public record CoordinateSystem(List<CsAxis> csAxes) {}

  public record CsAxis(Map<String, String> name, String direction, EdrParameters.Unit unit) {}

  /** Values in row-major order of axisNames; null where unavailable. */
  public record NdArray(
      String type,
      String dataType,
      List<String> axisNames,
      List<Integer> shape,
      List<Double> values) {}

  /**
   * The reference systems of x and y (CRS84), z (height above ground or pressure; none for single
   * levels) and t.
   */
  private static List<Referencing> referencing(LevelType levelType) {
    List<Referencing> referencing = new ArrayList<>();
    referencing.add(
        new Referencing(
            List.of("x", "y"), new ReferenceSystem("GeographicCRS", CRS84, null, null)));
    if (levelType != null) {
      boolean pressure = levelType == LevelType.ISOBARIC;
      String unit = levelType.unit();
      referencing.add(
          new Referencing(
              List.of("z"),
              new ReferenceSystem(
                  "VerticalCRS",
                  null,
                  null,
                  new CoordinateSystem(
                      List.of(
                          new CsAxis(
                              Map.of("en", pressure ? "Pressure" : "Height above ground"),
                              pressure ? "down" : "up",
                              new EdrParameters.Unit(Map.of("en", unit), unit)))))));
    }
    referencing.add(
        new Referencing(List.of("t"), new ReferenceSystem("TemporalRS", null, "Gregorian", null)));
    return referencing;
  }

  /**
   * A position's coverage: a {@code PointSeries} (one level or none), a {@code VerticalProfile}
   * (all levels at one time) or a {@code Grid} of one x and y (all levels at several times).
   */
  static Coverage of(PointSamples samples) {
    Map<String, Axis> axes = new LinkedHashMap<>();
    axes.put("x", new Axis(List.of(samples.lon())));
    axes.put("y", new Axis(List.of(samples.lat())));
    boolean profile = samples.levels() != null;
    if (profile) {
      List<Object> levels = new ArrayList<>();
      samples.levels().forEach(v -> levels.add(v.value()));
      axes.put("z", new Axis(levels));
    } else if (samples.vertical() != null) {
      axes.put("z", new Axis(List.of(samples.vertical().value())));
    }
    List<Object> times = new ArrayList<>();
    for (Instant time : samples.times()) {
      times.add(time.toString());
    }
    axes.put("t", new Axis(times));

    List<Referencing> referencing =
        referencing(
            profile
                ? samples.levels().getFirst().type()
                : samples.vertical() == null ? null : samples.vertical().type());

    Map<String, EdrParameters.Description> parameters = new LinkedHashMap<>();
    Map<String, NdArray> ranges = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> entry : samples.values().entrySet()) {
      String name = entry.getKey();
      parameters.put(name, EdrParameters.describe(name, samples.units().get(name), false));
      ranges.put(
          name,
          profile
              ? new NdArray(
                  "NdArray",
                  "float",
                  List.of("t", "z"),
                  List.of(times.size(), samples.levels().size()),
                  entry.getValue())
              : new NdArray(
                  "NdArray",
                  "float",
                  List.of("t"),
                  List.of(entry.getValue().size()),
                  entry.getValue()));
    }
    String domainType = !profile ? "PointSeries" : times.size() == 1 ? "VerticalProfile" : "Grid";
    return new Coverage(
        "Coverage", new Domain("Domain", domainType, axes, referencing), parameters, ranges);
  }

  /**
   * An area's or trajectory's coverage: a {@code MultiPoint} domain (the grid points inside, one
   * time and level) or a {@code Trajectory} domain (the vertices with their times and levels), as a
   * composite axis of tuples; one {@code NdArray} range per parameter along it; for areas each
   * parameter's statistics over the points inside in the extension member {@code
   * spotcast:statistics}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record AreaCoverage(
      String type,
      AreaDomain domain,
      Map<String, EdrParameters.Description> parameters,
      Map<String, NdArray> ranges,
      @com.fasterxml.jackson.annotation.JsonProperty("spotcast:statistics")
          Map<String, AreaSamples.Statistics> statistics) {}

  public record AreaDomain(
      String type, String domainType, Map<String, Object> axes, List<Referencing> referencing) {}

  /** A composite axis: each value a tuple of the coordinates named. */
  public record TupleAxis(String dataType, List<String> coordinates, List<List<Object>> values) {}

  /**
   * Trajectories: every sample a tuple (t, x, y[, z]). Areas: the samples are time major, then grid
   * point, then level; one time and level give a {@code MultiPoint} of (x, y) with single-valued z
   * and t axes; several levels a composite of (x, y, z); several times a {@code MultiPointSeries}
   * with the t axis and ranges along (t, composite).
   */
  static AreaCoverage of(AreaSamples samples) {
    int n = samples.lons().size();
    boolean leveled = samples.levelType() != null;
    List<Object> times = new ArrayList<>(new LinkedHashSet<>(timeTexts(samples)));
    int nt = samples.trajectory() ? 1 : times.size();
    int places = n / nt;
    boolean levels =
        !samples.trajectory()
            && leveled
            && samples.levels().subList(0, places).stream().distinct().count() > 1;
    Map<String, Object> axes = new LinkedHashMap<>();
    List<List<Object>> tuples = new ArrayList<>(places);
    for (int i = 0; i < places; i++) {
      List<Object> tuple = new ArrayList<>(4);
      if (samples.trajectory()) {
        tuple.add(samples.times().get(i).toString());
      }
      tuple.add(samples.lons().get(i));
      tuple.add(samples.lats().get(i));
      if ((samples.trajectory() && leveled) || levels) {
        tuple.add(samples.levels().get(i));
      }
      tuples.add(tuple);
    }
    List<String> coordinates =
        samples.trajectory()
            ? (leveled ? List.of("t", "x", "y", "z") : List.of("t", "x", "y"))
            : levels ? List.of("x", "y", "z") : List.of("x", "y");
    axes.put("composite", new TupleAxis("tuple", coordinates, tuples));
    if (!samples.trajectory()) {
      if (leveled && !levels) {
        axes.put("z", new Axis(List.of(samples.levels().getFirst())));
      }
      axes.put("t", new Axis(times));
    }
    List<Referencing> referencing = referencing(samples.levelType());
    Map<String, EdrParameters.Description> parameters = new LinkedHashMap<>();
    Map<String, NdArray> ranges = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> entry : samples.values().entrySet()) {
      String name = entry.getKey();
      parameters.put(name, EdrParameters.describe(name, samples.units().get(name), false));
      ranges.put(
          name,
          nt > 1
              ? new NdArray(
                  "NdArray",
                  "float",
                  List.of("t", "composite"),
                  List.of(nt, places),
                  entry.getValue())
              : new NdArray(
                  "NdArray", "float", List.of("composite"), List.of(n), entry.getValue()));
    }
    String domainType =
        samples.trajectory() ? "Trajectory" : nt > 1 ? "MultiPointSeries" : "MultiPoint";
    return new AreaCoverage(
        "Coverage",
        new AreaDomain("Domain", domainType, axes, referencing),
        parameters,
        ranges,
        samples.statistics());
  }

  private static List<Object> timeTexts(AreaSamples samples) {
    List<Object> texts = new ArrayList<>(samples.times().size());
    samples.times().forEach(time -> texts.add(time.toString()));
    return texts;
  }
}
