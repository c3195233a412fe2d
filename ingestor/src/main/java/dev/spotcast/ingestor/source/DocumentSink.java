package dev.spotcast.ingestor.source;

import dev.spotcast.index.ForecastDocument;

/** Receives the documents a source produces; may block when the bulk senders are all busy. */
@FunctionalInterface
public interface DocumentSink {

  /**
   * @param axisPosition position of the document's level type in the run's axes
   * @param levelPosition position of the document's level in that axis's levels
   * @param stepPosition position of the document's step in the run's steps (of its first step when
   *     it carries a block)
   */
  void accept(int axisPosition, int levelPosition, int stepPosition, ForecastDocument document)
      throws InterruptedException;
}
