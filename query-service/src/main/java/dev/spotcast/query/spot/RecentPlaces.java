package dev.spotcast.query.spot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.springframework.stereotype.Component;

/**
 * The places this instance was asked about lately, so that the next instance to start (this one
 * restarted, or a new one given its list) reads their documents before it says it is ready: a
 * freshly started service otherwise answers its users' places from Elasticsearch, one miss of the
 * document cache after another, for its first tens of seconds. Keeps the last {@link #CAPACITY}
 * single-point requests of published runs (spot and series); {@link #mostAsked} ranks their places.
 * Recording is one store in a ring per request.
 */
@Component
public class RecentPlaces {

  /** Requests remembered: some tens of seconds of a busy instance. */
  static final int CAPACITY = 20_000;

  /**
   * A place as asked, without its time: what decides the documents a request reads (the grid points
   * around it, the levels around its height, the parameters).
   *
   * @param vertical null for the single-level fields
   * @param params as asked (empty: all of the run's at that vertical)
   */
  public record Place(
      String model,
      double lat,
      double lon,
      Vertical vertical,
      int neighbours,
      Method method,
      List<String> params) {

    public Place {
      params = List.copyOf(params);
    }

    Place withoutVertical() {
      return vertical == null ? this : new Place(model, lat, lon, null, neighbours, method, params);
    }

    static Place of(SpotRequest request) {
      return new Place(
          request.which().model(),
          request.where().lat(),
          request.where().lon(),
          request.where().vertical(),
          request.how().neighbours(),
          request.how().method(),
          request.how().params());
    }
  }

  private final AtomicReferenceArray<Place> ring;
  private final AtomicLong next = new AtomicLong();

  public RecentPlaces() {
    this(CAPACITY);
  }

  RecentPlaces(int capacity) {
    this.ring = new AtomicReferenceArray<>(capacity);
  }

  /** Notes a request of a single point; one of a named (past) run is not kept. */
  void record(SpotRequest request) {
    if (request.which().run() == null) {
      ring.lazySet((int) (next.getAndIncrement() % ring.length()), Place.of(request));
    }
  }

  /** How often a place was asked, and its latest request. */
  private static final class Seen {
    long count;
    long last;
    Place latest;
  }

  /**
   * The places of the requests remembered, most asked first (then the most recently asked), each
   * once, at most {@code limit}. Requests at the same point that differ only in their height or
   * pressure count as one place, answered at the latest one's: heights near the ground, each
   * request's a little different, read the same levels' documents.
   */
  public List<Place> mostAsked(int limit) {
    long end = next.get();
    long start = Math.max(0, end - ring.length());
    Map<Place, Seen> seen = new HashMap<>();
    for (long i = start; i < end; i++) {
      Place place = ring.get((int) (i % ring.length()));
      if (place != null) {
        Seen point = seen.computeIfAbsent(place.withoutVertical(), p -> new Seen());
        point.count++;
        point.last = i;
        point.latest = place;
      }
    }
    List<Seen> ranked = new ArrayList<>(seen.values());
    ranked.sort(Comparator.comparingLong((Seen s) -> -s.count).thenComparingLong(s -> -s.last));
    return ranked.stream().limit(limit).map(s -> s.latest).toList();
  }
}
