#!/usr/bin/env bash
# ./spotcast bench day [options]: issue 48's day in production, all at once. Two publishers laid out as
# NOAA's GFS 0.25 and ECMWF's IFS 0.25 open data (bench/day/publisher.py behind nginx) publish their
# cycles step by step on a compressed clock, with their habits (late steps, 503s, a cycle that never
# completes); the ingestion service fetches and loads them with both feeds, retention and archive set,
# its loading yielding to the users; JMeter's open plan (cities, a share of ten-day series, both models in turn) runs
# throughout against the query service. Every 10 s a sampler reads the machine and the services; at
# the end bench day-report writes the windows, a table per phase and the picture (docs/day/ by default).
# The launcher calls this with JAVA_HOME set, the jars built, nginx, curl, jq, ecCodes and the cities.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
PY="${SPOTCAST_ECCODES_HOME:-/var/tmp/spotcast/eccodes}/bin/python"

say() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { printf 'bench day: %s\n' "$*" >&2; exit 2; }

usage() {
  cat <<'TXT'
Usage: ./spotcast bench day [options]

A day in production on this machine: both publishers' cycles on a compressed clock, the ingestion
service loading them as they appear, JMeter's open plan answered throughout (cities, each request
asking GFS or ECMWF in turn). The first cycle of each model is loaded before the users arrive (not
measured); the day measured is the next --cycles cycles.

Options (defaults in brackets):
  --cycles N          cycles measured after the first [2]
  --speed X           the feeds' clock against the wall clock [12: a 6-hourly cycle in 30 min; at
                      24 the two models' loading alone needs 1.2 of this box's 2 cores]
  --rate N            requests per second offered throughout [2000]
  --series-share F    share of the requests that are ten-day series [0.1]
  --gfs-steps L       steps the GFS feed loads, of the publisher's 0-120/1,123-384/3 [0-120/3]
  --ecmwf-steps L     steps the ECMWF feed loads, of the publisher's 0-144/3,150-360/6 [0-144/3]
  --never K           the cycle (1..N) whose GFS run stops half-way, never complete; 0: none [2]
  --late K            the cycle whose ECMWF run has one step late by a tenth of a cycle; 0: none [2]
  --unavailable K     the cycle during whose GFS publication nginx answers 503 for a minute; 0: none [1]
  --trickle K         the cycle during whose ECMWF publication every body nginx starts sending for a
                      minute slows, after its first 128 KiB, to 200 bytes a second (a publisher that
                      stalls mid-file; the feed's floor of 1 KiB/s aborts and retries it); 0: none [2]
  --kill K            the cycle during whose ECMWF load the ingestion service is killed (kill -9) and
                      another started in its place; 0: none [1]
  --serve-within D    the floor under the loading's yielding (spotcast.ingest.yield.serve-within, wall
                      clock): a run behind being served within D of its job's creation is loaded at
                      full pace; 0s: yield however late the runs [20m: before the model's next cycle]
  --out DIR           where the report goes [docs/day]
  --work DIR          the publishers' trees, the fetched runs, logs [$SPOTCAST_HOME/day]
  --nginx-port P      the publishers' port [18090]
  --ingest-port P     the ingestion service's port [18081]
  --check             a small day to check the chain end to end: 2 cycles, speed 120, 4 steps each,
                      200 req/s, --serve-within 2m (its figures mean nothing)
TXT
}

cycles=2 speed=12 rate=2000 series_share=0.1 gfs_steps=0-120/3 ecmwf_steps=0-144/3 never=2 late=2
unavailable=1 trickle=2 kill=1 serve_within=20m out="$ROOT/docs/day" work="${SPOTCAST_HOME:?}/day" nginx_port=18090 ingest_port=18081
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --check) cycles=2 speed=120 rate=200 gfs_steps=0-18/6 ecmwf_steps=0-18/6 never=2 late=1 unavailable=1 trickle=2 kill=1 serve_within=2m; shift; continue ;;
  esac
  [ $# -ge 2 ] || die "option $1 needs a value"
  case "$1" in
    --cycles) cycles="$2" ;;
    --speed) speed="$2" ;;
    --rate) rate="$2" ;;
    --series-share) series_share="$2" ;;
    --gfs-steps) gfs_steps="$2" ;;
    --ecmwf-steps) ecmwf_steps="$2" ;;
    --never) never="$2" ;;
    --late) late="$2" ;;
    --unavailable) unavailable="$2" ;;
    --trickle) trickle="$2" ;;
    --kill) kill="$2" ;;
    --serve-within) serve_within="$2" ;;
    --out) out="$2" ;;
    --work) work="$2" ;;
    --nginx-port) nginx_port="$2" ;;
    --ingest-port) ingest_port="$2" ;;
    *) usage >&2; die "unknown option '$1'" ;;
  esac
  shift 2
done
for n in "$cycles" "$speed" "$rate" "$never" "$late" "$unavailable" "$trickle" "$kill" "$nginx_port" "$ingest_port"; do
  [[ "$n" =~ ^[0-9]+$ ]] || die "'$n' is not a whole number"
done
[ "$cycles" -ge 1 ] || die "--cycles must be at least 1"
[[ "$serve_within" =~ ^[0-9]+(ms|s|m|h)$ ]] || die "--serve-within: '$serve_within' is not a duration such as 12m or 0s"
[ -x "$PY" ] || die "no ecCodes Python at $PY (the launcher's 'need eccodes' installs it)"
command -v nginx >/dev/null || die "nginx is not installed (the launcher's 'need feed-server' installs it)"
[ -s "${SPOTCAST_CITIES:-}" ] || die "no cities file: run through './spotcast bench day', which writes it"

port="${SPOTCAST_PORT:-8080}"
base="http://127.0.0.1:$port"
ingest="http://127.0.0.1:$ingest_port"
mkdir -p "$work"/{templates,www,data,logs,nginx/tmp} "$out"
logs="$work/logs"
events="$logs/events.tsv" readings="$logs/readings.tsv"
: >"$events"
event() { printf '%s\t%s\t%s\n' "$(date +%s%3N)" "$1" "$2" >>"$events"; }

# --- Whatever this starts, it stops on exit ---------------------------------------------------------
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -f "$work/nginx/nginx.pid" ]; then kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true; fi
  pkill -f -- "spotcast-ingestor-service.*--server.port=$ingest_port" 2>/dev/null || true   # one started after a fault
}
trap cleanup EXIT
background() { # background LOG COMMAND...: its own process group, stopped by cleanup
  local log="$1"; shift
  setsid "$@" >"$log" 2>&1 &
  pids+=("$!")
}
await_http() { # await_http URL SECONDS WHAT [PID]: PID, the process that should answer, must not end first
  local i
  for i in $(seq 1 "$2"); do
    curl -fsS -m 2 -o /dev/null "$1" 2>/dev/null && return 0
    if [ -n "${4:-}" ] && ! kill -0 "$4" 2>/dev/null; then die "$3 stopped before answering at $1"; fi
    sleep 1
  done
  die "$3 did not answer at $1 within $2 s"
}

# --- Elasticsearch, Kafka, the archive repository ------------------------------------------------------
"$ROOT/spotcast" es status >/dev/null 2>&1 || "$ROOT/spotcast" es start >&2
"$ROOT/spotcast" kafka status >/dev/null 2>&1 || "$ROOT/spotcast" kafka start >&2
admin="$SPOTCAST_HOME/credentials/admin.properties"
[ -f "$admin" ] || die "no administrator credential at $admin (./spotcast es start writes it)"
prop() { sed -n "s/^$1=//p" "$admin" | sed 's/\\\(.\)/\1/g'; }
es_url="$(prop url)"
curl -fsS --cacert "$(prop ca)" -u "spotcast-admin:$(prop password)" -X PUT "$es_url/_snapshot/spotcast-archive" \
  -H 'Content-Type: application/json' -d '{"type": "fs", "settings": {"location": "spotcast-archive"}}' >/dev/null \
  || die "registering the archive repository failed"

# --- A day run again on the same date starts clean: the runs it is about to load are removed first ------
c0=$(( ($(date -u +%s) / 86400 - 2) * 86400 ))   # 00 UTC two days ago: every cycle of the day is past
cycle_s=$((6 * 3600))
runid() { date -u -d "@$1" +%Y%m%d%H; }
admin_curl() { curl -sS --cacert "$(prop ca)" -u "spotcast-admin:$(prop password)" -H 'Content-Type: application/json' "$@"; }
forget_day_runs() {
  local k model run jobs indices
  for model in gfs ecmwf; do
    for k in $(seq 0 $((cycles + 1))); do   # the feeds look one cycle past the day
      run="$(runid $((c0 + k * cycle_s)))"
      indices="$(admin_curl "$es_url/_cat/indices/spotcast-fc-$model-$run-*?h=index&expand_wildcards=all" | paste -sd, -)"
      [ -z "$indices" ] || admin_curl -o /dev/null -X DELETE "$es_url/$indices"
      admin_curl -o /dev/null -X DELETE "$es_url/spotcast-runs/_doc/$model-$run?refresh=true"
      admin_curl -o /dev/null -X DELETE "$es_url/_snapshot/spotcast-archive/spotcast-$model-$run"
      # The run's jobs, feed and lock records, then the chunks of those jobs (this node has no delete-by-query).
      jobs="$(admin_curl "$es_url/spotcast-jobs/_search?size=1000&_source=false" -d "{\"query\": {\"bool\": {\"filter\": [
        {\"term\": {\"model\": \"$model\"}}, {\"term\": {\"runId\": \"$run\"}}]}}}" | jq -c '[.hits.hits[]?._id]')"
      [ "${jobs:-[]}" = "[]" ] && continue
      admin_curl "$es_url/spotcast-jobs/_search?size=10000&_source=false" -d "{\"query\": {\"terms\": {\"jobId\": $jobs}}}" \
        | jq -c --argjson jobs "$jobs" '($jobs + [.hits.hits[]?._id]) | unique[] | {delete: {_index: "spotcast-jobs", _id: .}}' \
        | admin_curl -o /dev/null -X POST "$es_url/_bulk?refresh=true" --data-binary @-
    done
  done
  rm -rf "$work/data" "$work/www" && mkdir -p "$work/data" "$work/www"
}
say "Removing what an earlier day left of runs $(runid "$c0") to $(runid $((c0 + (cycles + 1) * cycle_s))) of gfs and ecmwf..."
forget_day_runs

# --- The publishers: templates once, nginx serving the trees (flag files make it answer 503, or trickle) --
for publisher in gfs ecmwf; do
  if [ ! -s "$work/templates/$publisher/done" ]; then
    say "Writing the $publisher templates (1440 x 721, once)..."
    "$PY" "$HERE/day/publisher.py" templates --publisher "$publisher" --out "$work/templates/$publisher" >&2
    date >"$work/templates/$publisher/done"
  fi
done
cat >"$work/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  types { text/plain idx index; }
  default_type application/octet-stream;
  log_format day '\$msec \$request_method \$uri \$status \$body_bytes_sent \$sent_http_content_length';
  access_log $logs/publishers.log day;
  client_body_temp_path $work/nginx/tmp/body;
  proxy_temp_path $work/nginx/tmp/proxy;
  fastcgi_temp_path $work/nginx/tmp/fastcgi;
  uwsgi_temp_path $work/nginx/tmp/uwsgi;
  scgi_temp_path $work/nginx/tmp/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
    location / {
      if (-f $work/nginx/unavailable) { return 503; }
      if (-f $work/nginx/trickle) { limit_rate_after 128k; limit_rate 200; }
    }
  }
}
CONF
rm -f "$work/nginx/unavailable" "$work/nginx/trickle"
background "$logs/nginx.log" nginx -p "$work/nginx/" -c "$work/nginx/nginx.conf"
sleep 1
curl -sS -m 2 -o /dev/null "http://127.0.0.1:$nginx_port/" || die "nginx did not start (see $work/nginx/error.log)"

# --- The clock: cycle k of the day is c0 + 6 h x k; the feeds' clock starts at c0 + 8 h ---------------
# The publishers' windows, in feed seconds after their cycle: GFS from 3 h 30 to 5 h, ECMWF from 6 h to 7 h.
gfs_from=$((12600)) gfs_to=$((18000)) ecmwf_from=$((21600)) ecmwf_to=$((25200))
steps_in() { "$PY" "$HERE/day/publisher.py" steps "$1" | wc -w; }

# --- The first cycle, loaded before the users arrive ----------------------------------------------------
for publisher in gfs ecmwf; do
  steps="$gfs_steps"; [ "$publisher" = ecmwf ] && steps="$ecmwf_steps"
  say "Publishing and loading cycle $(runid "$c0") of $publisher before the day (not measured)..."
  "$PY" "$HERE/day/publisher.py" publish --publisher "$publisher" --templates "$work/templates/$publisher" \
    --root "$work/www" --run "$(runid "$c0")" --steps "$steps" --step-seconds 0 >"$logs/publish-$publisher-0.log" 2>&1
  "$ROOT/spotcast" fetch "$publisher" --base-url "http://127.0.0.1:$nginx_port/" --run "$(runid "$c0")" \
    --params "$("$PY" "$HERE/day/publisher.py" params --publisher "$publisher")" --steps "$steps" --to "$work/data/first-$publisher" \
    >"$logs/fetch-$publisher-0.log" 2>&1 || die "fetching the first $publisher cycle failed: $logs/fetch-$publisher-0.log"
  "$ROOT/spotcast" ingest "$work/data/first-$publisher" --model "$publisher" >"$logs/ingest-$publisher-0.log" 2>&1 \
    || die "loading the first $publisher cycle failed: $logs/ingest-$publisher-0.log"
done

# --- The services ---------------------------------------------------------------------------------------
key="day-$(date +%s)-$RANDOM"
key_sha="$(printf '%s' "$key" | sha256sum | cut -d' ' -f1)"
if ! curl -fsS -m 2 -o /dev/null "$base/actuator/health/liveness" 2>/dev/null; then
  say "Starting the query service on $port..."
  # It shares this host with Elasticsearch and the loader: it says busy when the host's cores are (docs/operations.md).
  background "$logs/query.log" "$ROOT/spotcast" serve --spotcast.query.pressure.host-cpu-stall=0.5
fi
await_http "$base/actuator/health/readiness" 180 "the query service"
feed_start=$((c0 + 8 * 3600))
say "Starting the ingestion service on $ingest_port, its feeds' clock at $(date -u -d "@$feed_start" +%FT%TZ) x $speed..."
start_ingest() { # start_ingest SUFFIX FEED_START: one ingestion-service instance (log $logs/ingest$SUFFIX.log)
  SPOTCAST_SECURITY_APIKEYS_0_NAME=day SPOTCAST_SECURITY_APIKEYS_0_SHA256="$key_sha" \
  SPOTCAST_SECURITY_APIKEYS_0_ROLES=ingest:read \
  background "$logs/ingest$1.log" "$ROOT/spotcast" ingest-service --server.port="$ingest_port" \
    --spotcast.files.roots="$work/data" \
    --spotcast.feed-poll.interval=2s \
    --spotcast.feed-poll.rehearsal-start="$(date -u -d "@$2" +%FT%TZ)" \
    --spotcast.feed-poll.rehearsal-speed="$speed" \
    --spotcast.feeds.gfs.publisher=gfs --spotcast.feeds.gfs.base-url="http://127.0.0.1:$nginx_port/" \
    --spotcast.feeds.gfs.params="$("$PY" "$HERE/day/publisher.py" params --publisher gfs)" --spotcast.feeds.gfs.steps="$gfs_steps" \
    --spotcast.feeds.gfs.expected-after=210m --spotcast.feeds.gfs.deadline=9h \
    --spotcast.feeds.ecmwf.publisher=ecmwf --spotcast.feeds.ecmwf.base-url="http://127.0.0.1:$nginx_port/" \
    --spotcast.feeds.ecmwf.params="$("$PY" "$HERE/day/publisher.py" params --publisher ecmwf)" --spotcast.feeds.ecmwf.steps="$ecmwf_steps" \
    --spotcast.feeds.ecmwf.expected-after=6h --spotcast.feeds.ecmwf.deadline=11h \
    --spotcast.ingest.lifecycle.keep-runs=2 --spotcast.ingest.lifecycle.archive-repository=spotcast-archive \
    --spotcast.ingest.yield.serve-within="$serve_within"
}
start_ingest "" "$feed_start"
started=$(date +%s)
await_http "$ingest/actuator/health/liveness" 180 "the ingestion service (log: $logs/ingest.log)" "${pids[-1]}"
feed_now() { echo $(( feed_start + ($(date +%s) - started) * speed )); }
real_at() { echo $(( started + ($1 - feed_start) / speed )); } # the wall-clock second of feed second $1

# --- The sampler: every 10 s, one line of readings; phases and switches as events ----------------------
proc_ticks() { # utime+stime of the processes whose command line matches $1
  local total=0 pid rest f
  for pid in $(pgrep -f "$1" || true); do
    rest="$(cat "/proc/$pid/stat" 2>/dev/null)" || continue
    rest="${rest##*) }"; read -r -a f <<<"$rest"
    total=$((total + f[11] + f[12]))
  done
  echo "$total"
}
disk="$(lsblk -ndo NAME "$(df --output=source "$SPOTCAST_HOME" | tail -1)" 2>/dev/null || echo vda)"
disk="${disk:-vda}"
sample() {
  local last_served="" last_phase="" last_docs=0
  printf 'epoch_ms\telasticsearch_ticks\tquery_ticks\tingest_ticks\tjmeter_ticks\tnginx_ticks\tcached_kb\tdisk_read_sectors\tdisk_write_sectors\tdisk_used_kb\tingest_docs_total\tpace_limit_level\tquery_cache_hits_total\tquery_cache_misses_total\tquery_cache_held_kb\tserved_gfs\tserved_ecmwf\tfeeds\n' >"$readings"
  while :; do
    local models feeds served_gfs served_ecmwf docs pace phase cached io used held
    models="$(curl -fsS -m 2 "$base/v1/models" 2>/dev/null || echo '{}')"
    served_gfs="$(jq -r '[.models[]? | select(.model == "gfs") | .published][0] // "-"' <<<"$models" 2>/dev/null || echo -)"
    served_ecmwf="$(jq -r '[.models[]? | select(.model == "ecmwf") | .published][0] // "-"' <<<"$models" 2>/dev/null || echo -)"
    feeds="$(curl -fsS -m 2 -H "X-API-Key: $key" "$ingest/v1/feeds" 2>/dev/null || echo '[]')"
    feeds="$(jq -r '[.[]? | "\(.feed):\(.state)"] | join(",")' <<<"$feeds" 2>/dev/null || echo -)"
    prom="$(curl -fsS -m 2 -H "X-API-Key: $key" "$ingest/actuator/prometheus" 2>/dev/null || true)"
    docs="$(awk '/^spotcast_ingest_documents(_documents)?_total/ { s += $2 } END { printf "%.0f", s }' <<<"$prom")"
    pace="$(awk '/^spotcast_ingest_pace_limit/ { printf "%.0f", $2 }' <<<"$prom")"
    # What the query service holds of the runs and what it reads from Elasticsearch: its document
    # cache's hits and misses (a miss is a document its users needed from Elasticsearch), and what the
    # cache holds (its heap estimate and the slab's pages off the heap).
    held="$(curl -fsS -m 2 "$base/actuator/prometheus" 2>/dev/null | awk '
      /^cache_gets_total\{/ && /cache="spotcast.query.documents"/ { if (/result="hit"/) h += $NF; else if (/result="miss"/) m += $NF }
      /^spotcast_query_documents_(slab_)?bytes[ {]/ { b += $NF }
      END { printf "%.0f\t%.0f\t%.0f", h, m, b / 1024 }' || true)"
    cached="$(awk '/^Cached:/ { print $2 }' /proc/meminfo)"
    io="$(awk -v d="$disk" '$3 == d { print $6 "\t" $10 }' /proc/diskstats)"
    used="$(df --output=used "$SPOTCAST_HOME" | tail -1 | tr -d ' ')"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%s%3N)" \
      "$(proc_ticks 'org.elasticsearch.bootstrap.Elasticsearch')" "$(proc_ticks 'spotcast-query-service')" \
      "$(proc_ticks 'spotcast-ingestor-service')" "$(proc_ticks 'ApacheJMeter')" "$(proc_ticks 'nginx')" \
      "$cached" "${io:-0	0}" "$used" "${docs:-0}" "${pace:-0}" "${held:-0	0	0}" "$served_gfs" "$served_ecmwf" "$feeds" \
      >>"$readings"
    if [ -n "$last_served" ] && [ "$last_served" != "$served_gfs $served_ecmwf" ]; then
      [ "${last_served% *}" = "$served_gfs" ] || event switch "gfs $served_gfs"
      [ "${last_served#* }" = "$served_ecmwf" ] || event switch "ecmwf $served_ecmwf"
    fi
    last_served="$served_gfs $served_ecmwf"
    # Loading while documents were indexed since the last reading: a feed fetching its newest run says
    # FETCHING while the run before it may still load.
    case "$feeds" in
      *LOADING*) phase=loading ;;
      *FETCHING*) phase=fetching ;;
      *) phase=idle ;;
    esac
    [ "${docs:-0}" -gt "$last_docs" ] && [ "$last_docs" -gt 0 ] && phase=loading
    last_docs="${docs:-0}"
    [ "$phase" = "$last_phase" ] || event phase "$phase"
    last_phase="$phase"
    sleep 10
  done
}

# --- The publishers' schedule: each cycle of each model at its window, with its habits ------------------
publish_cycle() { # publish_cycle PUBLISHER K
  local publisher="$1" k="$2" from to steps count extra=() at seconds
  if [ "$publisher" = gfs ]; then from=$gfs_from to=$gfs_to steps="$gfs_steps"; else from=$ecmwf_from to=$ecmwf_to steps="$ecmwf_steps"; fi
  count="$(steps_in "$steps")"
  seconds=$(( (to - from) / speed / (count > 1 ? count - 1 : 1) ))
  at=$(real_at $((c0 + k * cycle_s + from)))
  if [ "$publisher" = gfs ] && [ "$k" = "$never" ]; then
    extra+=(--stop-after "$("$PY" "$HERE/day/publisher.py" steps "$steps" | tr ' ' '\n' | sed -n "$(( (count + 1) / 2 ))p")")
  fi
  if [ "$publisher" = ecmwf ] && [ "$k" = "$late" ]; then
    extra+=(--late "$("$PY" "$HERE/day/publisher.py" steps "$steps" | tr ' ' '\n' | sed -n "$(( (count + 1) / 2 ))p")=$((cycle_s / 10 / speed))")
  fi
  while [ "$(date +%s)" -lt "$at" ]; do sleep 1; done
  event publish "$publisher $(runid $((c0 + k * cycle_s))) starts"
  "$PY" "$HERE/day/publisher.py" publish --publisher "$publisher" --templates "$work/templates/$publisher" \
    --root "$work/www" --run "$(runid $((c0 + k * cycle_s)))" --steps "$steps" --step-seconds "$seconds" "${extra[@]}" \
    >"$logs/publish-$publisher-$k.log" 2>&1 || true
  event publish "$publisher $(runid $((c0 + k * cycle_s))) ends"
  # The publishers keep a few days; this tree keeps two cycles, so that a long day does not fill the disk.
  [ "$k" -lt 2 ] || "$PY" "$HERE/day/publisher.py" retire --publisher "$publisher" --root "$work/www" \
    --run "$(runid $((c0 + (k - 2) * cycle_s)))"
}
schedule() {
  local k
  for k in $(seq 1 "$cycles"); do
    publish_cycle gfs "$k" &
    if [ "$k" = "$unavailable" ]; then
      ( sleep $(( $(real_at $((c0 + k * cycle_s + gfs_from))) - $(date +%s) + (gfs_to - gfs_from) / speed / 3 ));
        event habit "nginx answers 503"; touch "$work/nginx/unavailable"; sleep 60
        rm -f "$work/nginx/unavailable"; event habit "nginx answers again" ) &
    fi
    if [ "$k" = "$trickle" ]; then
      ( sleep $(( $(real_at $((c0 + k * cycle_s + ecmwf_from))) - $(date +%s) + (ecmwf_to - ecmwf_from) / speed / 3 ));
        event habit "nginx bodies trickle"; touch "$work/nginx/trickle"; sleep 60
        rm -f "$work/nginx/trickle"; event habit "nginx bodies at full pace again" ) &
    fi
    publish_cycle ecmwf "$k" &
    wait
  done
}

# --- A fault in the middle: kill -9 of the ingestion service while it loads cycle K's ECMWF run ----------
kill_during_load() {
  local run; run="$(runid $((c0 + kill * cycle_s)))"
  until curl -fsS -m 2 -H "X-API-Key: $key" "$ingest/v1/feeds" 2>/dev/null \
      | jq -e --arg run "$run" '.[]? | select(.feed == "ecmwf" and .run == $run and .state == "LOADING")' >/dev/null; do
    sleep 2
  done
  sleep 20
  event fault "kill -9 of the ingestion service loading ecmwf $run"
  pkill -9 -f spotcast-ingestor-service || true
  sleep 5
  start_ingest -restarted "$(feed_now)"
  event fault "a new ingestion service starts"
}

# --- The day: JMeter's first 30 s warm the service's JIT and are not counted --------------------------------
# (The report names the idle windows of its first 120 s the "start": the query service cold, counted apart too.)
end_feed=$((c0 + (cycles + 1) * cycle_s + ecmwf_to - cycle_s + 3600))  # an hour after the last ECMWF step
duration=$(( $(real_at "$end_feed") - $(date +%s) ))
# The users ask both models, a request each in turn, for valid times every run of the day has: from the last
# cycle's to the first run's last step, of the model whose steps end first.
last_step() { "$PY" "$HERE/day/publisher.py" steps "$1" | tr ' ' '\n' | tail -n 1; }
last_step="$(last_step "$gfs_steps")" ecmwf_last="$(last_step "$ecmwf_steps")"
[ "$ecmwf_last" -ge "$last_step" ] || last_step="$ecmwf_last"
ask_from=$((c0 + cycles * cycle_s)) ask_to=$((c0 + last_step * 3600))
[ "$ask_to" -gt "$ask_from" ] || die "the steps end at +${last_step}h: no valid time is in every run of $cycles cycles"
ask_times="$(date -u -d "@$ask_from" +%FT%TZ)..$(date -u -d "@$ask_to" +%FT%TZ)"
say "The day: $cycles cycles of each model, $duration s of wall clock; JMeter at $rate req/s throughout, times $ask_times."
sample &
pids+=("$!")
background "$logs/jmeter.log" "$ROOT/spotcast" loadtest constant-rate --model gfs,ecmwf --rate "$rate" \
  --duration "$duration" --warmup 30 --threads $((rate / 2 > 200 ? rate / 2 : 200)) --places cities --series-share "$series_share" --series-params 2t,10u,10v \
  --times "$ask_times"
jmeter="${pids[-1]}"
schedule &
pids+=("$!")
if [ "$kill" -gt 0 ]; then kill_during_load & pids+=("$!"); fi
wait "$jmeter" 2>/dev/null || true   # JMeter's run ends the day
say "The day is over; writing the report to $out..."
# The retention's archive: the snapshots of retired runs taken in the day, as events from the repository's
# own records (snapshot spotcast-MODEL-RUN), so that the report shows their windows as the phase "archive".
day_began="$(head -n 1 "$events" | cut -f1)"
admin_curl "$es_url/_snapshot/spotcast-archive/_all" \
  | jq -r --argjson from "${day_began:-0}" '.snapshots[]? | select(.start_time_in_millis >= $from)
      | (.snapshot | sub("^spotcast-"; "") | sub("-(?<run>[0-9]+)$"; " \(.run)")) as $run
      | "\(.start_time_in_millis)\tarchive\t\($run) begins",
        (select(.end_time_in_millis > 0) | "\(.end_time_in_millis)\tarchive\t\($run) ends")' >>"$events" \
  || say "the archive's snapshots could not be read; the report shows no archive phase"
jtl="$HERE/target/jmeter/results/spot-constant-rate.csv"
[ -s "$jtl" ] || die "JMeter wrote no results (see $logs/jmeter.log)"
"$JAVA" -jar "$(ls "$HERE"/target/spotcast-bench-*-exec.jar | head -n1)" day-report \
  --jtl "$jtl" --readings "$readings" --events "$events" --out "$out" --warmup 30 --start 120 --speed "$speed" \
  --title "A day: $cycles cycles of GFS and ECMWF at x$speed, $rate req/s offered"
cp "$readings" "$events" "$out/"
# What the query service read at its start and at each switch, and whether a switch asked the places
# asked most again, from its log (when this day started it).
if [ -s "$logs/query.log" ]; then
  { printf '\nWhat the query service read at its start and at each switch (its log, UTC):\n\n'
    grep -E 'warmed up with|documents of .* kept\)|was read: |was read stopped|places asked most|warming run' "$logs/query.log" \
      | sed -E 's/^([^ ]+) .* : /- \1 /'; } >>"$out/day-tables.md" || true
fi
# The publishers' habits as the feeds met them in the day, from nginx's log (kept across days): the 503s, and
# the bodies the feeds cut short (fewer bytes sent than the response's length: the trickling ones, retried).
awk -v from="$(( ${day_began:-0} / 1000 ))" '$1 < from { next }
  $4 == 503 { refused++ } $2 == "GET" && $6 ~ /^[0-9]+$/ && $5 < $6 { cut++; sent += $5; whole += $6 }
  END { printf "\nThe publishers (nginx), as the feeds met them: requests answered 503: %d; bodies cut short by the feeds: %d (%d of their %d bytes sent).\n", refused, cut, sent, whole }' \
  "$logs/publishers.log" >>"$out/day-tables.md" || true
# What became of the runs, in time order, each message once (a feed repeats its state every poll).
grep -hs -E 'published run|run-ended|given up|: feed [a-z0-9]+: run [0-9]+ FAILED|is behind being served' \
  "$logs/ingest.log" "$logs/ingest-restarted.log" \
  | awk '{ k = substr($0, index($0, " : ") + 3); sub(/ \([0-9]+ of [0-9]+ documents\).*/, "", k); if (!seen[k]++) print }' \
  | sort | tail -n 20 >&2 || true
