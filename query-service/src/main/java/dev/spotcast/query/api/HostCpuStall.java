package dev.spotcast.query.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The share of the last ten seconds in which some task on this host waited for a core: Linux's
 * pressure stall information ({@code /proc/pressure/cpu}, the {@code some avg10} figure, kernels
 * 4.20 and later). When the host's cores are saturated, the users' latency grows where the door
 * does not count it (measured: the answers' writes to the socket, after the door has counted the
 * request; docs/benchmarks-journal.md, "Stop 48"), and this figure sees the saturation.
 *
 * <p>Where the file does not exist or cannot be read (another system, a kernel without PSI) the
 * share is unknown, and the pressure rule goes by the door alone.
 */
final class HostCpuStall {

  /** Where Linux writes the CPU's pressure. */
  static final Path PROC = Path.of("/proc/pressure/cpu");

  private static final Pattern SOME_AVG10 =
      Pattern.compile("^some\\s.*\\bavg10=([0-9]+(?:\\.[0-9]+)?)", Pattern.MULTILINE);

  private final Path file;

  HostCpuStall(Path file) {
    this.file = file;
  }

  /** The share now, in [0, 1], or empty when this host does not say. */
  OptionalDouble share() {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return OptionalDouble.empty();
    }
    return parse(text);
  }

  /** The {@code some avg10} figure of a PSI file's text, as a share; empty when absent. */
  static OptionalDouble parse(String text) {
    Matcher some = SOME_AVG10.matcher(text);
    if (!some.find()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(Math.min(1, Double.parseDouble(some.group(1)) / 100));
  }
}
