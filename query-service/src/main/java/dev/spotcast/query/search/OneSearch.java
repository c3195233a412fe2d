package dev.spotcast.query.search;

import java.util.List;

/**
 * One search of a spot request: what differs between the paths (index, routing, what it selects,
 * size); what they share (doc-value fields only, no stored fields, no total count) is written in
 * one place for both forms, a single search or an item of a multi-search ({@link SearchWire}).
 *
 * @param routing the routing keys of the tiles searched, comma-separated; null when documents are
 *     routed by _id (every shard is asked)
 * @param fields the doc-value fields read
 * @param axis the run axis (level type) of the index, to read its hits
 * @param blocks how the run's documents carry blocks of steps, to read each as a hit per step; null
 *     when they carry one step each
 */
public record OneSearch(
    String index,
    String routing,
    SearchWire.Criteria criteria,
    int size,
    List<String> fields,
    int axis,
    StepBlocksRead blocks) {

  /** A search of a run whose documents carry one step each. */
  public OneSearch(
      String index,
      String routing,
      SearchWire.Criteria criteria,
      int size,
      List<String> fields,
      int axis) {
    this(index, routing, criteria, size, fields, axis, null);
  }
}
