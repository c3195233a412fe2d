package dev.spotcast.ingestor.source.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the GRIB messages of a file and checks their framing before anything is decoded: each
 * message starts with "GRIB", has a known edition, fits into the file and ends with "7777". Only
 * the few header bytes of each message are read, so a file of many GB is located without being
 * loaded. A truncated or damaged file becomes an error that says which message is broken and how.
 */
final class GribMessages {

  private static final int MIN_LENGTH = 16;
  private static final int SEARCH_CHUNK = 64 * 1024;

  /**
   * One message: its 0-based number, where it starts, how long it is, its edition (1 or 2) and the
   * number of fields in it (a GRIB2 message may repeat sections 2-7; always 1 in GRIB1).
   */
  record Message(int number, long start, long length, int edition, int fields) {}

  private GribMessages() {}

  static List<Message> locate(Path file, FileChannel channel)
      throws ForecastFileException, IOException {
    List<Message> messages = new ArrayList<>();
    long fileLength = channel.size();
    long pos = 0;
    while (pos < fileLength) {
      long start = findGrib(channel, pos, fileLength);
      if (start < 0) {
        break;
      }
      int number = messages.size();
      if (start + MIN_LENGTH > fileLength) {
        throw new ForecastFileException(
            file,
            "truncated GRIB file: the header of message "
                + number
                + " at byte "
                + start
                + " is cut off (the file ends after "
                + fileLength
                + " bytes)");
      }
      ByteBuffer header = read(channel, start, MIN_LENGTH);
      int edition = header.get(7) & 0xff;
      long length;
      if (edition == 1) {
        length = grib1Length(channel, start, uint24(header, 4), fileLength);
      } else if (edition == 2) {
        length = header.getLong(8);
      } else {
        throw new ForecastFileException(
            file,
            "corrupt GRIB file: message "
                + number
                + " at byte "
                + start
                + " has edition "
                + edition
                + " (only GRIB editions 1 and 2 exist)");
      }
      if (length < MIN_LENGTH) {
        throw new ForecastFileException(
            file,
            "corrupt GRIB file: message "
                + number
                + " at byte "
                + start
                + " declares an impossible length of "
                + length
                + " bytes");
      }
      if (start + length > fileLength) {
        throw new ForecastFileException(
            file,
            "truncated GRIB file: message "
                + number
                + " at byte "
                + start
                + " declares "
                + length
                + " bytes but the file ends after "
                + (fileLength - start)
                + " of them");
      }
      ByteBuffer end = read(channel, start + length - 4, 4);
      for (int i = 0; i < 4; i++) {
        if (end.get(i) != '7') {
          throw new ForecastFileException(
              file,
              "corrupt GRIB file: message "
                  + number
                  + " at byte "
                  + start
                  + " does not end with '7777' where its declared length of "
                  + length
                  + " bytes ends");
        }
      }
      Message message = new Message(number, start, length, edition, 1);
      String broken = edition == 1 ? checkGrib1Sections(channel, message, uint24(header, 4)) : null;
      int fields = 1;
      if (edition == 2) {
        fields = grib2Fields(channel, start, length);
        if (fields < 0) broken = "section " + -fields + " runs past the end of the message";
      }
      if (broken != null) {
        throw new ForecastFileException(
            file,
            "corrupt GRIB file: message "
                + number
                + " at byte "
                + start
                + " cannot be decoded: "
                + broken);
      }
      messages.add(new Message(number, start, length, edition, fields));
      pos = start + length;
    }
    if (messages.isEmpty()) {
      throw new ForecastFileException(file, "no GRIB message found");
    }
    return messages;
  }

  /**
   * The length of a GRIB1 message. Octets 5-7 hold it directly up to 8 MB; a larger message
   * (ECMWF's "large GRIB") sets the top bit and counts in units of 120 bytes, and then the length
   * of section 4 (below 120 in that case) tells how much of the last unit is padding: length = n *
   * 120 - s4 + 4. This is how ecCodes reads them (grib_io.c, read_GRIB).
   */
  static long grib1Length(FileChannel channel, long start, long coded, long fileLength)
      throws IOException {
    if ((coded & 0x800000) == 0) {
      return coded;
    }
    long pos = start + 8;
    if (pos + 8 > fileLength) return coded;
    ByteBuffer section1 = read(channel, pos, 8);
    long section1Length = uint24(section1, 0);
    int flags = section1.get(7) & 0xff;
    pos += section1Length;
    if ((flags & 0x80) != 0) {
      if (pos + 3 > fileLength) return coded;
      pos += uint24(read(channel, pos, 3), 0);
    }
    if ((flags & 0x40) != 0) {
      if (pos + 3 > fileLength) return coded;
      pos += uint24(read(channel, pos, 3), 0);
    }
    if (pos + 3 > fileLength) return coded;
    long section4Length = uint24(read(channel, pos, 3), 0);
    if (section4Length < 120) {
      return (coded & 0x7fffff) * 120 - section4Length + 4;
    }
    return coded;
  }

  /**
   * The number of data sections (7) of a GRIB2 message, from its section headers (length, number);
   * minus the section's number when a section runs past the end of the message.
   */
  private static int grib2Fields(FileChannel channel, long start, long length) throws IOException {
    int fields = 0;
    long pos = start + 16;
    long end = start + length - 4;
    while (pos + 5 <= end) {
      ByteBuffer header = read(channel, pos, 5);
      long sectionLength = header.getInt(0) & 0xffffffffL;
      int section = header.get(4);
      if (sectionLength < 5 || pos + sectionLength > end) {
        return -Math.max(section, 1);
      }
      if (section == 7) {
        fields++;
      }
      pos += sectionLength;
    }
    return Math.max(fields, 1);
  }

  /**
   * Why the sections of a GRIB1 message (product definition, optional grid definition and bitmap,
   * binary data) do not fit into it, or null when they do. The data section of a large message is
   * not checked: its length field holds the padding instead.
   */
  private static String checkGrib1Sections(FileChannel channel, Message m, long coded)
      throws IOException {
    long end = m.start() + m.length() - 4;
    long pos = m.start() + 8;
    ByteBuffer pds = read(channel, pos, 8);
    int flags = pds.get(7) & 0xff;
    String[] names = {"product definition", "grid definition", "bitmap", "binary data"};
    boolean[] present = {true, (flags & 0x80) != 0, (flags & 0x40) != 0, (coded & 0x800000) == 0};
    for (int s = 0; s < names.length; s++) {
      if (!present[s]) continue;
      if (pos + 3 > end) {
        return "its " + names[s] + " section starts past the end of the message";
      }
      long sectionLength = uint24(read(channel, pos, 3), 0);
      if (sectionLength < 3 || pos + sectionLength > end) {
        return "its "
            + names[s]
            + " section ("
            + sectionLength
            + " bytes at byte "
            + (pos - m.start())
            + ") runs past the end of the message";
      }
      pos += sectionLength;
    }
    return null;
  }

  private static long uint24(ByteBuffer b, int at) {
    return ((b.get(at) & 0xffL) << 16) | ((b.get(at + 1) & 0xffL) << 8) | (b.get(at + 2) & 0xffL);
  }

  private static ByteBuffer read(FileChannel channel, long position, int length)
      throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0) {
        throw new IOException("unexpected end of file at byte " + (position + buffer.position()));
      }
    }
    return buffer.flip();
  }

  /** The position of the next "GRIB" at or after from, or -1. */
  private static long findGrib(FileChannel channel, long from, long fileLength) throws IOException {
    long pos = from;
    while (pos + 4 <= fileLength) {
      int n = (int) Math.min(SEARCH_CHUNK, fileLength - pos);
      ByteBuffer chunk = read(channel, pos, n);
      for (int i = 0; i + 4 <= n; i++) {
        if (chunk.get(i) == 'G'
            && chunk.get(i + 1) == 'R'
            && chunk.get(i + 2) == 'I'
            && chunk.get(i + 3) == 'B') {
          return pos + i;
        }
      }
      pos += n - 3;
      if (n < 4) break;
    }
    return -1;
  }
}
