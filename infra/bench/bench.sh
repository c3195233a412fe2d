#!/usr/bin/env bash
# Spotcast benchmarks, run by the launcher as `./spotcast bench ingest|query [options]` with JAVA_HOME
# set and the jars built. Results are meant for docs/benchmarks.md.
#
#   ingest   raw Elasticsearch bulk limit vs the Spotcast ingestor, same documents, one run
#            (options: infra/bench/bench.sh ingest --help)
#   query    not implemented yet
#
# Environment:
#   SPOTCAST_ES_URL            Elasticsearch to measure (default http://127.0.0.1:9200)
#   SPOTCAST_BENCH_HEAP        heap of the benchmark JVM (default 4g: the raw phase keeps every bulk
#                              body in memory, ~215 bytes per document, 450 MB for the default run)
#   SPOTCAST_BENCH_JAVA_OPTS   extra JVM options, e.g. a flight recording of the whole benchmark:
#                              -XX:StartFlightRecording=filename=/tmp/bench.jfr,settings=profile
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

die() { printf 'bench: %s\n' "$*" >&2; exit 2; }

classpath() { # the module's plain jar and its dependencies, as the launcher builds them
  local module="$1" jar
  jar="$(ls "$ROOT/$module"/target/spotcast-"$module"-*.jar 2>/dev/null | grep -v -e '-exec.jar' -e '-sources.jar' -e '-tests.jar' | head -n1)"
  [ -n "$jar" ] && [ -f "$ROOT/$module/target/classpath.txt" ] || die "module $module is not built (./spotcast build)"
  printf '%s:%s' "$jar" "$(cat "$ROOT/$module/target/classpath.txt")"
}

usage() {
  cat <<'TXT'
Usage: infra/bench/bench.sh ingest [options]   raw Elasticsearch bulk vs the Spotcast ingestor
       infra/bench/bench.sh query [options]    (not implemented yet)
TXT
}

cmd="${1:-help}"
[ $# -gt 0 ] && shift
case "$cmd" in
  ingest)
    # shellcheck disable=SC2086 # SPOTCAST_BENCH_JAVA_OPTS is a list of options
    exec "$JAVA" -Xms"${SPOTCAST_BENCH_HEAP:-4g}" -Xmx"${SPOTCAST_BENCH_HEAP:-4g}" ${SPOTCAST_BENCH_JAVA_OPTS:-} \
      -cp "$(classpath ingestor)" dev.spotcast.ingestor.cli.SpotcastIngestorCli bench-ingest "$@"
    ;;
  query)
    echo "bench query: not implemented yet" >&2
    exit 2
    ;;
  help|-h|--help) usage ;;
  *) usage >&2; die "unknown benchmark '$cmd'" ;;
esac
