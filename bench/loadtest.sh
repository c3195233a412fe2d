#!/usr/bin/env bash
# ./spotcast loadtest [PLAN] [options]: a load test of a running query service (JMeter, or vegeta), then a
# result table of its steady phase (throughput, latency percentiles, errors, the generator's CPU share).
# The launcher calls this with JAVA_HOME set to a JDK 21+, and curl and jq installed; for vegeta, with the jars
# built and SPOTCAST_VEGETA set. See jmeter/README.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
OUT="$HERE/target/loadtest"
ES_URL="${SPOTCAST_ES_URL:-http://127.0.0.1:9200}"

say() { printf '%s\n' "$*" >&2; }
die() { say "loadtest: $*"; exit 2; }

usage() {
  cat <<'TXT'
Usage: ./spotcast loadtest [PLAN] [options]

Plans:
  constant-rate     requests arriving at --rate (random gaps, an open model) for --warmup + --duration s
                    (default; rate 2000 req/s)
  while-ingesting   the same at 500 req/s while a second synthetic run is being loaded

Options (defaults in brackets):
  --rate N          target requests per second in the steady phase [2000; 500 while ingesting]
  --duration S      steady phase, seconds [60]
  --warmup S        the first S seconds, at the full rate, not counted: connections open, the
                    generator compiles [10] (--rampup S: the same, its former name)
  --generator G     jmeter or vegeta: what sends the requests [jmeter]. Both send the same requests over
                    the same rows, from the same seed; JMeter's arrivals have random gaps (a Poisson
                    process), vegeta's even ones. vegeta needs no start-up and less CPU, which matters
                    on a machine the service shares, most at a cold start (docs/benchmarks.md)
  --threads N       JMeter threads carrying the requests; vegeta: its most connections [200]
  --host H          query service host [127.0.0.1]
  --port P          query service port [$SPOTCAST_PORT or 8080]
  --model M[,M..]   model to query; several: each row of the points CSV asks one of them in turn,
                    over the valid times, levels and box they all have [demo]
  --points N        rows in the random points CSV, read in order and again from the top when they run
                    out [as many as the test sends, (warm-up + steady) x rate, so that no place is
                    asked twice; at most 1000000]
  --seed N          seed of the points CSV [a new one each test, printed: --seed N asks the same
                    places again, which then meet what the service and Elasticsearch kept of them]
  --box S,N,W,E     area the points are drawn from, degrees [the model's grid, from GET /v1/models]
  --vertical V      alt, pressure or none: which levels the points ask for [auto: the level type
                    with a query parameter that has the most levels; none for single-level models]
  --neighbours N    n= of each request [4]
  --places P        uniform (over --box) or cities: the world's cities drawn by population, heights
                    within 100 m of the lowest level, as './spotcast bench city' asks [uniform]
  --series-share F  share 0..1 of the requests that are time series (GET /v1/series: every step of the
                    run at the row's place and height) instead of spot requests; the rate is the total
                    of both, and the table reports each kind apart [0: spot only]
  --series-params L parameters of the series requests [t,u,v]
  --times F..L      valid times the requests ask for, ISO-8601 (2026-11-27T00:00:00Z..2026-11-30T00:00:00Z)
                    [the published run's first..last step]: a test that outlives the run it starts on
                    asks for times every run it meets has
TXT
}

plan=constant-rate rate="" duration=60 rampup=10 threads=200 host=127.0.0.1 port="${SPOTCAST_PORT:-8080}"
model=demo points="" seed="" box="" neighbours=4 vertical=auto places=uniform
series_share=0 series_params=t,u,v ask_times="" generator=jmeter
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then plan="$1"; shift; fi
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { [ "$1" = -h ] || [ "$1" = --help ] || die "option $1 needs a value"; }
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --rate) rate="$2" ;;
    --duration) duration="$2" ;;
    --warmup|--rampup) rampup="$2" ;;
    --threads) threads="$2" ;;
    --host) host="$2" ;;
    --port) port="$2" ;;
    --model) model="$2" ;;
    --points) points="$2" ;;
    --seed) seed="$2" ;;
    --box) box="$2" ;;
    --neighbours) neighbours="$2" ;;
    --vertical) vertical="$2" ;;
    --places) places="$2" ;;
    --series-share) series_share="$2" ;;
    --series-params) series_params="$2" ;;
    --times) ask_times="$2" ;;
    --generator) generator="$2" ;;
    *) usage; die "unknown option '$1'" ;;
  esac
  shift 2
done
case "$plan" in
  constant-rate) rate="${rate:-2000}" ;;
  while-ingesting) rate="${rate:-500}" ;;
  *) usage; die "unknown plan '$plan'" ;;
esac
for n in "$rate" "$duration" "$rampup" "$threads" "$port" ${points:+"$points"} ${seed:+"$seed"}; do
  [[ "$n" =~ ^[0-9]+$ ]] || die "'$n' is not a whole number"
done
# A place asked again is answered from what the service and Elasticsearch kept of its first asking,
# so by default every request asks a place of its own, drawn with a seed of its own.
sent=$(( rate * (rampup + duration) ))
# At most a million rows by default (about 80 MB of CSV): longer tests come round again, and say so.
points="${points:-$(( sent < 1000 ? 1000 : sent > 1000000 ? 1000000 : sent ))}"
seed="${seed:-$(( ($(date +%s%N) / 1000) % 1000000000 ))}"
[ "$points" -ge 1 ] || die "--points must be at least 1 (rows of places to ask), not $points"
[[ "$series_share" =~ ^(0(\.[0-9]*)?|1(\.0*)?|\.[0-9]+)$ ]] \
  || die "--series-share must be a fraction from 0 to 1 (0.2: one request in five is a series), not '$series_share'"
[[ "$series_params" =~ ^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$ ]] \
  || die "--series-params must be parameter names separated by commas (t,u,v), not '$series_params'"
series_on="$(awk -v f="$series_share" 'BEGIN { print (f > 0) ? 1 : 0 }')"
iso='[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?Z'
[ -z "$ask_times" ] || [[ "$ask_times" =~ ^$iso\.\.$iso$ ]] \
  || die "--times must be FIRST..LAST in ISO-8601 UTC (2026-11-27T00:00:00Z..2026-11-30T00:00:00Z), not '$ask_times'"
[[ "$model" =~ ^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$ ]] \
  || die "--model must be a model id, or several separated by commas (gfs,ecmwf), not '$model'"
case "$generator" in
  jmeter) ;;
  vegeta) [ -x "${SPOTCAST_VEGETA:-}" ] || die "--generator vegeta needs vegeta (SPOTCAST_VEGETA); run it through ./spotcast loadtest, which builds it" ;;
  *) die "--generator must be jmeter or vegeta, not '$generator'" ;;
esac
case "$vertical" in auto|alt|pressure|none) ;; *) die "--vertical must be auto, alt, pressure or none, not '$vertical'" ;; esac
case "$places" in
  uniform) cities=none ;;
  cities) cities="${SPOTCAST_CITIES:-}"; [ -f "$cities" ] || die "--places cities needs the cities CSV (SPOTCAST_CITIES); run it through ./spotcast loadtest" ;;
  *) die "--places must be uniform or cities, not '$places'" ;;
esac

base="http://$host:$port"

# --- Is the service there, and does it serve the model? --------------------------------------
if ! curl -fsS -m 5 "$base/actuator/health/liveness" >/dev/null 2>&1; then
  die "no query service answers at $base. Start one first, e.g.
    ./spotcast demo                               # Elasticsearch + demo run + service on :8080
  or, with Elasticsearch and a published run already there:
    ./spotcast serve --server.port=$port
  and pass --port/--host if it is not on $base."
fi

# --- What to ask: the model's published run from the catalog (GET /v1/models) -----------------
# run-extent.jq picks the model, its level type (--vertical) and prints one tab-separated line:
# OK run vertical levels times box level-types, or ERROR reason detail.
models_json="$(curl -sS -m 10 -w '\n%{http_code}' "$base/v1/models" 2>&1)" || die "GET $base/v1/models failed: $models_json"
code="${models_json##*$'\n'}" models_json="${models_json%$'\n'*}"
case "$code" in
  200) ;;
  503) die "the service is not ready yet (try again in a few seconds): $models_json" ;;
  404) die "the service at $base has no GET /v1/models (an older version?): $models_json" ;;
  *) die "GET $base/v1/models answered HTTP $code: $models_json" ;;
esac
# One line per model: the first model chooses the level type (--vertical), the others are asked
# for the same one; what the rows ask is what every model has: the valid times, levels and box all
# share (their intersection).
extent_of() {
  local line
  line="$(jq -r -f "$HERE/run-extent.jq" --arg model "$1" --arg vertical "$2" <<<"$models_json")" \
    || die "could not read the service's GET /v1/models answer: $models_json"
  IFS=$'\t' read -r verdict run_id vparam levels times grid_box level_types <<<"$line"
  if [ "$verdict" = ERROR ]; then
    case "$run_id" in
      no-model) die "the service has no published run of model '$1' (published: ${vparam:-none}).
  Load one with e.g. ./spotcast synth --model $1 --resolution 1 --levels 0,1000,3000,5000 --steps 0-24, or pass --model." ;;
      no-vertical) die "model $1 has no levels queried with $2= (it has: $vparam); pass --vertical auto or another one" ;;
      *) die "model $1: cannot load-test its run ($run_id ${vparam:-})" ;;
    esac
  fi
}
IFS=',' read -r -a models <<<"$model"
extent_of "${models[0]}" "$vertical"
described="Model ${models[0]} run $run_id ($level_types)"
for other in "${models[@]:1}"; do
  first_vparam="$vparam" first_levels="$levels" first_times="$times" first_box="$grid_box"
  extent_of "$other" "$first_vparam"
  described="$described, model $other run $run_id ($level_types)"
  # The later first time and the earlier last one (ISO-8601 UTC strings of one form sort as times).
  from="${first_times%%..*}" to="${first_times##*..}"
  [[ "${times%%..*}" > "$from" ]] && from="${times%%..*}"
  [[ "${times##*..}" < "$to" ]] && to="${times##*..}"
  times="$from..$to"
  if [ "$vparam" != none ]; then
    levels="$(awk -v a="$first_levels" -v b="$levels" 'BEGIN {
      na = split(a, x, ","); nb = split(b, y, ",")
      lo = (x[1] + 0 > y[1] + 0) ? x[1] : y[1]; hi = (x[na] + 0 < y[nb] + 0) ? x[na] : y[nb]
      if (lo + 0 > hi + 0) print "none"; else if (lo == hi) print lo; else print lo "," hi }')"
    [ "$levels" != none ] || die "models ${models[*]} share no $vparam= levels; pass --vertical none or one model"
  fi
  grid_box="$(awk -v a="$first_box" -v b="$grid_box" 'BEGIN {
    split(a, x, ","); split(b, y, ",")
    for (i = 1; i <= 4; i++) { x[i] += 0; y[i] += 0 }
    s = x[1] > y[1] ? x[1] : y[1]; n = x[2] < y[2] ? x[2] : y[2]
    w = x[3] > y[3] ? x[3] : y[3]; e = x[4] < y[4] ? x[4] : y[4]
    if (s > n || w > e) print "none"; else print s "," n "," w "," e }')"
  [ "$grid_box" != none ] || [ -n "$box" ] || die "the grids of models ${models[*]} do not overlap; pass --box S,N,W,E"
done
if [ -z "$ask_times" ] && [[ "${times%%..*}" > "${times##*..}" ]]; then
  die "the published runs of models ${models[*]} share no valid time ($times); pass --times or one model"
fi
box="${box:-$grid_box}"
times="${ask_times:-$times}"
case "$vparam" in
  none) what="no vertical parameter (single-level fields)" ;;
  *) what="$vparam ${levels%%,*}..${levels##*,}" ;;
esac
say "$described: valid times $times, $what, box $box;"
[ "${#models[@]}" -lt 2 ] || say "  each row asks one of the models in turn (${models[*]})"
say "  $plan at $rate req/s (warm-up ${rampup} s, steady ${duration} s), $places places, against $base, sent by $generator"
say "  $points rows drawn with --seed $seed (the same flag asks the same places again)"
if [ "$points" -lt "$sent" ]; then
  say "  the test sends $sent requests: the rows come round again every $(( points / rate )) s, and the"
  say "  places asked again are answered from what the service and Elasticsearch kept of them"
fi
if [ "$series_on" = 1 ]; then
  say "  a share of $series_share of the requests are series (params $series_params), the rest spot requests"
fi

mkdir -p "$OUT"
cpu_log="$OUT/cpu.tsv" mvn_log="$OUT/maven.log" service_log="$OUT/service.tsv"
: >"$cpu_log"
: >"$service_log"

# --- while-ingesting: load another synthetic run alongside ----------------------------------
ingest_pid=""
stop_ingest() {
  if [ -n "$ingest_pid" ] && kill -0 "$ingest_pid" 2>/dev/null; then
    say "Stopping the ingestion started for the test (its partial run stays unpublished)."
    kill -- "-$ingest_pid" 2>/dev/null || true
    wait "$ingest_pid" 2>/dev/null || true
  fi
}
trap stop_ingest EXIT
if [ "$plan" = while-ingesting ]; then
  ingest_model="${models[0]:0:30}_ingest"
  ingest_run="$(date -u +%Y-%m-%dT%H:00:00Z)"   # a fresh run each hour, so reruns do not collide
  say "Ingesting model $ingest_model run $ingest_run during the test (log: $OUT/ingest.log)..."
  # Its own process group, so that the launcher and its JVM can be stopped together.
  setsid "$ROOT/spotcast" synth --es "$ES_URL" --model "$ingest_model" --run "$ingest_run" --resolution 1 \
    --levels 0,1000,3000,5000 --steps 0-24 >"$OUT/ingest.log" 2>&1 &
  ingest_pid=$!
  # Start the queries once documents are flowing, not while the loader is still starting up.
  for _ in $(seq 1 120); do
    grep -q 'docs/s' "$OUT/ingest.log" 2>/dev/null && break
    kill -0 "$ingest_pid" 2>/dev/null || die "the ingestion stopped early; see $OUT/ingest.log"
    sleep 1
  done
fi

# --- Run the generator (JMeter through Maven, or vegeta); sample CPU while it runs -------------
bench_jar() { ls "$HERE"/target/spotcast-bench-*-exec.jar 2>/dev/null | head -n1; }
if [ "$generator" = jmeter ]; then
  say "Running JMeter (Maven log: $mvn_log)..."
  # The reactor builds the products the bench module depends on (their tests skipped), then runs JMeter.
  (cd "$ROOT" && exec ./mvnw -B -pl bench -am -Ploadtest verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -DskipITs \
    -Dloadtest.host="$host" -Dloadtest.port="$port" -Dloadtest.model="$model" \
    -Dloadtest.rate="$rate" -Dloadtest.rampup="$rampup" -Dloadtest.steady="$duration" \
    -Dloadtest.threads="$threads" -Dloadtest.neighbours="$neighbours" \
    -Dloadtest.points.count="$points" -Dloadtest.points.seed="$seed" \
    -Dloadtest.times="$times" -Dloadtest.vertical="$vparam" -Dloadtest.levels="$levels" -Dloadtest.box="$box" \
    -Dloadtest.cities="$cities" \
    -Dloadtest.series.share="$series_share" -Dloadtest.series.params="$series_params" \
    >"$mvn_log" 2>&1) &
  load_pid=$!
else
  jar="$(bench_jar)"
  [ -n "$jar" ] || die "bench/target/spotcast-bench-*-exec.jar is missing; run './spotcast build'"
  targets="$OUT/targets.json" results="$OUT/vegeta.bin" vegeta_log="$OUT/vegeta.log"
  # The same rows as JMeter's plan reads (the same seed gives the same places), and each row's request.
  "${JAVA_HOME:+$JAVA_HOME/bin/}java" -jar "$jar" loadtest-points --out "$OUT/points.csv" --count "$points" \
    --seed "$seed" --times "$times" --vertical "$vparam" --levels "$levels" --box "$box" --cities "$cities" \
    --series-share "$series_share" --models "$model" --targets "$targets" --base "$base" \
    --neighbours "$neighbours" --series-params "$series_params" >"$OUT/points.log" 2>&1 \
    || die "could not write the requests: $(tail -n 1 "$OUT/points.log")"
  say "Running vegeta (log: $vegeta_log)..."
  # Every target held in memory and sent in turn, round again from the first when they run out; a
  # request not answered within 10 s counts as not answered, as JMeter's response timeout.
  "$SPOTCAST_VEGETA" attack -format=json -targets="$targets" -rate="$rate/1s" -duration="$((rampup + duration))s" \
    -timeout=10s -max-connections="$threads" -output="$results" >"$vegeta_log" 2>&1 &
  load_pid=$!
fi

# One line a second once the generator is up: epoch ms, its utime+stime, the machine's busy
# and total ticks (all CPUs) from /proc/stat, busy counted as the benchmarks' MachineTicks counts it. The plugin forks JMeter as "java ... -jar
# ApacheJMeter-x.y.jar" with its home under this module's target/, which tells it from any other; vegeta is
# the process started above.
generator_pid() {
  if [ "$generator" = vegeta ]; then echo "$load_pid"; else pgrep -f "ApacheJMeter.*$HERE/target" | head -n1 || true; fi
}
sample_cpu() {
  local pid="" rest cpu_line
  while kill -0 "$load_pid" 2>/dev/null; do
    if [ -z "$pid" ] || [ ! -r "/proc/$pid/stat" ]; then
      pid="$(generator_pid)"
    fi
    if [ -n "$pid" ] && rest="$(cat "/proc/$pid/stat" 2>/dev/null)"; then
      rest="${rest##*) }"                       # after "pid (comm) ": field 3 (state) onwards
      read -r -a f <<<"$rest"
      read -r -a c < /proc/stat                 # cpu user nice system idle iowait irq softirq steal
      cpu_line="$(date +%s%3N) $((f[11] + f[12])) $((c[1] + c[2] + c[3] + c[6] + c[7])) \
$((c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8]))"
      echo "$cpu_line" >>"$cpu_log"
    fi
    sleep 1
  done
}
# And what the service holds, from its actuator: epoch ms, live platform threads, heap used (bytes),
# requests in progress (the sampler's own included). Bounded
# threads and memory under overload are part of what the test shows.
sample_service() {
  local threads heap active
  while kill -0 "$load_pid" 2>/dev/null; do
    threads="$(curl -fsS -m 1 "$base/actuator/metrics/jvm.threads.live" 2>/dev/null | jq -r '.measurements[0].value' 2>/dev/null || true)"
    heap="$(curl -fsS -m 1 "$base/actuator/metrics/jvm.memory.used?tag=area:heap" 2>/dev/null | jq -r '.measurements[0].value' 2>/dev/null || true)"
    active="$(curl -fsS -m 1 "$base/actuator/metrics/http.server.requests.active" 2>/dev/null \
      | jq -r '.measurements[] | select(.statistic == "ACTIVE_TASKS") | .value' 2>/dev/null || true)"
    if [ -n "$threads" ] && [ -n "$heap" ]; then
      printf '%s %.0f %.0f %.0f\n' "$(date +%s%3N)" "$threads" "$heap" "${active:-0}" >>"$service_log"
    fi
    sleep 1
  done
}
sample_cpu &
sampler_pid=$!
sample_service &
service_sampler_pid=$!
status=0
wait "$load_pid" || status=$?
wait "$sampler_pid" 2>/dev/null || true
wait "$service_sampler_pid" 2>/dev/null || true
stop_ingest

mix=""
[ "$series_on" = 0 ] || mix=", series share $series_share"
if [ "$generator" = jmeter ]; then
  jtl="$HERE/target/jmeter/results/spot-constant-rate.csv"
  report="$HERE/target/jmeter/reports/spot-constant-rate/index.html"
  if [ "$status" -ne 0 ] || [ ! -s "$jtl" ]; then
    grep -E 'ERROR|error occurred|Exception' "$mvn_log" | head -n 20 >&2 || true
    die "the JMeter run failed (exit $status); full log: $mvn_log"
  fi
  results_args=(--jtl "$jtl" --report "$report")
  sender="$threads threads"
else
  if [ "$status" -ne 0 ] || [ ! -s "$results" ]; then
    die "the vegeta attack failed (exit $status): $(tail -n 3 "$vegeta_log" | tr '\n' ' ')"
  fi
  # Read as vegeta encodes them, bodies included (twice the size of the results), so not kept: the
  # results stay, for 'vegeta report' and 'vegeta plot'.
  results_args=(--vegeta /dev/stdin)
  sender="vegeta, at most $threads connections"
fi

echo
echo "Spotcast load test: $plan, model $model at $base, target $rate req/s$mix, warm-up ${rampup} s + steady ${duration} s, $sender"
summary() {
  "${JAVA_HOME:+$JAVA_HOME/bin/}java" -jar "$(bench_jar)" jtl-summary \
    "${results_args[@]}" --cpu "$cpu_log" --service "$service_log" --warmup "$rampup" --label "spot steady,series steady" --rate "$rate"
}
if [ "$generator" = jmeter ]; then summary; else "$SPOTCAST_VEGETA" encode -to=csv "$results" | summary; fi
if [ "$plan" = while-ingesting ]; then
  echo "  ingestion at the end  $(grep 'docs/s' "$OUT/ingest.log" | tail -n1 | sed 's/^ *//')"
fi
echo "  load average          $(cut -d' ' -f1-3 /proc/loadavg)   (1, 5, 15 min, at the end)"
