package dev.spotcast.ingestor.source.file;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The grids of the last few grid definitions seen in any file, so that a run of files on one model
 * grid computes the per-point coordinates (for a projected grid: one inverse projection per point)
 * once, not once per file. Small on purpose: a grid of a few million points holds tens of MB.
 */
final class GridCache {

  private static final int CAPACITY = 4;

  private static final Map<ByteBuffer, Object> GRIDS =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Object> eldest) {
          return size() > CAPACITY;
        }
      };

  private GridCache() {}

  /**
   * The grid for a raw grid definition (prefixed with the edition), built if not cached; a
   * definition that cannot be built is remembered as such and throws the same exception again.
   */
  static PointGrid get(int edition, byte[] definition, Supplier<PointGrid> build) {
    ByteBuffer key =
        ByteBuffer.allocate(definition.length + 1).put((byte) edition).put(definition).flip();
    Object grid;
    synchronized (GRIDS) {
      grid = GRIDS.get(key);
    }
    if (grid == null) {
      try {
        grid = build.get();
      } catch (GridFactory.UnsupportedGridException e) {
        grid = e;
      }
      synchronized (GRIDS) {
        GRIDS.put(key, grid);
      }
    }
    if (grid instanceof GridFactory.UnsupportedGridException e) {
      throw new GridFactory.UnsupportedGridException(e.getMessage());
    }
    return (PointGrid) grid;
  }
}
