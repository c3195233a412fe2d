package dev.spotcast.query.edr;

import dev.spotcast.index.RunRecord;
import dev.spotcast.model.RegularLatLonGrid;
import dev.spotcast.query.catalog.PublishedRuns;
import dev.spotcast.query.config.QueryProperties;
import dev.spotcast.query.http.HttpCaching;
import dev.spotcast.query.request.SpotRequestParser;
import dev.spotcast.query.spot.BadParameterException;
import dev.spotcast.query.spot.OutsideForecastException;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SeriesForecast;
import dev.spotcast.query.spot.Site;
import dev.spotcast.query.spot.SpotForecast;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.query.spot.SpotService;
import dev.spotcast.query.spot.TooLargeException;
import dev.spotcast.query.spot.UnknownModelException;
import dev.spotcast.query.spot.UnknownRunException;
import dev.spotcast.query.spot.Vertical;
import dev.spotcast.query.terrain.CellSelection;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * OGC API - Environmental Data Retrieval (https://docs.ogc.org/is/19-086r6/19-086r6.html) over the
 * runs held in memory: one collection per model (its published run), its servable runs as
 * instances, and the position query answered by the spot service (the same interpolation and
 * Elasticsearch reads as {@code /v1/spot} and {@code /v1/series}).
 */
@Tag(
    name = "EDR",
    description = "OGC API - Environmental Data Retrieval: collections per model, position queries")
@RestController
public class EdrController {

  private final PublishedRuns runs;
  private final SpotService service;
  private final QueryProperties properties;
  private final EdrLocations locations;

  public EdrController(
      PublishedRuns runs, SpotService service, QueryProperties properties, EdrLocations locations) {
    this.runs = runs;
    this.service = service;
    this.properties = properties;
    this.locations = locations;
  }

  @Operation(
      summary = "EDR landing page",
      description =
          "Links to the conformance declaration, the collections and the OpenAPI definition.")
  @GetMapping(
      path = {"/edr", "/edr/"},
      produces = "application/json")
  public EdrMetadata.LandingPage landingPage() {
    return EdrMetadata.landingPage(base());
  }

  @Operation(
      summary = "EDR conformance classes",
      description = "EDR 1.0 core, collections, JSON, CoverageJSON and OpenAPI 3.0.")
  @GetMapping(
      path = {"/edr/conformance", "/edr/conformance/"},
      produces = "application/json")
  public EdrMetadata.Conformance conformance() {
    return new EdrMetadata.Conformance(EdrMetadata.CONFORMANCE);
  }

  @Operation(
      summary = "EDR collections: one per model",
      description =
          "Every model with a published run, described from that run (served from memory): spatial extent"
              + " of the grid (CRS84), temporal extent of the valid times, vertical extent of the first level type with"
              + " levels, level_types with every level type's levels and parameters, parameter_names with unit and"
              + " observed property, the position query and its output formats.")
  @GetMapping(path = "/edr/collections", produces = "application/json")
  public EdrMetadata.Collections collections() {
    String base = base();
    List<EdrMetadata.Collection> collections = new ArrayList<>();
    for (String model : runs.models()) {
      runs.get(model)
          .ifPresent(
              record ->
                  collections.add(
                      EdrMetadata.collection(
                          base, record, false, !locations.locations().isEmpty())));
    }
    return new EdrMetadata.Collections(
        List.of(EdrMetadata.Link.of(base + "/collections", "self", "application/json", null)),
        collections);
  }

  @Operation(
      summary = "EDR collection of a model",
      description = "As in /edr/collections; 404 for a model without a published run.")
  @GetMapping(path = "/edr/collections/{model}", produces = "application/json")
  public EdrMetadata.Collection collection(@EdrDocumented.ModelId @PathVariable String model) {
    return EdrMetadata.collection(
        base(), published(model), false, !locations.locations().isEmpty());
  }

  @Operation(
      summary = "EDR instances: the model's runs",
      description =
          "Every run of the model that may be served (the published one and the earlier ones still"
              + " available to run= of /v1/spot), newest first; the instance id is the run id yyyyMMddHH.")
  @GetMapping(path = "/edr/collections/{model}/instances", produces = "application/json")
  public EdrMetadata.Instances instances(@EdrDocumented.ModelId @PathVariable String model) {
    published(model);
    String base = base();
    List<EdrMetadata.Collection> instances = new ArrayList<>();
    for (RunRecord record : runs.runs(model)) {
      instances.add(EdrMetadata.collection(base, record, true));
    }
    return new EdrMetadata.Instances(
        List.of(
            EdrMetadata.Link.of(
                base + "/collections/" + model + "/instances", "self", "application/json", null)),
        instances);
  }

  @Operation(
      summary = "EDR instance: one run of a model",
      description = "404 (parameter instanceId) for a run that cannot be served.")
  @GetMapping(
      path = "/edr/collections/{model}/instances/{instanceId}",
      produces = "application/json")
  public EdrMetadata.Collection instance(
      @EdrDocumented.ModelId @PathVariable String model,
      @EdrDocumented.InstanceId @PathVariable String instanceId) {
    return EdrMetadata.collection(base(), servable(model, instanceId), true);
  }

  private static final String POSITION_DESCRIPTION =
      "Values at a point, interpolated as GET /v1/spot does (inverse-distance weighting over the configured"
          + " number of grid points; linear in height, or in ln p, between the levels around z). datetime: an"
          + " instant is interpolated in time (a single-time series); an interval a/b, ../b or a/.. answers the"
          + " run's steps inside it (as GET /v1/series); absent, every step. z: a height above ground in m or a"
          + " pressure in hPa, on the first level type of the collection's level_types that has levels and holds"
          + " every parameter asked for; without z, single-level parameters (surface, mean sea level) as they are"
          + " and parameters with levels at every level of that level type (a VerticalProfile, or a Grid of one"
          + " point over t and z)."
          + " parameter-name: default all parameters of that one level type (with the derived wind_speed and"
          + " wind_direction when u and v are there). f=CoverageJSON (default; a Coverage with a PointSeries"
          + " domain, one NdArray per parameter along t, null where unavailable) or f=GeoJSON (a FeatureCollection"
          + " of Point features, one per time); without f, an Accept header naming one of the two media types chooses. Errors are RFC 9457 problem+json naming the parameter (coords,"
          + " z, datetime, parameter-name, f): 400 malformed, 404 unknown model or instance, 422 a time, level or"
          + " place outside the run (the detail gives the valid range), 429 and 503 as for /v1/spot.";

  @Operation(
      summary = "EDR position query on the published run",
      description = POSITION_DESCRIPTION,
      responses = {
        @ApiResponse(
            responseCode = "200",
            description = "CoverageJSON or GeoJSON",
            content = {
              @Content(
                  mediaType = "application/prs.coverage+json",
                  schema = @Schema(implementation = CoverageJson.Coverage.class)),
              @Content(
                  mediaType = "application/geo+json",
                  schema = @Schema(implementation = GeoJson.FeatureCollection.class))
            }),
        @ApiResponse(
            responseCode = "400",
            description = "bad parameter",
            content = @Content(mediaType = "application/problem+json")),
        @ApiResponse(
            responseCode = "404",
            description = "unknown model",
            content = @Content(mediaType = "application/problem+json")),
        @ApiResponse(
            responseCode = "422",
            description = "outside the run",
            content = @Content(mediaType = "application/problem+json"))
      })
  @GetMapping("/edr/collections/{model}/position")
  public ResponseEntity<Object> position(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(
              required = true,
              description =
                  "WKT POINT(lon lat) or POINT Z(lon lat z), CRS84; lon in [-180, 180] or [0, 360]",
              example = "POINT(5.25 45.5)")
          @RequestParam(name = "coords", required = false)
          String coords,
      @Parameter(
              description =
                  "one level: height above ground in m or pressure in hPa; without it every level (see description)",
              example = "750")
          @RequestParam(name = "z", required = false)
          String z,
      @Parameter(
              style = ParameterStyle.FORM,
              explode = Explode.FALSE,
              description =
                  "instant or interval a/b, ../b, a/.. (ISO-8601 with a zone); default every step",
              example = "2026-11-21T03:00:00Z/2026-11-21T06:00:00Z")
          @RequestParam(name = "datetime", required = false)
          String datetime,
      @Parameter(
              description =
                  "comma-separated parameter names (see the collection's parameter_names)",
              example = "t,u,v")
          @RequestParam(name = "parameter-name", required = false)
          String parameterName,
      @EdrDocumented.OutputFormat @RequestParam(name = "f", required = false) String f,
      @EdrDocumented.Elevation @RequestParam(name = "elevation", required = false) String elevation,
      @EdrDocumented.AcceptHeader @RequestHeader(name = "Accept", required = false) String accept) {
    return answer(published(model), coords, z, datetime, parameterName, f, accept, elevation);
  }

  @Operation(
      summary = "EDR position query on one run (instance)",
      description = POSITION_DESCRIPTION)
  @GetMapping("/edr/collections/{model}/instances/{instanceId}/position")
  public ResponseEntity<Object> instancePosition(
      @EdrDocumented.ModelId @PathVariable String model,
      @EdrDocumented.InstanceId @PathVariable String instanceId,
      @Parameter(
              required = true,
              description = "WKT POINT(lon lat) or POINT Z(lon lat z), CRS84",
              example = "POINT(5.25 45.5)")
          @RequestParam(name = "coords", required = false)
          String coords,
      @EdrDocumented.Level @RequestParam(name = "z", required = false) String z,
      @Parameter(
              style = ParameterStyle.FORM,
              explode = Explode.FALSE,
              description = "instant or interval a/b, ../b, a/..")
          @RequestParam(name = "datetime", required = false)
          String datetime,
      @EdrDocumented.ParameterNames @RequestParam(name = "parameter-name", required = false)
          String parameterName,
      @EdrDocumented.OutputFormat @RequestParam(name = "f", required = false) String f,
      @EdrDocumented.Elevation @RequestParam(name = "elevation", required = false) String elevation,
      @EdrDocumented.AcceptHeader @RequestHeader(name = "Accept", required = false) String accept) {
    return answer(
        servable(model, instanceId), coords, z, datetime, parameterName, f, accept, elevation);
  }

  @Operation(
      summary = "EDR locations: the named places",
      description =
          "The places configured in spotcast.query.edr.locations (stations, cities), a GeoJSON"
              + " FeatureCollection of Point features (id the locId, property name); the same for every"
              + " model. f=GeoJSON (the only format of the list) or none.",
      responses =
          @ApiResponse(
              responseCode = "200",
              description = "GeoJSON",
              content = {
                @Content(
                    mediaType = "application/geo+json",
                    schema = @Schema(implementation = GeoJson.LocationCollection.class)),
                @Content(
                    mediaType = "application/json",
                    schema = @Schema(implementation = GeoJson.LocationCollection.class))
              }))
  @GetMapping(
      path = "/edr/collections/{model}/locations",
      produces = {"application/geo+json", "application/json"})
  public GeoJson.LocationCollection locations(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(
              description = "output format of the list",
              schema = @Schema(allowableValues = {"GeoJSON"}))
          @RequestParam(name = "f", required = false)
          String f) {
    published(model);
    if (f != null && !f.isBlank() && !f.strip().equalsIgnoreCase("GeoJSON")) {
      throw new BadParameterException(
          "f", "the locations are listed in GeoJSON only: f=GeoJSON, got '" + f + "'");
    }
    return GeoJson.of(locations.locations());
  }

  @Operation(
      summary = "EDR location query: a position query at a named place",
      description =
          "As the position query at the place's coordinates (see /edr/collections/{model}/locations);"
              + " 404 (parameter locId) for a place not configured.\n\n"
              + "Position query: "
              + POSITION_DESCRIPTION,
      responses = {
        @ApiResponse(
            responseCode = "200",
            description = "CoverageJSON or GeoJSON",
            content = {
              @Content(
                  mediaType = "application/prs.coverage+json",
                  schema = @Schema(implementation = CoverageJson.Coverage.class)),
              @Content(
                  mediaType = "application/geo+json",
                  schema = @Schema(implementation = GeoJson.FeatureCollection.class))
            })
      })
  @GetMapping("/edr/collections/{model}/locations/{locId}")
  public ResponseEntity<Object> location(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(description = "a location's id, as the locations list gives it", example = "paris")
          @PathVariable
          String locId,
      @EdrDocumented.Level @RequestParam(name = "z", required = false) String z,
      @Parameter(
              style = ParameterStyle.FORM,
              explode = Explode.FALSE,
              description = "instant or interval a/b, ../b, a/..; default every step")
          @RequestParam(name = "datetime", required = false)
          String datetime,
      @EdrDocumented.ParameterNames @RequestParam(name = "parameter-name", required = false)
          String parameterName,
      @EdrDocumented.OutputFormat @RequestParam(name = "f", required = false) String f,
      @EdrDocumented.AcceptHeader @RequestHeader(name = "Accept", required = false) String accept) {
    RunRecord record = published(model);
    EdrLocations.Location place =
        locations
            .find(locId)
            .orElseThrow(() -> new UnknownLocationException(locId, locations.locations()));
    String coords = "POINT(" + place.lon() + " " + place.lat() + ")";
    return answer(record, coords, z, datetime, parameterName, f, accept, null);
  }

  /** A locId that names no configured place: 404 naming locId, with the ids that exist. */
  static final class UnknownLocationException extends RuntimeException {
    private final List<String> ids;

    UnknownLocationException(String locId, List<EdrLocations.Location> known) {
      super(
          "no location '"
              + locId
              + "'; the locations are "
              + (known.isEmpty()
                  ? "none (spotcast.query.edr.locations is empty)"
                  : String.join(", ", known.stream().map(EdrLocations.Location::id).toList())));
      this.ids = known.stream().map(EdrLocations.Location::id).toList();
    }
  }

  @ExceptionHandler(UnknownLocationException.class)
  ProblemDetail unknownLocation(UnknownLocationException e) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
    problem.setProperty("parameter", "locId");
    problem.setProperty("locations", e.ids);
    return problem;
  }

  static final String AREA_DESCRIPTION =
      "The grid points of the published run inside the area, each answered at its own position (no horizontal"
          + " interpolation), at the times of datetime (an instant, linear between steps; an interval a/b, ../b, a/..:"
          + " every step of the run inside it; default the run's first step) and the level of z (as for position"
          + " queries; without z every level), with each parameter's min, max and mean over the values answered."
          + " Regular lat/lon grids; at most spotcast.query.edr-max-points values per parameter (points x times x"
          + " levels; 5000; more: 413). f=CoverageJSON (a MultiPoint domain, MultiPointSeries over several times;"
          + " statistics in spotcast:statistics) or GeoJSON (a Point feature per grid point;"
          + " statistics in the member statistics). Errors are RFC 9457 problem+json naming the parameter: 400"
          + " malformed, 404 unknown model, 413 too many points, 422 no grid point inside or outside the run.";

  @Operation(
      summary = "EDR area query: the grid points inside a polygon",
      description = AREA_DESCRIPTION)
  @GetMapping("/edr/collections/{model}/area")
  public ResponseEntity<Object> area(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(
              required = true,
              description = "WKT POLYGON or MULTIPOLYGON, CRS84 (lon lat)",
              example = "POLYGON((5 45,7 45,7 47,5 47,5 45))")
          @RequestParam(name = "coords", required = false)
          String coords,
      AreaOptions options) {
    RunRecord record = published(model);
    return areaAnswer(
        record, Areas.regular(record.run(), "area"), Areas.polygon(coords), Areas.COORDS, options);
  }

  @Operation(
      summary = "EDR cube query: the grid points inside a box",
      description = AREA_DESCRIPTION)
  @GetMapping("/edr/collections/{model}/cube")
  public ResponseEntity<Object> cube(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(
              required = true,
              style = ParameterStyle.FORM,
              explode = Explode.FALSE,
              description =
                  "minLon,minLat,maxLon,maxLat (CRS84), e.g. 5,45,7,47; minLon > maxLon crosses the antimeridian",
              array = @ArraySchema(schema = @Schema(type = "number"), minItems = 4, maxItems = 4),
              example = "5,45,7,47")
          @RequestParam(name = "bbox", required = false)
          String bbox,
      AreaOptions options) {
    RunRecord record = published(model);
    return areaAnswer(
        record, Areas.regular(record.run(), "cube"), Areas.box(bbox), Areas.BBOX, options);
  }

  @Operation(
      summary = "EDR radius query: the grid points within a distance",
      description = AREA_DESCRIPTION)
  @GetMapping("/edr/collections/{model}/radius")
  public ResponseEntity<Object> radius(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(
              required = true,
              description = "the centre: WKT POINT(lon lat), CRS84",
              example = "POINT(5.25 45.5)")
          @RequestParam(name = "coords", required = false)
          String coords,
      @Parameter(description = "the radius, in within-units (geodesic distance)", example = "50")
          @RequestParam(name = "within", required = false)
          String within,
      @Parameter(
              description = "unit of within: km (default), m, mi, nm",
              schema = @Schema(allowableValues = {"km", "m", "mi", "nm"}))
          @RequestParam(name = "within-units", required = false)
          String withinUnits,
      AreaOptions options) {
    RunRecord record = published(model);
    EdrCoords centre = EdrCoords.parse(coords);
    return areaAnswer(
        record,
        Areas.regular(record.run(), "radius"),
        Areas.circle(centre, within, withinUnits),
        Areas.WITHIN,
        options);
  }

  @Operation(
      summary = "EDR trajectory query: values along a path",
      description =
          "Values interpolated at each vertex of the path as a position query would (inverse-distance"
              + " weighting, linear between levels and steps): coords=LINESTRING(lon lat, ...) at the time of datetime (one"
              + " instant or every step inside an interval, default the run's first step) and the level of z (every level"
              + " without it), or LINESTRINGM with each vertex's time (M,"
              + " seconds since 1970-01-01T00:00:00Z), LINESTRINGZ with each vertex's level (Z, as z), LINESTRINGZM both."
              + " At most spotcast.query.edr-max-points values per parameter (vertices x times x levels; 5000; more: 413). f=CoverageJSON (a Trajectory domain)"
              + " or GeoJSON (a Point feature per vertex). Errors as for the position query.")
  @GetMapping("/edr/collections/{model}/trajectory")
  public ResponseEntity<Object> trajectory(
      @EdrDocumented.ModelId @PathVariable String model,
      @Parameter(
              required = true,
              description = "WKT LINESTRING, LINESTRINGZ, LINESTRINGM or LINESTRINGZM, CRS84",
              example = "LINESTRING(5 45, 6 45.5, 7 46)")
          @RequestParam(name = "coords", required = false)
          String coords,
      @Parameter(
              description =
                  "one level for every vertex (not with Z): height above ground in m or pressure in hPa; without"
                      + " it every level for parameters with levels")
          @RequestParam(name = "z", required = false)
          String z,
      @Parameter(
              style = ParameterStyle.FORM,
              explode = Explode.FALSE,
              description =
                  "for every vertex (not with M): an instant, or an interval a/b, ../b, a/.. (the whole path at every"
                      + " step inside it); ISO-8601 with a zone (default: the run's first step)")
          @RequestParam(name = "datetime", required = false)
          String datetime,
      @EdrDocumented.ParameterNames @RequestParam(name = "parameter-name", required = false)
          String parameterName,
      @EdrDocumented.OutputFormat @RequestParam(name = "f", required = false) String f,
      @EdrDocumented.Elevation @RequestParam(name = "elevation", required = false) String elevation,
      @EdrDocumented.AcceptHeader @RequestHeader(name = "Accept", required = false) String accept) {
    RunRecord record = published(model);
    EdrFormat format = EdrFormat.of(f, accept);
    Site site = SpotRequestParser.site(elevation, null);
    Trajectory path = Trajectory.parse(coords, properties.edrMaxPoints());
    if (path.levels() != null && z != null && !z.isBlank()) {
      throw new BadParameterException(
          PositionQuery.Z, "the trajectory gives each vertex's level (Z): omit z");
    }
    if (path.times() != null && datetime != null && !datetime.isBlank()) {
      throw new BadParameterException(
          EdrDatetime.PARAMETER, "the trajectory gives each vertex's time (M): omit datetime");
    }
    Double firstLevel = path.levels() == null ? null : path.levels().getFirst();
    PositionQuery query =
        PositionQuery.at(
            record.run(),
            new EdrCoords(path.lons().getFirst(), path.lats().getFirst(), firstLevel),
            z,
            datetime,
            parameterName,
            format);
    List<Instant> times =
        path.times() == null ? times(record, query.datetime()) : Collections.singletonList(null);
    List<Vertical> levels =
        path.levels() == null ? query.verticals() : Collections.singletonList(null);
    int count = times.size() * path.lons().size() * levels.size();
    requireAtMost(count, times.size(), levels.size());
    List<SpotRequest> requests = new ArrayList<>(count);
    List<Vertical> verticals = new ArrayList<>(count);
    RunSelection which = RunSelection.of(record.model(), record.runId());
    Reading how = Reading.idw(properties.defaultNeighbours(), query.serviceParams());
    // The whole path at each time (the vertices' own times with M), each vertex at each level.
    for (Instant common : times) {
      for (int i = 0; i < path.lons().size(); i++) {
        for (Vertical level : levels) {
          Vertical vertical =
              path.levels() == null
                  ? level
                  : new Vertical(query.vertical().type(), path.levels().get(i));
          verticals.add(vertical);
          requests.add(
              SpotRequest.of(
                  which,
                  new Place(
                      path.lats().get(i),
                      RegularLatLonGrid.normaliseLongitude(path.lons().get(i)),
                      vertical,
                      site),
                  how,
                  path.times() == null ? common : path.times().get(i)));
        }
      }
    }
    AreaSamples samples =
        AreaSamples.of(
            translated(() -> service.spotAll(requests)), verticals, query.outputNames(), true);
    Object body = format == EdrFormat.GEO_JSON ? GeoJson.of(samples) : CoverageJson.of(samples);
    return ResponseEntity.ok().contentType(format.mediaType()).body(body);
  }

  /** The grid points inside an area, each answered at its own position with method=nearest. */
  private ResponseEntity<Object> areaAnswer(
      RunRecord record,
      RegularLatLonGrid grid,
      Areas.Shape shape,
      String shapeParameter,
      AreaOptions options) {
    EdrFormat format = EdrFormat.of(options.f(), options.accept());
    PositionQuery query =
        PositionQuery.at(
            record.run(),
            new EdrCoords(0, 0, null),
            options.z(),
            options.datetime(),
            options.parameterName(),
            format);
    List<Instant> times = times(record, query.datetime());
    List<Integer> points = Areas.inside(grid, shape, properties.edrMaxPoints(), shapeParameter);
    int count = times.size() * points.size() * query.verticals().size();
    requireAtMost(count, times.size(), query.verticals().size());
    List<SpotRequest> requests = new ArrayList<>(count);
    List<Vertical> verticals = new ArrayList<>(count);
    // At the grid point itself: the nearest point, whatever the land-sea mask says.
    Site itself = new Site(null, CellSelection.NEAREST);
    RunSelection which = RunSelection.of(record.model(), record.runId());
    Reading how = Reading.nearest(query.serviceParams());
    // Time major, then grid point, then level (the order of the coverage's ranges).
    for (Instant time : times) {
      for (int point : points) {
        for (Vertical vertical : query.verticals()) {
          requests.add(
              SpotRequest.of(
                  which,
                  new Place(grid.latitude(point), grid.longitude(point), vertical, itself),
                  how,
                  time));
          verticals.add(vertical);
        }
      }
    }
    AreaSamples samples =
        AreaSamples.of(
            translated(() -> service.spotAll(requests)), verticals, query.outputNames(), false);
    Object body = format == EdrFormat.GEO_JSON ? GeoJson.of(samples) : CoverageJson.of(samples);
    return ResponseEntity.ok().contentType(format.mediaType()).body(body);
  }

  /**
   * The times of an area or trajectory query: the instant asked for; for an interval every step of
   * the run inside it (422 if none is); without datetime the run's first step.
   */
  static List<Instant> times(RunRecord record, EdrDatetime when) {
    if (when.isInstant()) {
      return List.of(when.instant());
    }
    var run = record.run();
    if (when.from() == null && when.to() == null) {
      return List.of(run.validTime(run.steps().getFirst()));
    }
    List<Instant> inside = new ArrayList<>();
    for (int step : run.steps()) {
      Instant time = run.validTime(step);
      if ((when.from() == null || !time.isBefore(when.from()))
          && (when.to() == null || !time.isAfter(when.to()))) {
        inside.add(time);
      }
    }
    if (inside.isEmpty()) {
      throw new OutsideForecastException(
          EdrDatetime.PARAMETER,
          "no step of run "
              + record.runId()
              + " lies inside the datetime interval; its steps are valid from "
              + run.validTime(run.steps().getFirst())
              + " to "
              + run.validTime(run.steps().getLast()));
    }
    return inside;
  }

  /** Refuses more samples (places x times x levels) than spotcast.query.edr-max-points. */
  private void requireAtMost(int samples, int times, int levels) {
    if (samples > properties.edrMaxPoints()) {
      throw new TooLargeException(
          times > 1 ? EdrDatetime.PARAMETER : PositionQuery.Z,
          "the query asks for "
              + samples
              + " values per parameter ("
              + times
              + " time(s) x "
              + levels
              + " level(s) x the places), more than the "
              + properties.edrMaxPoints()
              + " allowed: narrow datetime, give z or a smaller area");
    }
  }

  private ResponseEntity<Object> answer(
      RunRecord record,
      String coords,
      String z,
      String datetime,
      String parameterName,
      String f,
      String accept,
      String elevation) {
    PositionQuery query =
        PositionQuery.parse(record.run(), coords, z, datetime, parameterName, f, accept);
    Site site = SpotRequestParser.site(elevation, null);
    PointSamples samples = translated(() -> samples(record, query, site));
    Object body =
        query.format() == EdrFormat.GEO_JSON ? GeoJson.of(samples) : CoverageJson.of(samples);
    return ResponseEntity.ok().contentType(query.format().mediaType()).body(body);
  }

  private PointSamples samples(RunRecord record, PositionQuery query, Site site) {
    EdrDatetime when = query.datetime();
    RunSelection which = RunSelection.of(record.model(), record.runId());
    Reading how = Reading.idw(properties.defaultNeighbours(), query.serviceParams());
    List<SpotRequest> requests = new ArrayList<>();
    for (Vertical vertical : query.verticals()) {
      requests.add(
          SpotRequest.of(
              which,
              new Place(query.coords().lat(), query.coords().lon(), vertical, site),
              how,
              when.isInstant() ? when.instant() : Instant.EPOCH));
    }
    if (requests.size() > 1) {
      // No z for parameters with levels: every level of their level type.
      if (when.isInstant()) {
        List<SpotForecast> answers = service.spotAll(requests);
        answers.forEach(answer -> HttpCaching.provisionalIf(answer.provisional()));
        return PointSamples.ofLevelsAt(answers, query.verticals(), query.outputNames());
      }
      List<SeriesForecast> answers = new ArrayList<>();
      for (SpotRequest request : requests) {
        SeriesForecast answer = service.series(request, when.from(), when.to());
        HttpCaching.provisionalIf(answer.provisional());
        answers.add(answer);
      }
      return PointSamples.ofLevels(answers, query.verticals(), query.outputNames());
    }
    SpotRequest request = requests.getFirst();
    if (when.isInstant()) {
      SpotForecast answer = service.spot(request);
      HttpCaching.provisionalIf(answer.provisional());
      return PointSamples.of(answer, query.vertical(), query.outputNames());
    }
    SeriesForecast answer = service.series(request, when.from(), when.to());
    HttpCaching.provisionalIf(answer.provisional());
    return PointSamples.of(answer, query.vertical(), query.outputNames());
  }

  /** The spot service names /v1 parameters in its errors: name the EDR ones instead. */
  private static <T> T translated(Supplier<T> call) {
    try {
      return call.get();
    } catch (TooLargeException e) {
      throw e;
    } catch (BadParameterException e) {
      throw new BadParameterException(edrParameter(e.parameter()), e.getMessage());
    } catch (OutsideForecastException e) {
      throw new OutsideForecastException(edrParameter(e.parameter()), e.getMessage());
    }
  }

  static String edrParameter(String v1) {
    if (v1 == null) {
      return null;
    }
    return switch (v1) {
      case "lat", "lon" -> EdrCoords.PARAMETER;
      case "alt", "pressure" -> PositionQuery.Z;
      case "time", "from", "to" -> EdrDatetime.PARAMETER;
      case "params" -> PositionQuery.PARAMETER_NAME;
      default -> v1;
    };
  }

  private RunRecord published(String model) {
    return runs.get(model).orElseThrow(() -> new UnknownModelException(model, runs.models()));
  }

  private RunRecord servable(String model, String instanceId) {
    published(model);
    return runs.get(model, instanceId)
        .orElseThrow(() -> UnknownRunException.of("instanceId", model, instanceId, runs));
  }

  /** The absolute URL of /edr as the client called it. */
  private static String base() {
    return ServletUriComponentsBuilder.fromCurrentContextPath().path("/edr").build().toUriString();
  }
}
