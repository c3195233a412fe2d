package dev.spotcast.ingestor.feed;

import dev.spotcast.testsupport.PublishedTree;
import dev.spotcast.testsupport.PublishedTree.Message;
import dev.spotcast.testsupport.PublishedTree.Published;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * {@link PublishedTree} at the paths the layouts under test make (with an empty base URL): the
 * trees the feed tests publish, in the layouts' own words.
 */
final class Trees {

  private Trees() {}

  static Published gfs(Path root, String prefix, Instant run, int step, List<Message> messages)
      throws IOException {
    return PublishedTree.gfs(
        root, prefix, new GfsLayout().dataUrl("", run, step), RunTimes.run(run), step, messages);
  }

  static Published ecmwf(
      Path root,
      String prefix,
      EcmwfLayout layout,
      Instant run,
      int step,
      List<Message> messages,
      String extraIndexLines)
      throws IOException {
    return PublishedTree.ecmwf(
        root,
        prefix,
        layout.dataUrl("", run, step),
        RunTimes.day(run),
        RunTimes.hour(run),
        layout.streamOf(run),
        step,
        messages,
        extraIndexLines);
  }

  static Path icon(Path root, String prefix, Instant run, FieldKey key, byte[] grib)
      throws IOException {
    return PublishedTree.icon(root, prefix, new IconEuLayout().url("", run, key), grib);
  }
}
