package dev.spotcast.ingestor.feed;

/**
 * What a fetch did about one wanted field: the per-field result a by-hand fetch prints and a
 * scheduled feed decides on (load the run, poll again, give up).
 *
 * @param file the field's file name in the target directory, or null when there is none
 * @param bytes the bytes written (fetched or found checked)
 * @param detail why, for what is not {@link Status#FETCHED} or {@link Status#ALREADY_FETCHED}
 */
public record FieldOutcome(FieldKey key, Status status, String file, long bytes, String detail) {

  /** The result of one field. */
  public enum Status {
    /** Downloaded and checked now. */
    FETCHED,
    /** Found checked in the target directory: not downloaded again. */
    ALREADY_FETCHED,
    /** The step's index (or ICON, the field's file) is not published (404): poll again. */
    NOT_PUBLISHED,
    /** The step's index has no field of this parameter and level. */
    NOT_IN_INDEX,
    /** The index lists the field but the file ends before it (416 or a file shorter). */
    NOT_IN_FILE,
    /** Every attempt failed (see detail). */
    FAILED;

    /** Whether the field's file is in the target directory, checked. */
    public boolean done() {
      return this == FETCHED || this == ALREADY_FETCHED;
    }
  }

  @Override
  public String toString() {
    return key + ": " + status + (detail == null ? "" : " (" + detail + ")");
  }
}
