package dev.spotcast.ingest.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.spotcast.ingest.job.DataRoots;
import dev.spotcast.ingest.job.InvalidJobException;
import dev.spotcast.ingest.job.Job;
import dev.spotcast.ingest.job.JobConflictException;
import dev.spotcast.ingest.job.JobSpec;
import dev.spotcast.ingest.job.Trigger;
import dev.spotcast.ingest.settings.ScheduleProperties;
import dev.spotcast.ingest.work.JobService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The daily schedule: at each tick of {@code spotcast.schedule.cron}, every complete run folder of
 * the inbox whose run is not yet loaded becomes a job. Complete means its manifest is there and
 * every file it lists exists (see {@link RunManifest}); loaded means published, which the job
 * service checks through the model's alias, so a run is not loaded twice, and a run being loaded
 * (by another instance's tick, say) is left to its job. Runs that failed are tried again next tick.
 */
@Component
public class InboxScanner {

  private static final Logger log = LoggerFactory.getLogger(InboxScanner.class);

  private final ScheduleProperties properties;
  private final JobService jobs;
  private final ObjectMapper json;

  public InboxScanner(ScheduleProperties properties, JobService jobs, ObjectMapper json) {
    this.properties = properties;
    this.jobs = jobs;
    this.json = json;
  }

  /** What one tick did with each run folder. */
  public record ScanResult(List<Job> started, List<String> skipped) {}

  @Scheduled(cron = "${spotcast.schedule.cron:-}", zone = "${spotcast.schedule.zone:UTC}")
  public void tick() {
    try {
      ScanResult result = scan();
      log.info(
          "inbox scan: {} runs started, {} folders skipped",
          result.started().size(),
          result.skipped().size());
    } catch (IOException | RuntimeException e) {
      log.error("inbox scan failed", e);
    }
  }

  /** Looks at every run folder of the inbox once. */
  public ScanResult scan() throws IOException {
    Path inbox = properties.inbox();
    if (inbox == null) {
      throw new IllegalStateException(
          "spotcast.schedule.inbox is not set; the daily scan has no folder to look in");
    }
    if (!Files.isDirectory(inbox)) {
      throw new IOException("inbox " + inbox + " is not a folder");
    }
    List<Job> started = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    List<Path> folders;
    try (Stream<Path> list = Files.list(inbox)) {
      folders = list.filter(Files::isDirectory).sorted().toList();
    }
    for (Path folder : folders) {
      String outcome = consider(folder, started);
      if (outcome != null) {
        skipped.add(folder.getFileName() + ": " + outcome);
        log.info("inbox {}: {}", folder.getFileName(), outcome);
      }
    }
    return new ScanResult(started, skipped);
  }

  /** Starts the folder's run, or says why not. */
  private String consider(Path folder, List<Job> started) throws IOException {
    // A run folder that is a link to elsewhere would let a manifest there name any file.
    if (!folder.toRealPath().startsWith(properties.inbox().toRealPath())) {
      return "cannot be loaded: the folder leads outside the inbox";
    }
    Path manifestFile = folder.resolve(properties.manifest());
    if (!Files.isRegularFile(manifestFile)) {
      return "incomplete (no " + properties.manifest() + ")";
    }
    RunManifest manifest;
    try {
      manifest =
          json.readValue(
              DataRoots.withinFolder(folder, properties.manifest()).toFile(), RunManifest.class);
    } catch (InvalidJobException e) {
      return "cannot be loaded: " + e.getMessage();
    } catch (JsonProcessingException e) {
      // Where, not what: the parser's message would quote the file's text.
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      return "unreadable " + properties.manifest() + ": not a run manifest" + where;
    } catch (IOException e) {
      return "unreadable " + properties.manifest() + ": " + e.getMessage();
    }
    if (manifest.model() == null || manifest.files() == null || manifest.files().isEmpty()) {
      return properties.manifest() + " needs 'model' and 'files'";
    }
    List<String> paths = new ArrayList<>();
    for (String name : manifest.files()) {
      boolean glob = name.chars().anyMatch(c -> "*?[{".indexOf(c) >= 0);
      Path file;
      try {
        // Names stay inside the run folder: no absolute name, no '..' out of it, no link elsewhere.
        file = DataRoots.withinFolder(folder, name);
      } catch (InvalidJobException e) {
        return "cannot be loaded: " + properties.manifest() + ": " + e.getMessage();
      }
      if (!glob && !Files.isRegularFile(file)) {
        return "incomplete (" + name + " missing)";
      }
      paths.add(file.toString());
    }
    try {
      Job job =
          jobs.submit(
              new JobSpec(null, new JobSpec.Files(manifest.model(), paths, manifest.members())),
              Trigger.SCHEDULE,
              folder.getFileName().toString());
      started.add(job);
      log.info(
          "inbox {}: job {} loads run {} of {}",
          folder.getFileName(),
          job.id(),
          job.runId(),
          job.model());
      return null;
    } catch (JobConflictException e) {
      return "not loaded again: " + e.getMessage();
    } catch (InvalidJobException e) {
      return "cannot be loaded: " + e.getMessage();
    }
  }
}
