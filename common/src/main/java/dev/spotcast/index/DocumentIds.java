package dev.spotcast.index;

/**
 * Deterministic document ids, so that a retried or redone bulk overwrites instead of duplicating.
 * Model and run are in the index name, so inside an index level, step and grid point identify a
 * document; keeping the id short keeps Elasticsearch's id lookups and the terms index small.
 */
public final class DocumentIds {

  private DocumentIds() {}

  public static String of(int level, int step, int point) {
    return level + "_" + step + "_" + point;
  }
}
