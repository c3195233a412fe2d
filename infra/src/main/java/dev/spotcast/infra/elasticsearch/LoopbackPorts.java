package dev.spotcast.infra.elasticsearch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/** Free TCP ports on 127.0.0.1, where local nodes listen. */
public final class LoopbackPorts {

  // Below Linux's ephemeral range (32768+), so outgoing connections are unlikely to take a port
  // between the check and the node's bind.
  private static final int LOWEST = 20000;
  private static final int HIGHEST = 32000;
  private static final int ATTEMPTS = 100;

  private LoopbackPorts() {}

  /** Whether a server could listen on {@code port} of 127.0.0.1 right now. */
  public static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(NodeLayout.HOST, port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The first of {@code count} consecutive ports that are all free, chosen at random so that JVMs
   * rarely collide.
   */
  public static int freeBlock(int count) {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int first = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST - count);
      if (IntStream.range(first, first + count).allMatch(LoopbackPorts::isFree)) {
        return first;
      }
    }
    throw new IllegalStateException(
        "No "
            + count
            + " consecutive free ports on "
            + NodeLayout.HOST
            + " between "
            + LOWEST
            + " and "
            + HIGHEST);
  }
}
