package dev.spotcast.query;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP proxy in front of the real Elasticsearch, so that a test can take it away (every
 * connection dropped, new ones closed at once, as when the node dies) and bring it back, or slow
 * its answers down, without restarting the shared node.
 */
public final class TcpProxy implements AutoCloseable {

  private final ServerSocket server;
  private final InetSocketAddress target;
  private final String scheme;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private volatile boolean down;
  private volatile long latencyMillis;

  public TcpProxy(String targetUrl) throws IOException {
    URI uri = URI.create(targetUrl);
    this.target = new InetSocketAddress(uri.getHost(), uri.getPort());
    // Bytes pass through untouched, TLS included: the client talks https to the proxy as to the
    // node.
    this.scheme = uri.getScheme();
    this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    Thread.ofPlatform().daemon().name("tcp-proxy-accept").start(this::acceptLoop);
  }

  public String url() {
    return scheme + "://127.0.0.1:" + server.getLocalPort();
  }

  /** Drops every connection and refuses new ones (they are closed as soon as accepted). */
  public void down() {
    down = true;
    for (Socket socket : open) {
      closeQuietly(socket);
    }
  }

  public void up() {
    down = false;
  }

  /** Delay before each chunk of an answer is passed on. */
  public void latency(long millis) {
    latencyMillis = millis;
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return;
      }
      if (down) {
        closeQuietly(client);
        continue;
      }
      Thread.ofVirtual().start(() -> connect(client));
    }
  }

  private void connect(Socket client) {
    Socket upstream = new Socket();
    try {
      upstream.connect(target, 2000);
    } catch (IOException e) {
      closeQuietly(client);
      return;
    }
    open.add(client);
    open.add(upstream);
    Thread.ofVirtual().start(() -> pump(client, upstream, false));
    pump(upstream, client, true);
  }

  private void pump(Socket from, Socket to, boolean answers) {
    byte[] buffer = new byte[16384];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int read;
      while ((read = in.read(buffer)) >= 0) {
        if (answers && latencyMillis > 0) {
          Thread.sleep(latencyMillis);
        }
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException | InterruptedException e) {
      // the other side closed, or the proxy went down
    } finally {
      closeQuietly(from);
      closeQuietly(to);
      open.remove(from);
      open.remove(to);
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    down();
  }
}
