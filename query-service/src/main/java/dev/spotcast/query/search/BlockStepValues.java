package dev.spotcast.query.search;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values of one step of a document that carries a block of steps, as a read-only map over the
 * block's unpacked numbers: every step of a block shares them, so reading a whole series makes no
 * map per step and boxes a number only when it is looked up. A parameter whose number is NaN (no
 * value at that step) is absent, as in a one-step document's values.
 */
final class BlockStepValues extends AbstractMap<String, Double> {

  private final String[] names;
  private final float[][] numbers;
  private final int index;

  /**
   * @param names the parameters read
   * @param numbers per parameter, its numbers at the block's steps
   * @param index the step's position in the block
   */
  BlockStepValues(String[] names, float[][] numbers, int index) {
    this.names = names;
    this.numbers = numbers;
    this.index = index;
  }

  /** The values of another step of the same block. */
  BlockStepValues atStep(int step) {
    return new BlockStepValues(names, numbers, step);
  }

  @Override
  public Double get(Object key) {
    double value = key instanceof String name ? number(name) : Double.NaN;
    return Double.isNaN(value) ? null : value;
  }

  /** The numbers of a parameter at every step of the block, null when it was not read. */
  float[] column(String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return numbers[i];
      }
    }
    return null;
  }

  /** The parameters' names, in the order of the block's numbers. */
  String[] names() {
    return names;
  }

  /** The block's numbers, shared by the values of all its steps. */
  Object block() {
    return numbers;
  }

  /** This step's position in the block. */
  int index() {
    return index;
  }

  /** The number of a parameter at this step, NaN when it has none or was not read. */
  double number(String name) {
    return at(column(name), index);
  }

  /** A parameter's number at a step of the block, NaN when the block has none there. */
  static double at(float[] column, int index) {
    return column != null && index < column.length ? column[index] : Double.NaN;
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  private Double valueOf(int parameter) {
    double value = at(numbers[parameter], index);
    return Double.isNaN(value) ? null : value;
  }

  @Override
  public Set<Map.Entry<String, Double>> entrySet() {
    List<Map.Entry<String, Double>> present = new ArrayList<>(names.length);
    for (int i = 0; i < names.length; i++) {
      Double value = valueOf(i);
      if (value != null) {
        present.add(new SimpleImmutableEntry<>(names[i], value));
      }
    }
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Double>> iterator() {
        return present.iterator();
      }

      @Override
      public int size() {
        return present.size();
      }
    };
  }
}
