package dev.spotcast.ingest.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spotcast.ingest.Samples;
import dev.spotcast.testsupport.IntervalMessages;
import dev.spotcast.testsupport.PublishedTree.Message;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fields the feed tests publish: 2t and 2d of run 2026-11-20 00 UTC at steps 0, 3 and 6 on a 2
 * x 3 grid (6 points: 18 documents), each with its own values, written by ecCodes ({@link
 * IntervalMessages}), one GRIB2 message each, named as ECMWF does (level {@code sfc}).
 */
final class FeedFields {

  static final List<Integer> STEPS = List.of(0, 3, 6);

  private FeedFields() {}

  /** Per step, the messages of 2t and 2d. */
  static Map<Integer, List<Message>> write(Path dir) throws Exception {
    List<IntervalMessages> specs = new ArrayList<>();
    for (int step : STEPS) {
      specs.add(instant("2t", step, 270 + step));
      specs.add(instant("2d", step, 260 + step));
    }
    Path grib = dir.resolve("fields.grib2");
    IntervalMessages.write(specs, grib, Samples.folder());
    List<byte[]> split = split(Files.readAllBytes(grib));
    assertThat(split).hasSize(specs.size());
    Map<Integer, List<Message>> byStep = new TreeMap<>();
    for (int i = 0; i < specs.size(); i++) {
      byStep
          .computeIfAbsent(specs.get(i).end(), s -> new ArrayList<>())
          .add(new Message(specs.get(i).name(), "sfc", split.get(i)));
    }
    return byStep;
  }

  private static IntervalMessages instant(String name, int step, double base) {
    return new IntervalMessages(
        2,
        "ecmf",
        name,
        "instant",
        step,
        step,
        "h",
        new double[] {base, base + 1, base + 2, base + 3, base + 4, base + 5});
  }

  /** GRIB2 messages one after the other: each says its length in bytes 8..15. */
  private static List<byte[]> split(byte[] bytes) {
    List<byte[]> messages = new ArrayList<>();
    int at = 0;
    while (at < bytes.length) {
      long length = ByteBuffer.wrap(bytes, at + 8, 8).getLong();
      messages.add(Arrays.copyOfRange(bytes, at, at + (int) length));
      at += (int) length;
    }
    return messages;
  }
}
