package dev.spotcast.bench.grib;

import dev.spotcast.ingestor.source.file.FieldRef;
import dev.spotcast.ingestor.source.file.ForecastFile;
import dev.spotcast.ingestor.source.file.ForecastFiles;
import java.nio.file.Path;
import java.util.Locale;
import ucar.nc2.grib.grib1.Grib1DataReader;
import ucar.nc2.grib.grib1.Grib1Record;
import ucar.nc2.grib.grib1.Grib1RecordScanner;
import ucar.nc2.grib.grib2.Grib2Record;
import ucar.nc2.grib.grib2.Grib2RecordScanner;
import ucar.unidata.io.RandomAccessFile;

/**
 * Decoding rate (values per second, one thread) of ecCodes, as Spotcast calls it, and of
 * netCDF-Java 4.5.5 on the same single-field GRIB files; netCDF-Java is timed only on the packings
 * it reads. Run: {@code ./spotcast bench grib-decode FILE...} (each file one field; write them with
 * ecCodes in each packing). Prints one table row per file.
 */
public final class GribDecodeRates {

  private static final long BUDGET_NANOS = 3_000_000_000L;

  private GribDecodeRates() {}

  public static void main(String[] args) throws Exception {
    System.out.println("| file | values | ecCodes (values/s) | netCDF-Java 4.5.5 (values/s) |");
    System.out.println("|---|---|---|---|");
    for (String arg : args) {
      Path file = Path.of(arg);
      double eccodes;
      int values;
      try (ForecastFile f = ForecastFiles.open(file)) {
        FieldRef field = f.fields().get(0);
        values = field.read().length;
        eccodes = rate(values, field::read);
      }
      String netcdf;
      try (RandomAccessFile raf = new RandomAccessFile(arg, "r")) {
        Decoder decoder = netcdfDecoder(raf);
        decoder.decode();
        netcdf = String.format(Locale.ROOT, "%.3g", rate(values, decoder));
      } catch (Exception | LinkageError e) {
        netcdf = "cannot decode (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
      }
      System.out.printf(
          Locale.ROOT, "| %s | %,d | %.3g | %s |%n", file.getFileName(), values, eccodes, netcdf);
    }
  }

  private static Decoder netcdfDecoder(RandomAccessFile raf) throws Exception {
    raf.order(RandomAccessFile.BIG_ENDIAN);
    if (Grib2RecordScanner.isValidFile(raf)) {
      Grib2Record record = new Grib2RecordScanner(raf).next();
      return () -> record.readData(raf);
    }
    raf.seek(0);
    Grib1Record record = new Grib1RecordScanner(raf).next();
    // Grib1Record.readData needs a bzip2 library the build leaves out; its simple-packing reader
    // directly:
    int points = record.getGDSsection().getGDS().getNpts();
    Grib1DataReader reader =
        new Grib1DataReader(
            record.getPDSsection().getDecimalScale(),
            0,
            points,
            1,
            points,
            record.getDataSection().getStartingPosition());
    return () -> reader.getData(raf, null);
  }

  /** Values per second over repeated decodes for about three seconds, after one warm-up second. */
  private static double rate(int values, Decoder decoder) throws Exception {
    long warm = System.nanoTime() + BUDGET_NANOS / 3;
    while (System.nanoTime() < warm) decoder.decode();
    long start = System.nanoTime();
    long n = 0;
    while (System.nanoTime() - start < BUDGET_NANOS) {
      decoder.decode();
      n++;
    }
    return (double) n * values / ((System.nanoTime() - start) / 1e9);
  }

  @FunctionalInterface
  interface Decoder {
    Object decode() throws Exception;
  }
}
