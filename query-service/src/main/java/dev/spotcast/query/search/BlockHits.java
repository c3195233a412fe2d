package dev.spotcast.query.search;

import java.util.AbstractList;
import java.util.List;

/**
 * The hits of a document that carries a block of steps, one per step in step order, each made when
 * asked for from the block's numbers: what the document cache keeps of such a document (one object
 * and the numbers, not a hit per step).
 */
final class BlockHits extends AbstractList<ForecastHit> {

  private final ForecastHit read;
  private final List<Integer> steps;
  private final BlockStepValues values;

  private BlockHits(ForecastHit read, List<Integer> steps, BlockStepValues values) {
    this.read = read;
    this.steps = steps;
    this.values = values;
  }

  /**
   * The block a hit was read from (its values a view of the block's numbers, as {@link SearchWire}
   * reads a block), or null for any other hit.
   *
   * @param steps the block's steps, in order
   */
  static BlockHits of(ForecastHit hit, List<Integer> steps) {
    return hit.values() instanceof BlockStepValues block ? new BlockHits(hit, steps, block) : null;
  }

  /** The hit of the block's {@code k}-th step, at a distance from the place asked about. */
  ForecastHit hit(int k, double distance) {
    return new ForecastHit(
        read.axisPosition(),
        read.point(),
        read.level(),
        steps.get(k),
        values.atStep(k),
        distance,
        read.lat(),
        read.lon());
  }

  /** The block's steps, in order. */
  List<Integer> steps() {
    return steps;
  }

  /** The names of the parameters read, in the order of {@link #columns()}. */
  String[] names() {
    return values.names();
  }

  /** The block's numbers, per parameter read (a parameter with no value here may be null). */
  float[][] columns() {
    return (float[][]) values.block();
  }

  @Override
  public ForecastHit get(int k) {
    return hit(k, read.sortDistance());
  }

  @Override
  public int size() {
    return steps.size();
  }
}
