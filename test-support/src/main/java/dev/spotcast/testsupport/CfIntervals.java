package dev.spotcast.testsupport;

import java.io.IOException;
import java.nio.file.Path;
import ucar.ma2.Array;
import ucar.ma2.DataType;
import ucar.ma2.InvalidRangeException;
import ucar.nc2.Attribute;
import ucar.nc2.NetcdfFileWriter;
import ucar.nc2.Variable;

/**
 * A NetCDF file as a 6-hourly CF feed writes a statistic over time: one variable over 0-6 h and
 * 0-12 h from the start (run 2026-11-20 00 UTC), with its {@code cell_methods} and step bounds, on
 * a 3 by 2 grid at 50..49 N, 10..12 E (the grid of {@link IntervalMessages}).
 */
public final class CfIntervals {

  private CfIntervals() {}

  /**
   * Writes {@code name} with {@code cellMethods} ("step: sum", "time: mean") and {@code first} over
   * 0-6 h, {@code second} over 0-12 h at 50 N 10 E (0 elsewhere), in {@code units}.
   */
  public static Path write(
      Path file, String name, String cellMethods, String units, float first, float second)
      throws IOException {
    NetcdfFileWriter w =
        NetcdfFileWriter.createNew(NetcdfFileWriter.Version.netcdf3, file.toString());
    w.addDimension(null, "step", 2);
    w.addDimension(null, "nv", 2);
    w.addDimension(null, "latitude", 2);
    w.addDimension(null, "longitude", 3);
    Variable time = w.addVariable(null, "time", DataType.DOUBLE, "");
    w.addVariableAttribute(time, new Attribute("units", "hours since 2026-11-20 00:00:00"));
    w.addVariableAttribute(time, new Attribute("standard_name", "forecast_reference_time"));
    Variable step = w.addVariable(null, "step", DataType.DOUBLE, "step");
    w.addVariableAttribute(step, new Attribute("units", "hours"));
    w.addVariableAttribute(step, new Attribute("standard_name", "forecast_period"));
    w.addVariableAttribute(step, new Attribute("bounds", "step_bnds"));
    Variable bounds = w.addVariable(null, "step_bnds", DataType.DOUBLE, "step nv");
    Variable lat = w.addVariable(null, "latitude", DataType.DOUBLE, "latitude");
    w.addVariableAttribute(lat, new Attribute("units", "degrees_north"));
    Variable lon = w.addVariable(null, "longitude", DataType.DOUBLE, "longitude");
    w.addVariableAttribute(lon, new Attribute("units", "degrees_east"));
    Variable field = w.addVariable(null, name, DataType.FLOAT, "step latitude longitude");
    w.addVariableAttribute(field, new Attribute("units", units));
    w.addVariableAttribute(field, new Attribute("cell_methods", cellMethods));
    w.addVariableAttribute(field, new Attribute("coordinates", "time"));
    w.addVariableAttribute(field, new Attribute("GRIB_typeOfLevel", "surface"));
    w.create();
    try {
      w.write(time, Array.factory(DataType.DOUBLE, new int[0], new double[] {0}));
      w.write(step, Array.factory(DataType.DOUBLE, new int[] {2}, new double[] {6, 12}));
      w.write(bounds, Array.factory(DataType.DOUBLE, new int[] {2, 2}, new double[] {0, 6, 0, 12}));
      w.write(lat, Array.factory(DataType.DOUBLE, new int[] {2}, new double[] {50, 49}));
      w.write(lon, Array.factory(DataType.DOUBLE, new int[] {3}, new double[] {10, 11, 12}));
      w.write(
          field,
          Array.factory(
              DataType.FLOAT,
              new int[] {2, 2, 3},
              new float[] {first, 0, 0, 0, 0, 0, second, 0, 0, 0, 0, 0}));
    } catch (InvalidRangeException e) {
      throw new IllegalStateException(e);
    } finally {
      w.close();
    }
    return file;
  }
}
