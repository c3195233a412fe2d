package dev.spotcast.bench.ingest;

import dev.spotcast.ingestor.bulk.LoaderSettings;
import dev.spotcast.ingestor.bulk.SliceProducers;
import dev.spotcast.ingestor.source.ForecastSource;
import dev.spotcast.sharding.ShardingStrategy;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bulk bodies of a run too large to keep in memory (100 M documents are some 23 GB of NDJSON),
 * written to one file before anything is timed and read back in order while posting: the raw phase
 * of the scale benchmark posts the same bytes the ingestor would send, as the 2016 reference posted
 * prepared files with curl. Record layout: index name (modified UTF-8), documents (int), body
 * length (int), body bytes.
 */
final class BulkBodyFile implements RawBulkLoad.Bodies, AutoCloseable {

  private final DataInputStream in;

  private BulkBodyFile(Path file) throws IOException {
    this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20));
  }

  /** What {@link #write} wrote. */
  record Written(long bodies, long documents, long bytes) {}

  /**
   * Produces every slice of the source with the loader's producers and batch limits into {@code
   * file}.
   */
  static Written write(
      Path file, ForecastSource source, ShardingStrategy strategy, LoaderSettings settings)
      throws Exception {
    Files.createDirectories(file.toAbsolutePath().getParent());
    long[] totals = new long[3];
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20))) {
      Throwable failure =
          SliceProducers.run(
              source,
              strategy,
              settings.producerThreads(),
              settings.bulkDocuments(),
              settings.bulkBytes(),
              batch -> {
                byte[] body = batch.body();
                synchronized (out) {
                  try {
                    out.writeUTF(batch.index());
                    out.writeInt(batch.documents());
                    out.writeInt(body.length);
                    out.write(body);
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                  totals[0]++;
                  totals[1] += batch.documents();
                  totals[2] += body.length;
                }
              },
              "bench-spill-");
      if (failure != null) {
        throw new IllegalStateException("writing the bulk bodies to " + file + " failed", failure);
      }
    }
    return new Written(totals[0], totals[1], totals[2]);
  }

  static BulkBodyFile open(Path file) throws IOException {
    return new BulkBodyFile(file);
  }

  /** The next body in the file, or null at its end; safe to call from several posters. */
  @Override
  public synchronized BulkBodies.Body next() {
    try {
      String index;
      try {
        index = in.readUTF();
      } catch (EOFException end) {
        return null;
      }
      int documents = in.readInt();
      byte[] body = new byte[in.readInt()];
      in.readFully(body);
      return new BulkBodies.Body(index, body, documents, null);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the bulk bodies failed", e);
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
