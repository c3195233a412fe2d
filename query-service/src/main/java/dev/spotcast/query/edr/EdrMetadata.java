package dev.spotcast.query.edr;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.spotcast.index.RunRecord;
import dev.spotcast.model.ForecastRun;
import dev.spotcast.model.GridDefinition;
import dev.spotcast.model.LevelAxis;
import dev.spotcast.model.Parameter;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.spot.Ensembles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The EDR resources that describe what can be asked: landing page, conformance, collections,
 * instances.
 */
public final class EdrMetadata {

  private EdrMetadata() {}

  static final String CRS84_WKT =
      "GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],"
          + "UNIT[\"degree\",0.0174532925199433],AXIS[\"Longitude\",EAST],AXIS[\"Latitude\",NORTH]]";
  static final String GREGORIAN_TRS =
      "TIMECRS[\"DateTime\",TDATUM[\"Gregorian Calendar\"],CS[TemporalDateTime,1],AXIS[\"Time (T)\",future]]";

  /**
   * The conformance classes implemented and passing the OGC's test suite ets-ogcapi-edr10: EDR 1.0
   * core, collections, JSON, CoverageJSON, GeoJSON (which the suite checks through the locations
   * query, spotcast.query.edr.locations), OpenAPI 3.0.
   */
  static final List<String> CONFORMANCE =
      List.of(
          "http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core",
          "http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections",
          "http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/core",
          "http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/collections",
          "http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/json",
          "http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/covjson",
          "http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/geojson",
          "http://www.opengis.net/spec/ogcapi-edr-1/1.0/conf/oas30");

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Link(
      String href, String rel, String type, String title, Map<String, Object> variables) {
    static Link of(String href, String rel, String type, String title) {
      return new Link(href, rel, type, title, null);
    }
  }

  public record LandingPage(String title, String description, List<Link> links) {}

  public record Conformance(List<String> conformsTo) {}

  public record Collections(List<Link> links, List<Collection> collections) {}

  public record Instances(List<Link> links, List<Collection> instances) {}

  /**
   * A model (or, as an instance, one of its runs).
   *
   * @param levelTypes every level type of the run with its levels, unit and parameters (the z of a
   *     position query is a level of the first one with levels that holds the parameters asked for)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Collection(
      String id,
      String title,
      String description,
      List<Link> links,
      Extent extent,
      @JsonProperty("data_queries") Map<String, DataQuery> dataQueries,
      List<String> crs,
      @JsonProperty("output_formats") List<String> outputFormats,
      @JsonProperty("parameter_names") Map<String, EdrParameters.Description> parameterNames,
      @JsonProperty("level_types") List<LevelTypeExtent> levelTypes) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Extent(Spatial spatial, Temporal temporal, VerticalExtent vertical) {}

  public record Spatial(List<List<Double>> bbox, String crs) {}

  public record Temporal(List<List<String>> interval, List<String> values, String trs) {}

  public record VerticalExtent(List<List<String>> interval, List<String> values, String vrs) {}

  /**
   * One level type of the run: its levels (none for single-level fields), their unit, its
   * parameters.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LevelTypeExtent(
      String type, String unit, List<Double> levels, List<String> parameters) {}

  public record DataQuery(Link link) {}

  static LandingPage landingPage(String base) {
    return new LandingPage(
        "Spotcast EDR",
        "OGC API - Environmental Data Retrieval of the forecasts served by Spotcast: one collection per model, its"
            + " runs as instances, position queries answered in CoverageJSON or GeoJSON.",
        List.of(
            Link.of(base, "self", "application/json", "this document"),
            Link.of(
                base + "/conformance", "conformance", "application/json", "conformance classes"),
            Link.of(
                base + "/collections", "data", "application/json", "collections (one per model)"),
            Link.of(
                base + "/api",
                "service-desc",
                EdrApiDefinition.OPENAPI_30,
                "the EDR API's definition (OpenAPI 3.0, server at this base)")));
  }

  /**
   * A model's collection from its published run, or one of its runs as an instance.
   *
   * @param base the URL of /edr
   * @param instance whether to describe the run as an instance (id = run id) rather than the model
   */
  static Collection collection(String base, RunRecord record, boolean instance) {
    return collection(base, record, instance, false);
  }

  /**
   * @param locations whether named places are configured: the collection then offers the locations
   *     query
   */
  static Collection collection(String base, RunRecord record, boolean instance, boolean locations) {
    ForecastRun run = record.run();
    String collectionUrl = base + "/collections/" + run.model();
    String self = instance ? collectionUrl + "/instances/" + record.runId() : collectionUrl;
    List<Link> links = new ArrayList<>();
    links.add(Link.of(self, "self", "application/json", null));
    if (!instance) {
      links.add(
          Link.of(
              collectionUrl + "/instances", "instances", "application/json", "the model's runs"));
    } else {
      links.add(Link.of(collectionUrl, "collection", "application/json", "the model"));
    }
    Map<String, Object> variables = new LinkedHashMap<>();
    variables.put("title", "Position query");
    variables.put(
        "description",
        "values interpolated at a point: coords=POINT(lon lat), z, datetime, parameter-name, f");
    variables.put("query_type", "position");
    variables.put("output_formats", formats());
    variables.put("default_output_format", EdrFormat.COVERAGE_JSON.label());
    variables.put("crs_details", List.of(Map.of("crs", "CRS84", "wkt", CRS84_WKT)));
    Link position =
        new Link(
            self + "/position",
            "data",
            EdrFormat.COVERAGE_JSON.mediaType().toString(),
            "Position query",
            variables);
    links.add(
        Link.of(
            self + "/position",
            "data",
            EdrFormat.COVERAGE_JSON.mediaType().toString(),
            "Position query"));
    Map<String, DataQuery> dataQueries = new LinkedHashMap<>();
    dataQueries.put("position", new DataQuery(position));
    if (!instance) {
      // Area, cube, radius and trajectory queries read the published run.
      String[][] others = {
        {
          "area",
          "Area query",
          "the grid points inside coords=POLYGON(...) or MULTIPOLYGON, with statistics"
        },
        {
          "cube",
          "Cube query",
          "the grid points inside bbox=minLon,minLat,maxLon,maxLat, with statistics"
        },
        {
          "radius",
          "Radius query",
          "the grid points within within (within-units) of coords=POINT(lon lat)"
        },
        {
          "trajectory",
          "Trajectory query",
          "values at each vertex of coords=LINESTRING[Z|M|ZM](...)"
        }
      };
      List<String[]> queries = new ArrayList<>(List.of(others));
      if (locations) {
        queries.add(
            new String[] {
              "locations",
              "Locations query",
              "the named places (GeoJSON), each answered as a position at locations/{locId}"
            });
      }
      for (String[] query : queries) {
        Map<String, Object> queryVariables = new LinkedHashMap<>(variables);
        queryVariables.put("title", query[1]);
        queryVariables.put(
            "description",
            query[2]
                + "; z (none: every level), datetime (an instant or an interval), parameter-name, f");
        queryVariables.put("query_type", query[0]);
        String href = self + "/" + query[0];
        dataQueries.put(
            query[0],
            new DataQuery(
                new Link(
                    href,
                    "data",
                    EdrFormat.COVERAGE_JSON.mediaType().toString(),
                    query[1],
                    queryVariables)));
        links.add(Link.of(href, "data", EdrFormat.COVERAGE_JSON.mediaType().toString(), query[1]));
      }
    }

    Map<String, EdrParameters.Description> parameterNames = new LinkedHashMap<>();
    EdrParameters.units(run)
        .forEach(
            (name, unit) -> parameterNames.put(name, EdrParameters.describe(name, unit, true)));
    List<LevelTypeExtent> levelTypes = new ArrayList<>();
    for (LevelAxis axis : run.axes()) {
      boolean single = axis.type().singleLevel();
      levelTypes.add(
          new LevelTypeExtent(
              axis.type().label(),
              single ? null : axis.type().unit(),
              single ? null : axis.levels(),
              axis.parameters().stream().map(Parameter::name).toList()));
    }
    String title =
        instance ? "Run " + record.runId() + " of model " + run.model() : "Model " + run.model();
    String description =
        (instance ? "Run " : "Published run ")
            + record.runId()
            + " ("
            + run.runTime()
            + ") of model "
            + run.model()
            + ": "
            + run.grid().kind()
            + " grid of "
            + run.grid().pointCount()
            + " points, "
            + run.steps().size()
            + " steps; levels: "
            + PositionQuery.where(run)
            + ensembleNote(run.model());
    return new Collection(
        instance ? record.runId() : run.model(),
        title,
        description,
        links,
        new Extent(spatial(run.grid()), temporal(run), vertical(run)),
        dataQueries,
        List.of("CRS84"),
        formats(),
        parameterNames,
        levelTypes);
  }

  /** A member of an ensemble says so: its number and the ensemble /v1 answers it under. */
  private static String ensembleNote(String model) {
    Ensembles.Member member = Ensembles.memberOf(model);
    return member == null
        ? ""
        : "; member "
            + member.number()
            + " of ensemble "
            + member.ensemble()
            + " (GET /v1/spot?model="
            + member.ensemble()
            + " with member= or ensemble=; its other members are the"
            + " collections "
            + member.ensemble()
            + "_mN)";
  }

  private static List<String> formats() {
    return List.of(EdrFormat.COVERAGE_JSON.label(), EdrFormat.GEO_JSON.label());
  }

  /** [west, south, east, north]; a grid across the antimeridian has west > east, as in GeoJSON. */
  private static Spatial spatial(GridDefinition grid) {
    double west = -180;
    double east = 180;
    if (grid instanceof RegularLatLonGrid regular && !regular.global()) {
      west = RegularLatLonGrid.normaliseLongitude(regular.lon0());
      east =
          RegularLatLonGrid.normaliseLongitude(
              regular.lon0() + regular.dLon() * (regular.nLon() - 1));
      if (east == -180 && west > -180) {
        east = 180;
      }
    }
    return new Spatial(List.of(List.of(west, grid.south(), east, grid.north())), CRS84_WKT);
  }

  private static Temporal temporal(ForecastRun run) {
    List<String> values = run.steps().stream().map(s -> run.validTime(s).toString()).toList();
    return new Temporal(
        List.of(List.of(values.getFirst(), values.getLast())), values, GREGORIAN_TRS);
  }

  /** The first level type with levels (the one z defaults to), or null for single-level runs. */
  private static VerticalExtent vertical(ForecastRun run) {
    for (LevelAxis axis : run.axes()) {
      if (!axis.type().singleLevel()) {
        List<String> values = axis.levels().stream().map(PositionQuery::plain).toList();
        String vrs = "VERTCS[\"" + axis.type().label() + "\",UNIT[\"" + axis.type().unit() + "\"]]";
        return new VerticalExtent(
            List.of(List.of(values.getFirst(), values.getLast())), values, vrs);
      }
    }
    return null;
  }
}
