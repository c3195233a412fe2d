package dev.spotcast.query.edr;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GeoJSON (RFC 7946) of a position query: a FeatureCollection of Point features, one per time (per
 * time and level when no z was given for parameters with levels), whose properties are the
 * datetime, the level (z) and the parameter values (null where unavailable). The units are in the
 * foreign member {@code parameters}.
 */
public final class GeoJson {

  private GeoJson() {}

  public record FeatureCollection(
      String type, List<Feature> features, Map<String, EdrParameters.Description> parameters) {}

  public record Feature(
      String type, String id, Geometry geometry, Map<String, Object> properties) {}

  /** [lon, lat] in CRS84. */
  public record Geometry(String type, List<Double> coordinates) {}

  static FeatureCollection of(PointSamples samples) {
    List<Feature> features = new ArrayList<>();
    Geometry point = new Geometry("Point", List.of(samples.lon(), samples.lat()));
    int perTime = samples.levels() == null ? 1 : samples.levels().size();
    for (int i = 0; i < samples.times().size() * perTime; i++) {
      Map<String, Object> properties = new LinkedHashMap<>();
      properties.put("datetime", samples.times().get(i / perTime).toString());
      if (samples.levels() != null) {
        properties.put("z", samples.levels().get(i % perTime).value());
      } else if (samples.vertical() != null) {
        properties.put("z", samples.vertical().value());
      }
      for (Map.Entry<String, List<Double>> entry : samples.values().entrySet()) {
        properties.put(entry.getKey(), entry.getValue().get(i));
      }
      features.add(new Feature("Feature", Integer.toString(i), point, properties));
    }
    Map<String, EdrParameters.Description> parameters = new LinkedHashMap<>();
    samples
        .units()
        .forEach((name, unit) -> parameters.put(name, EdrParameters.describe(name, unit, false)));
    return new FeatureCollection("FeatureCollection", features, parameters);
  }

  /**
   * An area's or trajectory's features: one Point per grid point or vertex; for areas the
   * statistics too.
   */
  @com.fasterxml.jackson.annotation.JsonInclude(JsonInclude.Include.NON_NULL)
  public record AreaFeatureCollection(
      String type,
      List<Feature> features,
      Map<String, EdrParameters.Description> parameters,
      Map<String, AreaSamples.Statistics> statistics) {}

  static AreaFeatureCollection of(AreaSamples samples) {
    List<Feature> features = new ArrayList<>();
    for (int i = 0; i < samples.lons().size(); i++) {
      Map<String, Object> properties = new LinkedHashMap<>();
      properties.put("datetime", samples.times().get(i).toString());
      if (samples.levels().get(i) != null) {
        properties.put("z", samples.levels().get(i));
      }
      for (Map.Entry<String, List<Double>> entry : samples.values().entrySet()) {
        properties.put(entry.getKey(), entry.getValue().get(i));
      }
      features.add(
          new Feature(
              "Feature",
              Integer.toString(i),
              new Geometry("Point", List.of(samples.lons().get(i), samples.lats().get(i))),
              properties));
    }
    Map<String, EdrParameters.Description> parameters = new LinkedHashMap<>();
    samples
        .units()
        .forEach((name, unit) -> parameters.put(name, EdrParameters.describe(name, unit, false)));
    return new AreaFeatureCollection(
        "FeatureCollection", features, parameters, samples.statistics());
  }

  /** The named places of the locations query: a Point feature each, id the locId. */
  public record LocationCollection(String type, List<Location> features) {}

  public record Location(
      String type, String id, Geometry geometry, Map<String, Object> properties) {}

  static LocationCollection of(List<EdrLocations.Location> places) {
    List<Location> features = new ArrayList<>();
    for (EdrLocations.Location place : places) {
      Map<String, Object> properties = new LinkedHashMap<>();
      properties.put("name", place.name());
      features.add(
          new Location(
              "Feature",
              place.id(),
              new Geometry("Point", List.of(place.lon(), place.lat())),
              properties));
    }
    return new LocationCollection("FeatureCollection", features);
  }
}
