package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.GridFactory.LatLonBox;
import dev.spotcast.ingestor.source.file.GridFactory.UnsupportedGridException;
import dev.spotcast.model.Aggregation;
import dev.spotcast.model.LevelType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import ucar.ma2.Array;
import ucar.ma2.InvalidRangeException;
import ucar.nc2.Attribute;
import ucar.nc2.Dimension;
import ucar.nc2.Variable;
import ucar.nc2.dataset.NetcdfDataset;
import ucar.nc2.dataset.VariableDS;
import ucar.nc2.time.CalendarDateUnit;
import ucar.nc2.time.CalendarPeriod;

/**
 * A NetCDF file as cfgrib/xarray write GRIB data to CF: data variables over (time, step, number,
 * level, latitude, longitude), any of the leading ones optional or scalar, on a regular latitude/
 * longitude grid. Each 2-D slice is one field; a slice whose values are all missing (a parameter
 * absent on a level of the hypercube) is not a field, so the file yields the same fields as the
 * GRIB it came from. Opening reads every slice once to find those; values are read again on demand.
 */
final class NetcdfForecastFile implements ForecastFile {

  private static final Logger log = LoggerFactory.getLogger(NetcdfForecastFile.class);

  /** cfgrib's level coordinate names (GRIB_typeOfLevel) and how they map. */
  private static final Map<String, LevelType> LEVEL_TYPES =
      Map.of(
          "isobaricinhpa",
          LevelType.ISOBARIC,
          "isobaricinpa",
          LevelType.ISOBARIC,
          "heightaboveground",
          LevelType.HEIGHT_ABOVE_GROUND,
          "surface",
          LevelType.SURFACE,
          "meansea",
          LevelType.MEAN_SEA_LEVEL);

  /** The time part of a CF {@code cell_methods} attribute, e.g. "time: sum" or "step: maximum". */
  private static final Pattern TIME_METHOD =
      Pattern.compile("\\b(?:time|valid_time|step)\\s*:\\s*(\\w+)");

  private final Path path;
  private final NetcdfDataset dataset;
  private final List<FieldRef> fields = new ArrayList<>();
  private final List<SkippedField> skipped = new ArrayList<>();
  private final Map<List<String>, Object> grids = new HashMap<>();
  private boolean closed;
  private int slices;

  private NetcdfForecastFile(Path path, NetcdfDataset dataset) {
    this.path = path;
    this.dataset = dataset;
  }

  static NetcdfForecastFile open(Path path) throws ForecastFileException {
    NetcdfDataset dataset;
    try {
      dataset = NetcdfDataset.openDataset(path.toString());
    } catch (IOException | RuntimeException e) {
      throw new ForecastFileException(
          path, "not a readable NetCDF file: " + GribForecastFile.describe(e), e);
    }
    NetcdfForecastFile file = new NetcdfForecastFile(path, dataset);
    try {
      // A coordinate's cell bounds (CF "bounds") are read with it, never as a field.
      Set<String> bounds = new HashSet<>();
      for (Variable variable : dataset.getVariables()) {
        String name = attribute(variable, "bounds");
        if (name != null) {
          bounds.add(name);
        }
      }
      for (Variable variable : dataset.getVariables()) {
        if (!bounds.contains(variable.getShortName())) {
          file.addVariable(variable);
        }
      }
    } catch (IOException | InvalidRangeException | RuntimeException e) {
      file.close();
      throw new ForecastFileException(
          path, "cannot read NetCDF file: " + GribForecastFile.describe(e), e);
    }
    if (file.fields.isEmpty()) {
      file.close();
      throw new ForecastFileException(
          path,
          "no supported fields: "
              + (file.skipped.isEmpty()
                  ? "no variable on a latitude/longitude grid"
                  : file.skipped.stream()
                      .map(SkippedField::toString)
                      .collect(Collectors.joining("; "))));
    }
    log.debug(
        "Opened {} (NetCDF): {} fields, {} skipped", path, file.fields.size(), file.skipped.size());
    return file;
  }

  private void addVariable(Variable variable) throws IOException, InvalidRangeException {
    int rank = variable.getRank();
    if (variable.isCoordinateVariable() || rank < 2 || !variable.getDataType().isNumeric()) {
      return;
    }
    String name = parameterName(variable);
    Variable lat = coordinate(variable.getDimension(rank - 2));
    Variable lon = coordinate(variable.getDimension(rank - 1));
    if (!isAxis(lat, "degrees_north", "latitude", "lat")
        || !isAxis(lon, "degrees_east", "longitude", "lon")) {
      skipped.add(new SkippedField(slices++, name, "not on a latitude/longitude grid"));
      return;
    }
    PointGrid grid;
    try {
      grid = grid(lat, lon);
    } catch (UnsupportedGridException e) {
      skipped.add(new SkippedField(slices++, name, e.getMessage()));
      return;
    }
    new SliceWalker(variable, name, grid).walk();
  }

  /** Walks the slices of one data variable in index order. */
  private final class SliceWalker {
    private final Variable variable;
    private final String name;
    private final PointGrid grid;
    private final String unit;
    private final int rank;
    private final Variable[] leading;

    SliceWalker(Variable variable, String name, PointGrid grid) {
      this.variable = variable;
      this.name = name;
      this.grid = grid;
      this.unit = unit(variable);
      this.rank = variable.getRank();
      this.leading = new Variable[rank - 2];
      for (int d = 0; d < rank - 2; d++) {
        leading[d] = coordinate(variable.getDimension(d));
      }
    }

    void walk() throws IOException, InvalidRangeException {
      int[] shape = variable.getShape();
      int[] index = new int[rank];
      int count = 1;
      for (int d = 0; d < rank - 2; d++) count *= shape[d];
      for (int n = 0; n < count; n++) {
        int rest = n;
        for (int d = rank - 3; d >= 0; d--) {
          index[d] = rest % shape[d];
          rest /= shape[d];
        }
        slice(index.clone(), shape);
      }
    }

    private void slice(int[] origin, int[] fullShape) throws IOException, InvalidRangeException {
      int number = slices++;
      try {
        SliceMeta meta = meta(origin);
        int[] shape = new int[rank];
        Arrays.fill(shape, 1);
        shape[rank - 2] = fullShape[rank - 2];
        shape[rank - 1] = fullShape[rank - 1];
        NetcdfValues values = new NetcdfValues(variable, origin, shape, number);
        if (allMissing(values.readNow())) {
          skipped.add(
              new SkippedField(
                  number, name, "all values are missing (absent from this level/step)"));
          return;
        }
        fields.add(
            new FieldRef(
                path,
                number,
                name,
                unit,
                meta.levelType,
                meta.level,
                meta.reference,
                meta.stepMinutes,
                meta.startMinutes,
                meta.aggregation,
                meta.member,
                grid,
                values));
      } catch (UnsupportedSliceException e) {
        skipped.add(new SkippedField(number, name, e.getMessage()));
      }
    }

    /** The level, times and member of the slice at origin, from dimension or scalar coordinates. */
    private SliceMeta meta(int[] origin) throws IOException, UnsupportedSliceException {
      Map<String, Double> values = new HashMap<>();
      Map<String, Variable> axes = new HashMap<>();
      Map<String, double[]> bounds = new HashMap<>();
      for (String coordinateName : coordinateNames(variable)) {
        Variable c = dataset.findVariable(coordinateName);
        if (c != null && c.getRank() == 0) {
          axes.put(role(c), c);
          values.put(role(c), c.readScalarDouble());
          bounds(c, 0).ifPresent(b -> bounds.put(role(c), b));
        }
      }
      for (int d = 0; d < leading.length; d++) {
        Variable c = leading[d];
        if (c == null) {
          throw new UnsupportedSliceException(
              "dimension "
                  + variable.getDimension(d).getShortName()
                  + " has no coordinate variable");
        }
        String role = role(c);
        if (role.equals("other")) {
          throw new UnsupportedSliceException("dimension " + c.getShortName() + " not supported");
        }
        axes.put(role, c);
        values.put(role, c.read().getDouble(origin[d]));
        int at = origin[d];
        bounds(c, at).ifPresent(b -> bounds.put(role, b));
      }
      return SliceMeta.of(variable, axes, values, bounds);
    }

    /** The CF cell bounds of a time coordinate's value at index i (its {@code bounds} variable). */
    private Optional<double[]> bounds(Variable axis, int i) throws IOException {
      String name = attribute(axis, "bounds");
      Variable b = name == null ? null : dataset.findVariable(name);
      if (b == null) {
        return Optional.empty();
      }
      Array all = b.read();
      int offset = b.getRank() == 1 ? 0 : 2 * i;
      return Optional.of(new double[] {all.getDouble(offset), all.getDouble(offset + 1)});
    }
  }

  /** What a coordinate variable means for a slice. */
  private static String role(Variable c) {
    String n = c.getShortName().toLowerCase(Locale.ROOT);
    String standard = attribute(c, "standard_name");
    if (n.equals("time") || "forecast_reference_time".equals(standard)) return "reference";
    if (n.equals("step") || "forecast_period".equals(standard)) return "step";
    if (n.equals("valid_time") || "time".equals(standard)) return "valid";
    if (n.equals("number") || "realization".equals(standard)) return "number";
    if (n.equals("latitude") || n.equals("longitude")) return "horizontal";
    return "level";
  }

  /** The level, reference time, step, time interval and member of one slice. */
  private record SliceMeta(
      LevelType levelType,
      double level,
      Instant reference,
      int stepMinutes,
      int startMinutes,
      Aggregation aggregation,
      Integer member) {

    static SliceMeta of(
        Variable variable,
        Map<String, Variable> axes,
        Map<String, Double> values,
        Map<String, double[]> bounds)
        throws UnsupportedSliceException {
      Variable referenceAxis = axes.get("reference");
      if (referenceAxis == null) {
        throw new UnsupportedSliceException("no reference time coordinate");
      }
      Instant reference = instant(referenceAxis, values.get("reference"));
      long stepMillis;
      if (axes.containsKey("step")) {
        stepMillis = durationMillis(axes.get("step"), values.get("step"));
      } else if (axes.containsKey("valid")) {
        stepMillis =
            instant(axes.get("valid"), values.get("valid")).toEpochMilli()
                - reference.toEpochMilli();
      } else {
        stepMillis = 0;
      }
      if (stepMillis % 60_000L != 0) {
        throw new UnsupportedSliceException(
            "step of " + stepMillis / 1000.0 + " seconds is not a whole number of minutes");
      }
      Aggregation aggregation = aggregation(variable);
      long startMillis = stepMillis;
      if (aggregation.overInterval()) {
        startMillis =
            intervalStartMillis(variable, aggregation, axes, bounds, reference, stepMillis);
      }
      Integer member = member(variable, axes, values);
      String typeOfLevel = attribute(variable, "GRIB_typeOfLevel");
      Variable levelAxis = axes.get("level");
      if (typeOfLevel == null && levelAxis != null) typeOfLevel = levelAxis.getShortName();
      if (typeOfLevel == null) {
        throw new UnsupportedSliceException("no level coordinate");
      }
      LevelType type = LEVEL_TYPES.get(typeOfLevel.toLowerCase(Locale.ROOT));
      double level = values.getOrDefault("level", 0.0);
      if (type == null) {
        throw new UnsupportedSliceException(
            typeOfLevel
                + " "
                + GribLevels.format(level)
                + ": level type not supported ("
                + GribLevels.SUPPORTED
                + ")");
      }
      if (type == LevelType.ISOBARIC && isPascal(typeOfLevel, levelAxis)) {
        level /= 100.0;
      }
      if (type == LevelType.SURFACE || type == LevelType.MEAN_SEA_LEVEL) {
        level = 0;
      }
      return new SliceMeta(
          type,
          level,
          reference,
          Math.toIntExact(stepMillis / 60_000L),
          Math.toIntExact(startMillis / 60_000L),
          aggregation,
          member);
    }

    /**
     * What was done over time: CF's {@code cell_methods} ("time: sum"), else the GRIB step type
     * cfgrib keeps ({@code GRIB_stepType}), else a point value.
     */
    private static Aggregation aggregation(Variable variable) throws UnsupportedSliceException {
      String methods = attribute(variable, "cell_methods");
      if (methods != null) {
        Matcher m = TIME_METHOD.matcher(methods);
        if (m.find()) {
          return switch (m.group(1)) {
            case "point" -> Aggregation.POINT;
            case "sum" -> Aggregation.SUM;
            case "mean" -> Aggregation.MEAN;
            case "maximum" -> Aggregation.MAXIMUM;
            case "minimum" -> Aggregation.MINIMUM;
            default ->
                throw new UnsupportedSliceException(
                    "cell method 'time: "
                        + m.group(1)
                        + "' (only point, sum, mean, maximum, minimum)");
          };
        }
      }
      String stepType = attribute(variable, "GRIB_stepType");
      if (stepType == null) {
        return Aggregation.POINT;
      }
      return switch (stepType) {
        case "instant" -> Aggregation.POINT;
        case "accum" -> Aggregation.SUM;
        case "avg" -> Aggregation.MEAN;
        case "max" -> Aggregation.MAXIMUM;
        case "min" -> Aggregation.MINIMUM;
        default ->
            throw new UnsupportedSliceException(
                "GRIB_stepType '" + stepType + "' (only instant, accum, avg, max, min)");
      };
    }

    /**
     * Where the slice's interval starts, from the time bounds of its step or valid time (CF cell
     * bounds); an accumulation without bounds, as cfgrib writes ECMWF's, runs from the start.
     */
    private static long intervalStartMillis(
        Variable variable,
        Aggregation aggregation,
        Map<String, Variable> axes,
        Map<String, double[]> bounds,
        Instant reference,
        long stepMillis)
        throws UnsupportedSliceException {
      if (bounds.containsKey("step")) {
        long lower = durationMillis(axes.get("step"), bounds.get("step")[0]);
        long upper = durationMillis(axes.get("step"), bounds.get("step")[1]);
        return checkedStart(variable, lower, upper, stepMillis);
      }
      if (bounds.containsKey("valid")) {
        long lower =
            instant(axes.get("valid"), bounds.get("valid")[0]).toEpochMilli()
                - reference.toEpochMilli();
        long upper =
            instant(axes.get("valid"), bounds.get("valid")[1]).toEpochMilli()
                - reference.toEpochMilli();
        return checkedStart(variable, lower, upper, stepMillis);
      }
      if (aggregation == Aggregation.SUM) {
        return 0;
      }
      throw new UnsupportedSliceException(
          "a " + aggregation.label() + " over time without time bounds (CF 'bounds' on its time)");
    }

    private static long checkedStart(Variable variable, long lower, long upper, long stepMillis)
        throws UnsupportedSliceException {
      if (upper != stepMillis || lower > upper || lower % 60_000L != 0) {
        throw new UnsupportedSliceException(
            variable.getShortName()
                + ": time bounds "
                + lower / 60_000.0
                + ".."
                + upper / 60_000.0
                + " min do not end at the step, "
                + stepMillis / 60_000.0
                + " min");
      }
      return lower;
    }

    private static boolean isPascal(String typeOfLevel, Variable levelAxis) {
      String units = levelAxis == null ? null : attribute(levelAxis, "units");
      return units != null
          ? units.trim().equals("Pa")
          : typeOfLevel.equalsIgnoreCase("isobaricInPa");
    }

    private static Integer member(
        Variable variable, Map<String, Variable> axes, Map<String, Double> values) {
      Variable axis = axes.get("number");
      if (axis == null) {
        return null;
      }
      int number = (int) Math.round(values.get("number"));
      if (axis.getRank() > 0) {
        return number;
      }
      Attribute total = variable.findAttribute("GRIB_totalNumber");
      boolean ensemble =
          total != null
              && total.getNumericValue() != null
              && total.getNumericValue().intValue() > 0;
      return ensemble || number != 0 ? number : null;
    }

    private static Instant instant(Variable axis, double value) throws UnsupportedSliceException {
      String units = attribute(axis, "units");
      if (units == null) {
        throw new UnsupportedSliceException(axis.getShortName() + " has no units");
      }
      try {
        CalendarDateUnit unit = CalendarDateUnit.of(attribute(axis, "calendar"), units);
        return Instant.ofEpochMilli(unit.makeCalendarDate(value).getMillis());
      } catch (RuntimeException e) {
        throw new UnsupportedSliceException(
            axis.getShortName() + ": time units '" + units + "' not understood");
      }
    }

    private static long durationMillis(Variable axis, double value)
        throws UnsupportedSliceException {
      String units = attribute(axis, "units");
      CalendarPeriod.Field field =
          units == null ? null : CalendarPeriod.fromUnitString(units.trim());
      if (field == null) {
        throw new UnsupportedSliceException(
            axis.getShortName() + ": duration units '" + units + "' not understood");
      }
      return Math.round(value * CalendarPeriod.of(1, field).getValueInMillisecs());
    }
  }

  private PointGrid grid(Variable lat, Variable lon) throws IOException {
    List<String> key = List.of(lat.getFullName(), lon.getFullName());
    Object grid = grids.get(key);
    if (grid == null) {
      try {
        grid =
            regularGrid(
                (double[]) lat.read().get1DJavaArray(double.class),
                (double[]) lon.read().get1DJavaArray(double.class));
      } catch (UnsupportedGridException e) {
        grid = e;
      }
      grids.put(key, grid);
    }
    if (grid instanceof UnsupportedGridException e) {
      throw new UnsupportedGridException(e.getMessage());
    }
    return (PointGrid) grid;
  }

  private static PointGrid regularGrid(double[] lats, double[] lons) {
    requireEven(lats, "latitude");
    requireEven(lons, "longitude");
    boolean north = lats.length > 1 && lats[1] > lats[0];
    boolean west = lons.length > 1 && lons[1] < lons[0];
    return GridFactory.regularLatLon(
        new LatLonBox(
            lats[0],
            lons[0],
            lats[lats.length - 1],
            lons[lons.length - 1],
            lons.length,
            lats.length,
            new ScanMode(west, north, false, false),
            null,
            0,
            1e-6));
  }

  private static void requireEven(double[] axis, String name) {
    if (axis.length < 2) {
      return;
    }
    double step = axis[1] - axis[0];
    for (int i = 2; i < axis.length; i++) {
      if (Math.abs(axis[i] - axis[i - 1] - step) > 1e-6 * Math.max(1, Math.abs(step))) {
        throw new UnsupportedGridException(
            name + " coordinates not evenly spaced: only regular_ll grids supported");
      }
    }
  }

  private Variable coordinate(Dimension dimension) {
    Variable v = dimension == null ? null : dataset.findVariable(dimension.getFullNameEscaped());
    return v != null && v.isCoordinateVariable() ? v : null;
  }

  private static boolean isAxis(Variable axis, String units, String... names) {
    if (axis == null) return false;
    String u = attribute(axis, "units");
    return units.equals(u) || List.of(names).contains(axis.getShortName().toLowerCase(Locale.ROOT));
  }

  private static List<String> coordinateNames(Variable variable) {
    String coordinates = attribute(variable, "coordinates");
    return coordinates == null ? List.of() : List.of(coordinates.trim().split("\\s+"));
  }

  private static String parameterName(Variable variable) {
    String shortName = attribute(variable, "GRIB_shortName");
    if (shortName == null
        || shortName.isBlank()
        || shortName.equals("unknown")
        || shortName.equals("~")) {
      shortName = variable.getShortName();
    }
    return ParameterNames.fromNetcdf(shortName);
  }

  private static String unit(Variable variable) {
    String units = attribute(variable, "units");
    if (units == null) units = attribute(variable, "GRIB_units");
    return units == null ? "" : units;
  }

  private static String attribute(Variable variable, String name) {
    Attribute a = variable.findAttribute(name);
    return a == null || !a.isString() ? null : a.getStringValue();
  }

  private static boolean allMissing(float[] values) {
    for (float v : values) {
      if (!Float.isNaN(v)) return false;
    }
    return true;
  }

  /** A slice the reader cannot describe in the model's terms. */
  private static final class UnsupportedSliceException extends Exception {
    UnsupportedSliceException(String message) {
      super(message);
    }
  }

  /** Reads one 2-D slice; fill and missing values become NaN. */
  private final class NetcdfValues implements FieldSource {
    private final Variable variable;
    private final int[] origin;
    private final int[] shape;
    private final int number;

    NetcdfValues(Variable variable, int[] origin, int[] shape, int number) {
      this.variable = variable;
      this.origin = origin;
      this.shape = shape;
      this.number = number;
    }

    float[] readNow() throws IOException, InvalidRangeException {
      Array array = variable.read(origin, shape);
      float[] values = (float[]) array.get1DJavaArray(float.class);
      if (variable instanceof VariableDS ds && ds.hasMissing()) {
        for (int i = 0; i < values.length; i++) {
          if (ds.isMissing(values[i])) values[i] = Float.NaN;
        }
      }
      return values;
    }

    @Override
    public float[] read() throws ForecastFileException {
      synchronized (dataset) {
        if (closed) {
          throw new ForecastFileException(
              path, "record " + number + ": cannot read values: the file is closed");
        }
        try {
          return readNow();
        } catch (IOException | InvalidRangeException | RuntimeException e) {
          throw new ForecastFileException(
              path,
              "record " + number + ": cannot read values: " + GribForecastFile.describe(e),
              e);
        }
      }
    }

    @Override
    public double precision() {
      Attribute scale = variable.findAttribute("scale_factor");
      return scale == null || scale.getNumericValue() == null
          ? 0
          : Math.abs(scale.getNumericValue().doubleValue()) / 2;
    }
  }

  @Override
  public Path path() {
    return path;
  }

  @Override
  public String format() {
    return "NetCDF";
  }

  @Override
  public List<FieldRef> fields() {
    return List.copyOf(fields);
  }

  @Override
  public List<SkippedField> skipped() {
    return List.copyOf(skipped);
  }

  @Override
  public void close() {
    synchronized (dataset) {
      if (closed) return;
      closed = true;
      try {
        dataset.close();
      } catch (IOException e) {
        log.debug("Closing {} failed", path, e);
      }
    }
  }
}
