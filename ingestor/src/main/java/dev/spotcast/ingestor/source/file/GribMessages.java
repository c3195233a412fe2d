package dev.spotcast.ingestor.source.file;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import ucar.unidata.io.KMPMatch;
import ucar.unidata.io.RandomAccessFile;

/**
 * Finds the GRIB messages of a file and checks their framing before anything is decoded: each
 * message starts with "GRIB", has a known edition, fits into the file and ends with "7777".
 * netCDF-Java's record scanners skip damaged messages with a log line; this check turns a truncated or
 * damaged file into an error that says where it is broken.
 */
final class GribMessages {

  private static final KMPMatch GRIB = new KMPMatch(new byte[] {'G', 'R', 'I', 'B'});
  private static final int MIN_LENGTH = 16;

  /** One message: its 0-based number, where it starts, how long it is and its edition (1 or 2). */
  record Message(int number, long start, long length, int edition) {}

  private GribMessages() {}

  static List<Message> locate(Path file, RandomAccessFile raf) throws ForecastFileException, IOException {
    List<Message> messages = new ArrayList<>();
    long fileLength = raf.length();
    long pos = 0;
    while (pos < fileLength) {
      raf.seek(pos);
      if (!raf.searchForward(GRIB, -1)) {
        break;
      }
      long start = raf.getFilePointer();
      int number = messages.size();
      if (start + MIN_LENGTH > fileLength) {
        throw new ForecastFileException(file, "truncated GRIB file: the header of message " + number
            + " at byte " + start + " is cut off (the file ends after " + fileLength + " bytes)");
      }
      raf.seek(start + 4);
      int b1 = raf.read();
      int b2 = raf.read();
      int b3 = raf.read();
      int edition = raf.read();
      long length;
      if (edition == 1) {
        length = ((long) b1 << 16) | ((long) b2 << 8) | b3;
      } else if (edition == 2) {
        raf.seek(start + 8);
        length = raf.readLong();
      } else {
        throw new ForecastFileException(file, "corrupt GRIB file: message " + number + " at byte " + start
            + " has edition " + edition + " (only GRIB editions 1 and 2 exist)");
      }
      if (length < MIN_LENGTH) {
        throw new ForecastFileException(file, "corrupt GRIB file: message " + number + " at byte " + start
            + " declares an impossible length of " + length + " bytes");
      }
      if (start + length > fileLength) {
        throw new ForecastFileException(file, "truncated GRIB file: message " + number + " at byte " + start
            + " declares " + length + " bytes but the file ends after " + (fileLength - start) + " of them");
      }
      raf.seek(start + length - 4);
      for (int i = 0; i < 4; i++) {
        if (raf.read() != '7') {
          throw new ForecastFileException(file, "corrupt GRIB file: message " + number + " at byte " + start
              + " does not end with '7777' where its declared length of " + length + " bytes ends");
        }
      }
      messages.add(new Message(number, start, length, edition));
      pos = start + length;
    }
    if (messages.isEmpty()) {
      throw new ForecastFileException(file, "no GRIB message found");
    }
    return messages;
  }
}
