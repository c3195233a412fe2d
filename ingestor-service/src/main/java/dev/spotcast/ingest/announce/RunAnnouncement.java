package dev.spotcast.ingest.announce;

import java.time.Instant;
import java.util.List;

/**
 * A message on the announcement topic: a run's files are complete and can be loaded. For example
 * {@code {"id":"gfs-2026010100","model":"gfs","runTime":"2026-01-01T00:00:00Z",
 * "files":["/data/gfs/2026010100/*.grib2"]}}.
 *
 * @param id the producer's id of the announcement, echoed in the outcome (optional)
 * @param runTime the run the files must hold
 * @param files files, folders or globs on a filesystem every instance sees
 * @param members ensemble members to load (optional); the files must then hold one run
 */
public record RunAnnouncement(
    String id, String model, Instant runTime, List<String> files, List<Integer> members) {}
