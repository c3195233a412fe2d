package dev.spotcast.ingest.schedule;

import java.util.List;

/**
 * The file that marks a run folder of the inbox complete, e.g. {@code manifest.json}: {@code
 * {"model":"gfs","files":["gfs.t00z.f000.grib2","gfs.t00z.f003.grib2"]}}. Whoever delivers the run
 * writes it last (write to a temporary name, then rename), once every listed file is in place; a
 * folder without it, or with a listed file missing, is still being delivered.
 *
 * @param files file names relative to the run folder (globs allowed)
 * @param members ensemble members to load (optional)
 */
public record RunManifest(String model, List<String> files, List<Integer> members) {}
