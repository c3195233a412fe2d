package dev.spotcast.query.interpolation;

/**
 * Inverse-distance weighting (Shepard): weight_i = d_i^-p / sum_j d_j^-p. A point closer than
 * {@link #EXACT_METRES} takes all the weight, so a request on a grid point returns its value.
 */
public final class InverseDistanceWeighting {

  /** Below this distance a request is on the grid point (1 mm: far below grid coordinate noise). */
  public static final double EXACT_METRES = 1e-3;

  private final double power;

  public InverseDistanceWeighting(double power) {
    if (!(power > 0) || power > 16) {
      throw new IllegalArgumentException("IDW power must be in (0, 16], got " + power);
    }
    this.power = power;
  }

  /** Normalised weights for points at these distances (metres), in the same order. */
  public double[] weights(double[] distancesMetres) {
    double[] weights = new double[distancesMetres.length];
    for (int i = 0; i < distancesMetres.length; i++) {
      if (distancesMetres[i] < EXACT_METRES) {
        weights[i] = 1;
        return weights;
      }
    }
    double sum = 0;
    for (int i = 0; i < distancesMetres.length; i++) {
      weights[i] =
          power == 2
              ? 1 / (distancesMetres[i] * distancesMetres[i])
              : Math.pow(distancesMetres[i], -power);
      sum += weights[i];
    }
    for (int i = 0; i < weights.length; i++) {
      weights[i] /= sum;
    }
    return weights;
  }
}
