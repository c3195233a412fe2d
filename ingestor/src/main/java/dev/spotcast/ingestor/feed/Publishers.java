package dev.spotcast.ingestor.feed;

import java.util.List;
import java.util.Locale;

/** The built-in publisher layouts by their command-line names. */
public final class Publishers {

  private static final List<FeedLayout> ALL =
      List.of(
          new GfsLayout(),
          EcmwfLayout.ifs(),
          EcmwfLayout.aifs(),
          EcmwfLayout.ifsEnsemble(),
          new IconEuLayout());

  private Publishers() {}

  public static List<String> names() {
    return ALL.stream().map(FeedLayout::name).toList();
  }

  /**
   * @throws IllegalArgumentException listing the known names
   */
  public static FeedLayout byName(String name) {
    String wanted = name.strip().toLowerCase(Locale.ROOT);
    return ALL.stream()
        .filter(layout -> layout.name().equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown publisher '" + name + "': give one of " + String.join(", ", names())));
  }
}
