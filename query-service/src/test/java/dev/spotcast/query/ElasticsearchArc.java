package dev.spotcast.query;

/**
 * The distance Elasticsearch's geo sort ranks points by, written here independently of the service:
 * the great-circle (haversine) distance on a sphere of the mean Earth radius, 6,371,008.7714 m. The
 * WGS84 geodesic, which the service weights by, orders two points at nearly the same distance
 * differently now and then, so tests rank neighbours by this one.
 */
public final class ElasticsearchArc {

  private ElasticsearchArc() {}

  public static double meters(double lat1, double lon1, double lat2, double lon2) {
    double p1 = Math.toRadians(lat1);
    double p2 = Math.toRadians(lat2);
    double dp = p2 - p1;
    double dl = Math.toRadians(lon2 - lon1);
    double h =
        Math.sin(dp / 2) * Math.sin(dp / 2)
            + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * 6_371_008.7714 * Math.asin(Math.min(1, Math.sqrt(h)));
  }
}
