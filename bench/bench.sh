#!/usr/bin/env bash
# Spotcast benchmarks, run by the launcher as `./spotcast bench ingest|query [options]` with JAVA_HOME
# set and the jars built. Results go to docs/benchmarks-journal.md (current: docs/benchmarks.md).
#
#   ingest   raw Elasticsearch bulk limit vs the Spotcast ingestor, same documents, one run
#            (options: bench/bench.sh ingest --help)
#   scale    one large run (100 M documents by default) loaded by the ingestor, the raw bulk limit
#            measured on a slice of it before and after, the rate sampled as the index grows; the
#            run stays published for 'bench query --model scale' (options: bench.sh scale --help)
#   grib     the same as ingest, on GRIB2 files: raw bulk of the decoded documents vs the ingestor
#            reading the files (decoding included). The files are written once by ECMWF's ecCodes
#            (the Python bindings the launcher installs with the library) with make-grib.py, CCSDS-packed
#            as ECMWF publishes (SPOTCAST_BENCH_PACKING for another packing).
#   query    the service's own Elasticsearch query sent directly vs /v1/spot, same load generator,
#            concurrency and random points (options: bench/bench.sh query --help)
#   city     the query benchmark on the city workload: places drawn from the world's cities by
#            population (GeoNames; the launcher writes SPOTCAST_CITIES), heights near the ground,
#            times inside the run, wrk as the load generator; raw ids requests vs /v1/spot
#   series   issue 31's workload: ten-day series (and spots) at cities and uniform places on a run
#            shaped like ECMWF's (loaded when missing), raw ids requests vs /v1/series and /v1/spot
#   layouts  the same documents raw into indices of different mappings (values in doc values, no
#            _source, values in _source only, packed binary): ES CPU per document and per ids request
#   day      a day in production (issue 48): two publishers' cycles on a compressed clock, the ingestion
#            service loading them, JMeter's open plan throughout; windows, tables and a picture (day.sh)
#   sharding the same run loaded per sharding strategy (location, time, hybrid, none): load docs/s,
#            shards per query, raw query p50/p99 (options: bench/bench.sh sharding --help)
#
# Environment:
#   SPOTCAST_ES_URL            Elasticsearch to measure (default http://127.0.0.1:9200)
#   SPOTCAST_BENCH_HEAP        heap of the benchmark JVM (default 4g: the raw phase keeps every bulk
#                              body in memory, ~215 bytes per document, 450 MB for the default run)
#   SPOTCAST_BENCH_JAVA_OPTS   extra JVM options, e.g. a flight recording of the whole benchmark:
#                              -XX:StartFlightRecording=filename=/tmp/bench.jfr,settings=profile
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

die() { printf 'bench: %s\n' "$*" >&2; exit 2; }

bench_jar() { # the bench module's executable jar; ends the command when it is missing
  local jars=("$HERE"/target/spotcast-bench-*-exec.jar)
  [ -f "${jars[0]}" ] || die "bench/target/spotcast-bench-*-exec.jar is missing; run './spotcast build'"
  printf '%s' "${jars[0]}"
}

usage() {
  cat <<'TXT'
Usage: bench/bench.sh ingest [options]   raw Elasticsearch bulk vs the Spotcast ingestor
       bench/bench.sh scale [options]    a 100 M-document run vs raw, rate as the index grows
       bench/bench.sh grib [options]     the same on GRIB2 files (decoding included)
       bench/bench.sh query [options]    raw Elasticsearch queries vs /v1/spot
       bench/bench.sh city [options]     the same on the city workload, with wrk (query options apply)
       bench/bench.sh series [options]   ten-day series and spots on a run shaped like ECMWF's, raw vs service
       bench/bench.sh sharding [options] sharding strategies compared on the same run
       bench/bench.sh layouts [LAYOUT...] document layouts compared: raw bulk and ids requests per mapping
       bench/bench.sh grib-decode FILE... GRIB decoding rates, ecCodes vs netCDF-Java
       bench/bench.sh sizing [options]   a cluster sized from the outputs of scale and query
       bench/bench.sh day [options]      a day in production: publishers, feeds, loading and users at once
TXT
}

cmd="${1:-help}"
[ $# -gt 0 ] && shift
case "$cmd" in help|-h|--help) ;; *) JAR="$(bench_jar)" || exit 2 ;; esac
case "$cmd" in
  ingest)
    # shellcheck disable=SC2086 # SPOTCAST_BENCH_JAVA_OPTS is a list of options
    exec "$JAVA" --enable-native-access=ALL-UNNAMED -Xms"${SPOTCAST_BENCH_HEAP:-4g}" -Xmx"${SPOTCAST_BENCH_HEAP:-4g}" ${SPOTCAST_BENCH_JAVA_OPTS:-} \
      -jar "$JAR" ingest "$@"
    ;;
  scale)
    # shellcheck disable=SC2086 # SPOTCAST_BENCH_JAVA_OPTS is a list of options
    exec "$JAVA" -Xms"${SPOTCAST_BENCH_HEAP:-4g}" -Xmx"${SPOTCAST_BENCH_HEAP:-4g}" ${SPOTCAST_BENCH_JAVA_OPTS:-} \
      -jar "$JAR" scale "$@"
    ;;
  grib)
    # GRIB2 files of a 0.5 degree global run, 2 isobaric levels x 4 steps x 4 parameters: the same
    # 2,079,360 documents as the synthetic default, CCSDS-packed as ECMWF's open data is
    # (SPOTCAST_BENCH_PACKING=grid_simple etc. for another packing). Written once per packing, kept in
    # SPOTCAST_HOME/bench-grib-PACKING, with the Python of the ecCodes installation the launcher made.
    home="${SPOTCAST_HOME:-/var/tmp/spotcast}"
    packing="${SPOTCAST_BENCH_PACKING:-grid_ccsds}"
    files="$home/bench-grib-$packing"
    if [ ! -f "$files/.complete" ]; then
      python="${SPOTCAST_ECCODES_HOME:?run through ./spotcast bench, which installs ecCodes}/bin/python"
      "$python" -c 'import eccodes' 2>/dev/null || die "no ecCodes Python bindings in $SPOTCAST_ECCODES_HOME"
      rm -rf "$files"
      "$python" "$HERE/make-grib.py" "$files" --resolution 0.5 --levels 850,500 --steps 0-3 --run 2000010100 \
        --packing "$packing" || die "writing the benchmark GRIB files failed"
      touch "$files/.complete"
    fi
    # shellcheck disable=SC2086 # SPOTCAST_BENCH_JAVA_OPTS is a list of options
    exec "$JAVA" --enable-native-access=ALL-UNNAMED -Xms"${SPOTCAST_BENCH_HEAP:-4g}" -Xmx"${SPOTCAST_BENCH_HEAP:-4g}" ${SPOTCAST_BENCH_JAVA_OPTS:-} \
      -jar "$JAR" ingest --model benchgrib --files "$files" "$@"
    ;;
  query)
    # The service's own Elasticsearch query sent directly vs GET /v1/spot through the service, same
    # random requests, load generator and concurrency (options: bench/bench.sh query --help). Loads
    # the run with the ingestor (in the benchmark's JVM) when the model has none published, starts the service jar on a free port and stops it.
    # Heap: SPOTCAST_BENCH_QUERY_HEAP (default 1g; requests are small and pre-built).
    service_jar="$(ls "$ROOT"/query-service/target/spotcast-query-service-*-exec.jar 2>/dev/null | head -n1)"
    [ -n "$service_jar" ] || die "the query service is not built (./spotcast build)"
    # shellcheck disable=SC2086 # SPOTCAST_BENCH_JAVA_OPTS is a list of options
    exec "$JAVA" -Xms"${SPOTCAST_BENCH_QUERY_HEAP:-1g}" -Xmx"${SPOTCAST_BENCH_QUERY_HEAP:-1g}" ${SPOTCAST_BENCH_JAVA_OPTS:-} \
      -jar "$JAR" query \
      --service-jar "$service_jar" "$@"
    ;;
  sizing)
    # docs/operations.md "Sizing": cores, memory, disk, shards and nodes from saved benchmark outputs.
    exec "$JAVA" -Xmx256m -jar "$JAR" sizing "$@"
    ;;
  layouts)
    # The document layout experiment (bench/layouts.sh): raw bulk and ids requests per mapping, with
    # curl and wrk against the local node, on the admin credential './spotcast es start' wrote.
    props="${SPOTCAST_HOME:-/var/tmp/spotcast}/credentials/admin.properties"
    [ -r "$props" ] || die "no admin credential at $props: start Elasticsearch with './spotcast es start'"
    SPOTCAST_ES_USER="$(sed -n 's/^username=//p' "$props")"
    SPOTCAST_ES_PASSWORD="$(sed -n 's/^password=//p' "$props")"
    SPOTCAST_ES_CA="$(sed -n 's/^ca=//p' "$props")"
    # The node the credential is of (https on a secured node; the launcher's SPOTCAST_ES_URL may say http).
    SPOTCAST_ES_URL="$(sed -n 's/^url=//p' "$props" | sed 's/\\\(.\)/\1/g')" # a properties file: \: is :
    export SPOTCAST_ES_USER SPOTCAST_ES_PASSWORD SPOTCAST_ES_CA SPOTCAST_ES_URL
    exec "$HERE/layouts.sh" "$@"
    ;;
  city)
    # Real traffic concentrates where people live: places from the world's cities weighted by population,
    # heights near the ground, times inside the run. wrk generates the load (a tenth of the Java generator's
    # CPU per request). Options after these override them (e.g. --concurrency 64, --phases service).
    [ -s "${SPOTCAST_CITIES:-}" ] || die "no cities file: run through './spotcast bench city', which writes it"
    # The run: 1-degree global, 4 heights, 25 steps (6.5 M documents, the demo's size), loaded when missing;
    # 100,000 distinct requests, so that what the service holds is earned, not a replay of a few.
    exec "$0" query --model city --resolution 1 --steps 0-24 --requests 100000 \
      --sampling cities --cities "$SPOTCAST_CITIES" --generator wrk --phases raw-ids,service "$@"
    ;;
  series)
    # Issue 31's workload, a ten-day forecast at a place: a run shaped like ECMWF's (1-degree global,
    # heights 2, 10, 500 and 1000 m, hourly to 90 h, 3-hourly to 144 h, 6-hourly to 240 h: 125 steps,
    # every step of a place and level in one document, force-merged; 260,640 documents), loaded as
    # model 'ladall' when missing. Three workloads, each raw (the service's own search sent to
    # Elasticsearch) then through the service: series of t,u,v,rh at cities, the same at uniform
    # places, then spot requests at cities. Options after these apply to all three.
    [ -s "${SPOTCAST_CITIES:-}" ] || die "no cities file: run through './spotcast bench series', which writes it"
    run=(--model ladall --resolution 1 --levels 2,10,500,1000 --steps 0-90,93-144/3,150-240/6 --force-merge
      --requests 100000 --cities "$SPOTCAST_CITIES" --generator wrk --phases raw-ids,service
      --series-params t,u,v,rh)
    echo "== series at cities"
    "$0" query "${run[@]}" --sampling cities --series-share 1 "$@"
    echo "== series at uniform places"
    "$0" query "${run[@]}" --sampling area --series-share 1 "$@"
    echo "== spots at cities"
    "$0" query "${run[@]}" --sampling cities "$@"
    ;;
  sharding)
    # The same synthetic run loaded once per sharding strategy with the ingestor CLI (timed), then
    # the query benchmark's raw phases (and optionally the service) with the same random requests;
    # one Markdown row per strategy for docs/sharding.md (options: bench/bench.sh sharding --help).
    # Heap: SPOTCAST_BENCH_QUERY_HEAP (default 1g).
    service_jar="$(ls "$ROOT"/query-service/target/spotcast-query-service-*-exec.jar 2>/dev/null | head -n1)"
    [ -n "$service_jar" ] || die "the query service is not built (./spotcast build)"
    # shellcheck disable=SC2086 # SPOTCAST_BENCH_JAVA_OPTS is a list of options
    exec "$JAVA" -Xms"${SPOTCAST_BENCH_QUERY_HEAP:-1g}" -Xmx"${SPOTCAST_BENCH_QUERY_HEAP:-1g}" ${SPOTCAST_BENCH_JAVA_OPTS:-} \
      -jar "$JAR" sharding \
      --service-jar "$service_jar" "$@"
    ;;
  grib-decode)
    # Decoding rates (values/s, one thread) of ecCodes and netCDF-Java on single-field GRIB files.
    exec "$JAVA" --enable-native-access=ALL-UNNAMED ${SPOTCAST_BENCH_JAVA_OPTS:-} -jar "$JAR" grib-decode "$@"
    ;;
  day)
    # Issue 48's day in production: publishers, feeds, loading and JMeter's open plan at once.
    exec "$HERE/day.sh" "$@"
    ;;
  help|-h|--help) usage ;;
  *) usage >&2; die "unknown benchmark '$cmd'" ;;
esac
