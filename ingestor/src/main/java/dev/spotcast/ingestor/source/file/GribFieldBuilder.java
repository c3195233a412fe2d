package dev.spotcast.ingestor.source.file;

import dev.spotcast.ingestor.source.file.GribLevels.Level;
import dev.spotcast.ingestor.source.file.GribLevels.UnsupportedLevelException;
import dev.spotcast.ingestor.source.file.GribMessages.Message;
import dev.spotcast.ingestor.source.file.GridFactory.UnsupportedGridException;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import ucar.nc2.grib.GribData;
import ucar.nc2.grib.GribTables;
import ucar.nc2.grib.grib1.Grib1DataReader;
import ucar.nc2.grib.grib1.Grib1Gds;
import ucar.nc2.grib.grib1.Grib1ParamTime;
import ucar.nc2.grib.grib1.Grib1Parameter;
import ucar.nc2.grib.grib1.Grib1Record;
import ucar.nc2.grib.grib1.Grib1SectionBitMap;
import ucar.nc2.grib.grib1.Grib1SectionProductDefinition;
import ucar.nc2.grib.grib1.tables.Grib1Customizer;
import ucar.nc2.grib.grib2.Grib2DataReader2;
import ucar.nc2.grib.grib2.Grib2Pds;
import ucar.nc2.grib.grib2.Grib2Record;
import ucar.nc2.grib.grib2.Grib2SectionDataRepresentation;
import ucar.nc2.grib.grib2.Grib2SectionGridDefinition;
import ucar.nc2.grib.grib2.Grib2Utils;
import ucar.nc2.grib.grib2.table.Grib2Customizer;
import ucar.nc2.time.CalendarDate;
import ucar.nc2.time.CalendarPeriod;

/**
 * Turns netCDF-Java's GRIB records into {@link FieldRef}s (or {@link SkippedField}s with the reason):
 * parameter and level from the tables netCDF-Java ships, times from the product definition, the grid
 * from the grid definition (one grid instance per distinct definition). Values are read with
 * netCDF-Java's data readers in stored order: the readers are called with scanning mode 0 so that
 * they do not reorder rows, and reduced Gaussian grids are never interpolated to a full grid.
 */
final class GribFieldBuilder {

  private final GribForecastFile file;
  private final Map<List<Integer>, Grib1Customizer> grib1Tables = new HashMap<>();
  private final List<FieldRef> fields = new ArrayList<>();
  private final List<SkippedField> skipped = new ArrayList<>();

  GribFieldBuilder(GribForecastFile file) {
    this.file = file;
  }

  List<FieldRef> fields() {
    return fields;
  }

  List<SkippedField> skipped() {
    return skipped;
  }

  void add(Message message, Grib1Record record) throws ForecastFileException {
    Grib1SectionProductDefinition pds = record.getPDSsection();
    Grib1Customizer tables = grib1Tables.computeIfAbsent(
        List.of(pds.getCenter(), pds.getSubCenter(), pds.getTableVersion()),
        key -> Grib1Customizer.factory(record, null));
    Grib1Parameter parameter = tables.getParameter(pds.getCenter(), pds.getSubCenter(), pds.getTableVersion(),
        pds.getParameterNumber());
    String tableName = parameter == null ? null : parameter.getName();
    String unit = parameter == null || parameter.getUnit() == null ? "" : parameter.getUnit();
    String plainName = ParameterNames.grib1(pds.getCenter(), pds.getTableVersion(), pds.getParameterNumber(),
        tableName, null, 0);
    try {
      Level level = GribLevels.grib1(pds.getLevelType(), tables.getParamLevel(pds).getValue1(),
          tables.getLevelDescription(pds.getLevelType()));
      String name = ParameterNames.grib1(pds.getCenter(), pds.getTableVersion(), pds.getParameterNumber(),
          tableName, level.type(), level.value());
      CalendarDate reference = pds.getReferenceDate();
      Grib1ParamTime time = tables.getParamTime(pds);
      int offset = time.isInterval() ? time.getInterval()[1] : time.getForecastTime();
      CalendarDate valid = add(reference, tables.convertTimeUnit(pds.getTimeUnit()), offset);
      Grib1Gds gds = record.getGDSsection().getGDS();
      PointGrid grid = grid(1, record.getGDSsection().getRawBytes(), () -> GribGrids.of(gds), gds.getNpts());
      Integer member = pds.isEnsemble() ? pds.getPerturbationNumber() : null;
      fields.add(new FieldRef(file.path(), message.number(), name, unit, level.type(), level.value(),
          instant(reference), stepHours(reference, valid), member, grid, new Grib1Values(message, record)));
    } catch (UnsupportedLevelException | UnsupportedFieldException | UnsupportedGridException e) {
      skipped.add(new SkippedField(message.number(), plainName, e.getMessage()));
    } catch (UnsupportedOperationException e) {
      skipped.add(new SkippedField(message.number(), plainName, "not supported: " + e.getMessage()));
    } catch (RuntimeException e) {
      throw new ForecastFileException(file.path(), "corrupt GRIB file: message " + message.number() + " at byte "
          + message.start() + " cannot be decoded: " + GribForecastFile.describe(e), e);
    }
  }

  void add(Message message, Grib2Record record) throws ForecastFileException {
    try {
      Grib2Customizer tables = Grib2Customizer.factory(record);
      Grib2Pds pds = record.getPDS();
      GribTables.Parameter parameter = tables.getParameter(record.getDiscipline(), pds.getParameterCategory(),
          pds.getParameterNumber());
      String abbreviation = parameter == null ? null : parameter.getAbbrev();
      String unit = parameter == null || parameter.getUnit() == null ? "" : parameter.getUnit();
      String plainName = ParameterNames.grib2(record.getDiscipline(), pds.getParameterCategory(),
          pds.getParameterNumber(), abbreviation, null, 0);
      try {
        Level level = GribLevels.grib2(pds.getLevelType1(), pds.getLevelValue1(), pds.getLevelType2(),
            tables.getLevelName(pds.getLevelType1()));
        String name = ParameterNames.grib2(record.getDiscipline(), pds.getParameterCategory(),
            pds.getParameterNumber(), abbreviation, level.type(), level.value());
        CalendarDate reference = record.getReferenceDate();
        CalendarDate valid = tables.getForecastDate(record);
        Grib2SectionGridDefinition gdss = record.getGDSsection();
        PointGrid grid = grid(2, gdss.getRawBytes(), () -> GribGrids.of(gdss.getGDS()), gdss.getNumberPoints());
        Integer member = pds.isEnsemble() ? ((Grib2Pds.PdsEnsemble) pds).getPerturbationNumber() : null;
        fields.add(new FieldRef(file.path(), message.number(), name, unit, level.type(), level.value(),
            instant(reference), stepHours(reference, valid), member, grid, new Grib2Values(message, record)));
      } catch (UnsupportedLevelException | UnsupportedFieldException | UnsupportedGridException e) {
        skipped.add(new SkippedField(message.number(), plainName, e.getMessage()));
      } catch (UnsupportedOperationException e) {
        skipped.add(new SkippedField(message.number(), plainName, "not supported: " + e.getMessage()));
      }
    } catch (IOException | RuntimeException e) {
      throw new ForecastFileException(file.path(), "corrupt GRIB file: message " + message.number() + " at byte "
          + message.start() + " cannot be decoded: " + GribForecastFile.describe(e), e);
    }
  }

  /** The grid for a grid definition, shared by all fields (and files) with that definition. */
  private PointGrid grid(int edition, byte[] definition, Supplier<PointGrid> build, int declaredPoints) {
    if (definition == null) {
      throw new UnsupportedFieldException("no grid definition section (predefined grids not supported)");
    }
    Object grid = GridCache.get(edition, definition, build);
    PointGrid points = (PointGrid) grid;
    if (points.pointCount() != declaredPoints) {
      throw new UnsupportedFieldException("grid " + points.kind() + " has " + points.pointCount()
          + " points but the message declares " + declaredPoints);
    }
    return points;
  }

  private static CalendarDate add(CalendarDate reference, int timeUnit, int amount) {
    CalendarPeriod unit = Grib2Utils.getCalendarPeriod(timeUnit);
    if (unit == null) {
      throw new UnsupportedFieldException("time unit " + timeUnit + " (code table 4.4) not supported");
    }
    return amount == 0 ? reference : reference.add(unit.multiply(amount));
  }

  private static int stepHours(CalendarDate reference, CalendarDate valid) {
    long millis = valid.getMillis() - reference.getMillis();
    if (millis % 3_600_000L != 0) {
      throw new UnsupportedFieldException("step of " + millis / 60_000.0 + " minutes is not a whole number of hours");
    }
    return Math.toIntExact(millis / 3_600_000L);
  }

  private static Instant instant(CalendarDate date) {
    return Instant.ofEpochMilli(date.getMillis());
  }

  /** Half the packing step 2^E / 10^D of simple (and derived) packing. */
  private static double precision(GribData.Info info) {
    if (info.numberOfBits == 0) {
      return 0;
    }
    return 0.5 * Math.pow(2, info.binaryScaleFactor) / Math.pow(10, info.decimalScaleFactor);
  }

  /** A field netCDF-Java can parse but that this reader does not offer. */
  static final class UnsupportedFieldException extends RuntimeException {
    UnsupportedFieldException(String message) {
      super(message);
    }
  }

  /** Decodes a GRIB1 field with netCDF-Java's simple-packing reader, in stored order. */
  private final class Grib1Values implements FieldSource {
    private final Message message;
    private final Grib1Record record;

    Grib1Values(Message message, Grib1Record record) {
      this.message = message;
      this.record = record;
    }

    @Override
    public float[] read() throws ForecastFileException {
      return file.withFile("message " + message.number() + ": cannot decode values", raf -> {
        int points = record.getGDSsection().getGDS().getNpts();
        // nx = all points, ny = 1, scan mode 0: one row in stored order, no thin-grid interpolation.
        Grib1DataReader reader = new Grib1DataReader(record.getPDSsection().getDecimalScale(), 0, points, 1, points,
            record.getDataSection().getStartingPosition());
        Grib1SectionBitMap bitmap = record.getBitMapSection();
        float[] values = reader.getData(raf, bitmap == null ? null : bitmap.getBitmap(raf));
        return checked(values, points);
      });
    }

    @Override
    public double precision() throws ForecastFileException {
      return file.withFile("message " + message.number() + ": cannot read packing",
          raf -> GribFieldBuilder.precision(record.getBinaryDataInfo(raf)));
    }

    private float[] checked(float[] values, int points) throws ForecastFileException {
      if (values.length != points) {
        throw new ForecastFileException(file.path(), "message " + message.number() + ": decoded " + values.length
            + " values for a grid of " + points + " points");
      }
      return values;
    }
  }

  /** Decodes a GRIB2 field with netCDF-Java's data reader, in stored order. */
  private final class Grib2Values implements FieldSource {
    private final Message message;
    private final Grib2Record record;

    Grib2Values(Message message, Grib2Record record) {
      this.message = message;
      this.record = record;
    }

    @Override
    public float[] read() throws ForecastFileException {
      return file.withFile("message " + message.number() + ": cannot decode values", raf -> {
        Grib2SectionDataRepresentation drs = record.getDataRepresentationSection();
        Grib2SectionGridDefinition gdss = record.getGDSsection();
        // scan mode 0: keep the stored order; reduced grids are not interpolated (that is done only by
        // Grib2Record.readData).
        Grib2DataReader2 reader = new Grib2DataReader2(drs.getDataTemplate(), gdss.getNumberPoints(),
            drs.getDataPoints(), 0, gdss.getGDS().getNxRaw(), record.getDataSection().getStartingPosition(),
            record.getDataSection().getMsgLength());
        float[] values = reader.getData(raf, record.getBitmapSection(), drs.getDrs(raf));
        if (values.length != gdss.getNumberPoints()) {
          throw new ForecastFileException(file.path(), "message " + message.number() + ": decoded " + values.length
              + " values for a grid of " + gdss.getNumberPoints() + " points");
        }
        return values;
      });
    }

    @Override
    public double precision() throws ForecastFileException {
      return file.withFile("message " + message.number() + ": cannot read packing",
          raf -> GribFieldBuilder.precision(record.getBinaryDataInfo(raf)));
    }
  }
}
