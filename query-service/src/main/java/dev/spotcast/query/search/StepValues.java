package dev.spotcast.query.search;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The values of a document of one step, as a read-only map over two arrays: parameter names (the
 * shared strings {@link SearchWire#valueName} gives) and their numbers. A document kept in the
 * document cache holds these two arrays instead of a hash map with a node and a boxed number per
 * value: half the heap, a third of the objects (the young collections' work when the cache holds
 * millions of such documents). A parameter without a value is absent.
 */
final class StepValues extends AbstractMap<String, Double> {

  private final String[] names;
  private final double[] numbers;

  /**
   * @param names the parameters that have a value, each once
   * @param numbers their values, in the same order
   */
  StepValues(String[] names, double[] numbers) {
    this.names = names;
    this.numbers = numbers;
  }

  /** The position of a parameter among the names, -1 when it has no value. */
  private int indexOf(Object name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** The value of a parameter, NaN when it has none. */
  double number(String name) {
    int i = indexOf(name);
    return i < 0 ? Double.NaN : numbers[i];
  }

  @Override
  public Double get(Object key) {
    int i = indexOf(key);
    return i < 0 ? null : numbers[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return names.length;
  }

  @Override
  public Set<Map.Entry<String, Double>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Double>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < names.length;
          }

          @Override
          public Map.Entry<String, Double> next() {
            if (next >= names.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(names[i], numbers[i]);
          }
        };
      }

      @Override
      public int size() {
        return names.length;
      }
    };
  }
}
