package dev.spotcast.ingestor.feed;

import java.util.Locale;

/**
 * One field of a run as a publisher names it: the parameter, the level in the publisher's words
 * (GFS {@code 850 mb}, ECMWF {@code 850} or {@code sfc}, ICON {@code single} or {@code 850}), the
 * step in hours, the ensemble member (null outside ensembles) and, for the rare publisher that has
 * two fields of one parameter and level in a step (GFS: an instant value and an accumulation), what
 * tells them apart (empty otherwise).
 */
public record FieldKey(String param, String level, int step, Integer member, String variant) {

  /**
   * The parameter or level of a field a step's index lacks at every level or for every parameter.
   */
  public static final String ANY = "*";

  public FieldKey {
    variant = variant == null ? "" : variant;
  }

  public static FieldKey of(String param, String level, int step) {
    return new FieldKey(param, level, step, null, "");
  }

  /**
   * The name of the field's file in the target directory: publisher, run, step, parameter, level
   * (and member, variant), so one directory can hold several runs and publishers. Only letters,
   * digits, dots and dashes; e.g. {@code gfs_2026112600_f006_TMP_850-mb.grib2}.
   */
  public String fileName(String publisher, String run) {
    StringBuilder name =
        new StringBuilder()
            .append(publisher)
            .append('_')
            .append(run)
            .append(String.format(Locale.ROOT, "_f%03d_", step))
            .append(clean(param))
            .append('_')
            .append(clean(level));
    if (member != null) {
      name.append("_m").append(member);
    }
    if (!variant.isEmpty()) {
      name.append('_').append(clean(variant));
    }
    return name.append(".grib2").toString();
  }

  private static String clean(String text) {
    return text.strip().replaceAll("[^A-Za-z0-9.]+", "-");
  }

  @Override
  public String toString() {
    return param
        + " @ "
        + level
        + " +"
        + step
        + "h"
        + (member == null ? "" : " member " + member)
        + (variant.isEmpty() ? "" : " (" + variant + ")");
  }
}
