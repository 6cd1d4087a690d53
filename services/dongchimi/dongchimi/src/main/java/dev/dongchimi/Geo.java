package dev.dongchimi;

/** Great-circle distance and the bounding box that pre-filters it. */
final class Geo {
  static final double EARTH_RADIUS_M = 6_371_008.8;
  static final int MAX_RADIUS_M = 10_000;

  private Geo() {}

  record Box(double minLat, double maxLat, double minLng, double maxLng) {}

  /** A box that contains every point within {@code radiusM} of (lat, lng). */
  static Box box(double lat, double lng, double radiusM) {
    double dLat = Math.toDegrees(radiusM / EARTH_RADIUS_M);
    double cos = Math.cos(Math.toRadians(Math.min(89.0, Math.abs(lat) + dLat)));
    double dLng = Math.min(180.0, Math.toDegrees(radiusM / (EARTH_RADIUS_M * cos)));
    return new Box(lat - dLat, lat + dLat, lng - dLng, lng + dLng);
  }

  /** Haversine distance in metres; the SQL computes the same formula. */
  static double distanceM(double lat1, double lng1, double lat2, double lng2) {
    double p1 = Math.toRadians(lat1);
    double p2 = Math.toRadians(lat2);
    double dp = p2 - p1;
    double dl = Math.toRadians(lng2 - lng1);
    double h =
        Math.sin(dp / 2) * Math.sin(dp / 2)
            + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  static void checkPoint(Double lat, Double lng) {
    if (lat == null || lng == null || !(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
      throw Problem.invalid(
          "INVALID_COORDINATES", "lat must be within -90..90 and lng within -180..180");
    }
  }

  static void checkRadius(int radiusM) {
    if (radiusM < 1 || radiusM > MAX_RADIUS_M) {
      throw Problem.invalid(
          "INVALID_RADIUS", "radius_m must be within 1.." + MAX_RADIUS_M + " metres");
    }
  }
}
