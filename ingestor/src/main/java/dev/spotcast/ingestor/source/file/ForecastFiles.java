package dev.spotcast.ingestor.source.file;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Opens forecast files by what they contain, not by their name: GRIB (edition 1, 2 or both) when
 * "GRIB" appears within the first 16 KB (WMO bulletin headers may precede it), NetCDF when the file
 * starts with the NetCDF classic ("CDF\1", "CDF\2", "CDF\5") or HDF5/NetCDF-4 signature.
 */
public final class ForecastFiles {

  private static final int SNIFF_BYTES = 16 * 1024;
  private static final byte[] GRIB = "GRIB".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HDF5 = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

  private ForecastFiles() {}

  /**
   * Opens a file and reads the metadata of its fields. The caller closes the returned file.
   *
   * @throws ForecastFileException if the file is missing, empty, of another format, damaged or has
   *     no supported field
   */
  public static ForecastFile open(Path file) throws ForecastFileException {
    byte[] head = head(file);
    if (head.length == 0) {
      throw new ForecastFileException(file, "empty file");
    }
    if (isNetcdf(head)) {
      return NetcdfForecastFile.open(file);
    }
    if (indexOf(head, GRIB) >= 0) {
      return GribForecastFile.open(file);
    }
    // The reason never quotes the file's bytes: the message reaches callers who may not read the
    // file.
    throw new ForecastFileException(file, "not a GRIB or NetCDF file");
  }

  private static byte[] head(Path file) throws ForecastFileException {
    if (!Files.isRegularFile(file)) {
      throw new ForecastFileException(
          file, Files.exists(file) ? "not a regular file" : "file not found");
    }
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(SNIFF_BYTES);
    } catch (IOException e) {
      throw new ForecastFileException(file, "cannot read file: " + e.getMessage(), e);
    }
  }

  private static boolean isNetcdf(byte[] head) {
    boolean classic =
        head.length >= 4
            && head[0] == 'C'
            && head[1] == 'D'
            && head[2] == 'F'
            && (head[3] == 1 || head[3] == 2 || head[3] == 5);
    boolean hdf5 =
        head.length >= HDF5.length && Arrays.equals(head, 0, HDF5.length, HDF5, 0, HDF5.length);
    return classic || hdf5;
  }

  private static int indexOf(byte[] data, byte[] pattern) {
    outer:
    for (int i = 0; i + pattern.length <= data.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (data[i + j] != pattern[j]) continue outer;
      }
      return i;
    }
    return -1;
  }
}
