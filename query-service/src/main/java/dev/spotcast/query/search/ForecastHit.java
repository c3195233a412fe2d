package dev.spotcast.query.search;

import dev.spotcast.index.ForecastFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One document found by the neighbour search: level type, grid point, level, step, the requested
 * values, the distance Elasticsearch sorted it by, and (for grids whose points do not follow from
 * the grid definition) the point's coordinates.
 *
 * @param axisPosition the run axis (level type) of the index the document came from
 * @param values parameter name to value; a parameter without a value is absent
 * @param sortDistance arc distance in metres, the first sort value
 * @param lat latitude of the point, NaN when not fetched
 * @param lon longitude of the point, NaN when not fetched
 */
public record ForecastHit(
    int axisPosition,
    int point,
    double level,
    int step,
    Map<String, Double> values,
    double sortDistance,
    double lat,
    double lon) {

  static final String VALUE_PREFIX = ForecastFields.VALUES + ".";

  /**
   * The value of a parameter, NaN when the document has none: what interpolation reads, without a
   * boxed number for a document that carries a block of steps.
   */
  public double number(String parameter) {
    if (values instanceof StepValues step) {
      return step.number(parameter);
    }
    if (values instanceof BlockStepValues block) {
      return block.number(parameter);
    }
    Double value = values.get(parameter);
    return value == null ? Double.NaN : value;
  }

  /**
   * For reading a parameter along the steps of blocks without looking it up at each step: the
   * numbers of the block this hit was read from, shared by the hits of all its steps (compared by
   * identity), or null when the hit is not of a block.
   */
  public Object block() {
    return values instanceof BlockStepValues block ? block.block() : null;
  }

  /**
   * A parameter's numbers at every step of this hit's block, {@link #blockIndex()} being this hit's
   * (NaN where the step has no value); null when the block has no such parameter. The block's own
   * array: read it, never write it.
   */
  public float[] blockColumn(String parameter) {
    return ((BlockStepValues) values).column(parameter);
  }

  /** This hit's step's position in its block (a hit of a block only). */
  public int blockIndex() {
    return ((BlockStepValues) values).index();
  }

  /**
   * This hit's number in a column of its block ({@link #blockColumn}, which may be null), NaN when
   * there is none.
   */
  public double number(float[] blockColumn) {
    return BlockStepValues.at(blockColumn, blockIndex());
  }

  /** The same document with the distance it is ranked by. */
  public ForecastHit withSortDistance(double distance) {
    return new ForecastHit(axisPosition, point, level, step, values, distance, lat, lon);
  }

  /**
   * The doc-value fields to fetch: grid point, level, step, the requested values, and the location
   * when the grid does not give the points' coordinates.
   */
  public static List<String> fields(List<String> parameters, boolean withLocation) {
    List<String> fields = new ArrayList<>(4 + parameters.size());
    if (withLocation) {
      fields.add(ForecastFields.LOCATION);
    }
    fields.add(ForecastFields.POINT);
    fields.add(ForecastFields.LEVEL);
    fields.add(ForecastFields.STEP);
    for (String parameter : parameters) {
      fields.add(ForecastFields.value(parameter));
    }
    return fields;
  }
}
