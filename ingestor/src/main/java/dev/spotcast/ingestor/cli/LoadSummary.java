package dev.spotcast.ingestor.cli;

import dev.spotcast.ingestor.lifecycle.LoadReport;
import java.io.PrintWriter;
import java.util.Map;

/** The summary printed at the end of a load. */
final class LoadSummary {

  private LoadSummary() {}

  static void print(LoadReport report, PrintWriter out) {
    out.printf(
        "%n%s run %s: %s%n",
        report.run().model(),
        report.run().runId(),
        report.published()
            ? "PUBLISHED"
            : report.keptBecause() != null
                ? "LOADED, NOT SERVED - " + report.keptBecause()
                : "NOT PUBLISHED - " + report.failure());
    out.printf(
        "  documents: expected %,d  produced %,d  indexed %,d  counted %,d  failed %,d%n",
        report.expected(), report.produced(), report.indexed(), report.counted(), report.failed());
    out.printf(
        "  took %.1f s, %,.0f docs/s, indices %s%n",
        report.took().toMillis() / 1000.0, report.docsPerSecond(), report.indices());
    if (!report.retiredRuns().isEmpty()) {
      out.println("  retired older runs (indices deleted): " + report.retiredRuns());
    }
    if (!report.retriesByCause().isEmpty()) {
      out.println("  retried: " + report.retriesByCause());
    }
    for (Map.Entry<String, Long> failure : report.failuresByReason().entrySet()) {
      out.printf("  lost %,d: %s%n", failure.getValue(), failure.getKey());
    }
    out.flush();
  }
}
