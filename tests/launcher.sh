#!/usr/bin/env bash
# Tests of ./spotcast itself, run by `./spotcast test` after the Maven build (they use the jars it built):
#   1. a missing executable jar ends a command with one line on stderr and a non-zero exit;
#   2. Ctrl-C (SIGINT) on `./spotcast demo` stops the query service it started, and leaves alone the
#      Elasticsearch it found running;
#   3. Ctrl-C on `./spotcast demo` stops the query service and the Elasticsearch the demo started;
#   4. `./spotcast serve` passes the local node's query credential to the service, in its environment and not on
#      its command line, and the service reads the node with it;
#   5. a service given no credential (`serve` against a node that is not the local one) does not start, and says
#      in one line which properties to set, without a stack trace;
#   6. every command's --help (and -h) prints its help and exits 0, starting, installing and building nothing;
#      a malformed option (loadtest --times) ends it with one line and exit 2;
#   7. `es start`, `synth`, `ingest` and `serve` find their ports in the environment alone (SPOTCAST_ES_PORT,
#      SPOTCAST_PORT; no SPOTCAST_ES_URL, no --port, --es or --server.port);
#   8. SPOTCAST_AOT=on: the first `serve` records the JVM's AOT cache as it stops, the next starts from it; any
#      other value than on or off ends `serve` with one line;
#   9. a loader runs at SPOTCAST_LOADER_NICE, and one that leads its session sets its session's (autogroup) nice
#      too; a value outside 0-19 ends the command with one line.
# Everything runs with its own SPOTCAST_HOME and free loopback ports, and is stopped at the end.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# How long the launcher may take to stop everything after SIGINT: the service shuts down gracefully and
# `es stop` gives each node up to 30 s before SIGKILL.
STOP_BOUND=60
# How long a demo may take until it serves: Elasticsearch start, a tiny run, the service's start.
SERVE_BOUND=300

WORK="$(mktemp -d /tmp/spotcast-launcher-test.XXXXXX)"
chmod 755 "$WORK" # as root, Elasticsearch runs as nobody, who must traverse its home
export SPOTCAST_HOME="$WORK/home" SPOTCAST_ES_HEAP=512m
unset SPOTCAST_ES_URL
failures=0
launcher="" service=""

say() { printf '%s\n' "$*"; }
fail() { say "FAIL: $*"; failures=$((failures + 1)); }
pass() { say "ok: $*"; }

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() { # a port that is free, with port+100 free too (the Elasticsearch transport port)
  local port
  while :; do
    port=$((20000 + RANDOM % 30000))
    listening "$port" || listening $((port + 100)) || { echo "$port"; return; }
  done
}

gone_within() { # whether process $1 has exited within $2 s
  local i
  for i in $(seq 1 $(($2 * 10))); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  return 1
}

exited_within() { # whether our own child $1 has exited within $2 s (not yet waited for, it stays a zombie)
  local i state
  for i in $(seq 1 $(($2 * 10))); do
    state="$(ps -o stat= -p "$1" 2>/dev/null || true)"
    case "$state" in ""|Z*) return 0 ;; esac
    sleep 0.1
  done
  return 1
}

closed_within() { # whether nothing listens on port $1 within $2 s
  local i
  for i in $(seq 1 $(($2 * 10))); do listening "$1" || return 0; sleep 0.1; done
  return 1
}

es_pids() { # the processes recorded by the Elasticsearch nodes running from SPOTCAST_HOME
  grep -rhs '^processes=' "$SPOTCAST_HOME/clusters" | sed 's/^processes=//; s/@[0-9]*//g; s/,/ /g'
}

cleanup() { # whatever a failed test left running
  if [ -n "$launcher" ]; then kill "$launcher" 2>/dev/null || true; gone_within "$launcher" 40 || kill -9 "$launcher" 2>/dev/null || true; fi
  if [ -n "$service" ]; then kill -9 "$service" 2>/dev/null || true; fi
  "$ROOT/spotcast" es stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# Starts the demo with a tiny run and waits until it serves; sets launcher and service. Job control (set -m)
# gives the demo its own process group, as a shell gives a command typed at a terminal; without it, a
# background job of a script starts with SIGINT ignored, and a signal ignored on entry cannot be trapped.
# The same holds when these tests themselves were started in the background of a shell without job control
# (SIGINT ignored from there on, for the launcher and the JVM alike): env --default-signal gives the demo
# SIGINT's default disposition back, as a terminal's foreground job has it.
start_demo() {
  set -m
  env --default-signal=INT "$ROOT/spotcast" demo --levels 0 --steps 0-1 --resolution 5 >"$WORK/demo.out" 2>&1 &
  launcher=$!
  set +m
  local i
  for i in $(seq 1 "$SERVE_BOUND"); do
    if grep -q 'serving' "$WORK/demo.out"; then
      service="$(pgrep -P "$launcher" java)"
      return 0
    fi
    kill -0 "$launcher" 2>/dev/null || break
    sleep 1
  done
  say "--- demo output ---"; tail -n 40 "$WORK/demo.out"
  return 1
}

# Ctrl-C: SIGINT to the launcher's process group, as a terminal sends it to its foreground job; the
# launcher must end with 130 within STOP_BOUND.
interrupt_demo() {
  kill -INT -- "-$launcher"
  if gone_within "$launcher" "$STOP_BOUND"; then
    local status=0
    wait "$launcher" || status=$?
    [ "$status" = 130 ] || fail "the demo ended with $status after SIGINT, not 130"
    launcher=""
  else
    fail "the launcher still runs $STOP_BOUND s after SIGINT"
  fi
}

# 1. A missing jar: a copy of the launcher in a tree without jars (and nothing to build).
mkdir -p "$WORK/empty"
cp "$ROOT/spotcast" "$WORK/empty/"
touch "$WORK/empty/.build-stamp"
status=0
"$WORK/empty/spotcast" es status >"$WORK/missing.out" 2>"$WORK/missing.err" || status=$?
if [ "$status" != 0 ] && [ "$(wc -l <"$WORK/missing.err")" = 1 ] && grep -q 'infra/target/spotcast-infra-\*-exec.jar is missing' "$WORK/missing.err" \
  && [ ! -s "$WORK/missing.out" ]; then
  pass "a missing jar ends the command: $(cat "$WORK/missing.err") (exit $status)"
else
  fail "a missing jar: exit $status, stderr: $(cat "$WORK/missing.err"), stdout: $(cat "$WORK/missing.out")"
fi

ES_PORT="$(free_port)"
PORT="$(free_port)"
export SPOTCAST_ES_PORT="$ES_PORT" SPOTCAST_PORT="$PORT"
say "Elasticsearch port $ES_PORT, query service port $PORT, home $SPOTCAST_HOME"

# 6. --help: help on stdout, exit 0, and nothing started (no process that has this SPOTCAST_HOME, nothing on the
# ports), nothing installed or built (SPOTCAST_HOME stays absent, the build stamp unchanged).
ours() { # the processes running with this test's SPOTCAST_HOME in their environment
  local pid
  for pid in $(pgrep -f 'java|elasticsearch|spotcast' || true); do
    tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qxF "SPOTCAST_HOME=$SPOTCAST_HOME" && echo "$pid"
  done
  return 0
}
stamp="$(stat -c %Y "$ROOT/.build-stamp" 2>/dev/null || echo none)"
helped=0
while IFS= read -r line; do
  read -ra words <<<"$line"
  status=0
  timeout 60 "$ROOT/spotcast" "${words[@]}" >"$WORK/help.out" 2>"$WORK/help.err" || status=$?
  running="$(ours)"
  if [ "$status" = 0 ] && grep -q '^Usage: ' "$WORK/help.out" && [ -z "$running" ] && [ ! -e "$SPOTCAST_HOME" ] \
    && ! listening "$ES_PORT" && ! listening "$PORT" && [ "$(stat -c %Y "$ROOT/.build-stamp" 2>/dev/null || echo none)" = "$stamp" ]; then
    helped=$((helped + 1))
  else
    fail "'./spotcast $line': exit $status, processes: ${running:-none}, home: $(ls -d "$SPOTCAST_HOME" 2>/dev/null || echo none), stdout: $(head -n 5 "$WORK/help.out"), stderr: $(tail -n 5 "$WORK/help.err")"
    [ -z "$running" ] || kill $running 2>/dev/null || true
  fi
done <<'COMMANDS'
--help
-h
help
help serve
demo --help
test --help
build --help
es --help
es start --help
es start -h
es stop --help
es credential --help
kafka start --help
fleet up --help
synth --help
ingest --help
fetch --help
archive --help
serve --help
serve -h
ingest-service --help
screenshots --help
bench --help
bench query --help
loadtest --help
COMMANDS
[ "$helped" = 25 ] && pass "--help of every command printed help, exited 0 and started nothing ($helped commands)"
grep -q "SPOTCAST_ES_PORT=$ES_PORT" < <("$ROOT/spotcast" es start --help) \
  && pass "es start --help shows the settings' values" || fail "es start --help does not show SPOTCAST_ES_PORT=$ES_PORT"

# 6b. A malformed option ends the command with one line naming it, exit 2, before anything is asked of a service.
refused_in_one_line() { # NAME PATTERN ARGS...: `spotcast ARGS` exits 2 with one line on stderr matching PATTERN
  local name="$1" pattern="$2" status=0
  shift 2
  "$ROOT/spotcast" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || status=$?
  if [ "$status" = 2 ] && [ "$(wc -l <"$WORK/$name.err")" = 1 ] && grep -q "$pattern" "$WORK/$name.err"; then
    pass "$*: $(cat "$WORK/$name.err") (exit 2)"
  else
    fail "$*: exit $status, stderr: $(head -n 5 "$WORK/$name.err")"
  fi
}
refused_in_one_line badtimes "^loadtest: --times must be FIRST..LAST" loadtest --times yesterday
refused_in_one_line badseed "^loadtest: 'forty-two' is not a whole number" loadtest --seed forty-two
refused_in_one_line badmodels "^loadtest: --model must be a model id, or several separated by commas" loadtest --model gfs,,ecmwf
refused_in_one_line badgenerator "^loadtest: --generator must be jmeter or vegeta, not 'wrk'" loadtest --generator wrk
# Without the launcher, which builds vegeta, the script says where to run it from.
status=0
env -u SPOTCAST_VEGETA "$ROOT/bench/loadtest.sh" --generator vegeta >"$WORK/novegeta.out" 2>"$WORK/novegeta.err" || status=$?
if [ "$status" = 2 ] && [ "$(wc -l <"$WORK/novegeta.err")" = 1 ] && grep -q "^loadtest: --generator vegeta needs vegeta .*./spotcast loadtest" "$WORK/novegeta.err"; then
  pass "loadtest.sh --generator vegeta without vegeta: $(cat "$WORK/novegeta.err") (exit 2)"
else
  fail "loadtest.sh --generator vegeta without vegeta: exit $status, stderr: $(head -n 5 "$WORK/novegeta.err")"
fi
SPOTCAST_LOADER_NICE=20 refused_in_one_line badnice \
  "^spotcast: SPOTCAST_LOADER_NICE is a nice value from 0 to 19, not '20'" synth --model envnice

# 5. No credential: `serve` against a node that is not the local one has none to pass (nothing listens there; the
# service stops before it connects).
status=0
SPOTCAST_ES_URL="https://127.0.0.1:$(free_port)" timeout 120 "$ROOT/spotcast" serve --server.port="$PORT" \
  >"$WORK/nocredential.out" 2>&1 || status=$?
if [ "$status" != 0 ] && [ "$status" != 124 ] \
  && grep -q '^Set spotcast.elasticsearch.api-key, or spotcast.elasticsearch.username and .password, or spotcast.elasticsearch.bearer-token' "$WORK/nocredential.out" \
  && ! grep -q $'^\tat ' "$WORK/nocredential.out"; then
  pass "a service without a credential does not start: $(grep -m1 '^Set spotcast' "$WORK/nocredential.out") (exit $status)"
else
  fail "a service without a credential: exit $status, output: $(tail -n 30 "$WORK/nocredential.out")"
fi

# 2. An Elasticsearch that runs already is used and left running. 7: `es start` takes its port from SPOTCAST_ES_PORT.
"$ROOT/spotcast" es start --heap 512m >/dev/null
listening "$ES_PORT" && pass "es start listens on SPOTCAST_ES_PORT=$ES_PORT" || fail "es start: nothing listens on $ES_PORT"
if start_demo; then
  interrupt_demo
  gone_within "$service" 5 && pass "SIGINT stopped the query service" || fail "the query service (pid $service) still runs"
  closed_within "$PORT" 5 || fail "port $PORT still listens"
  # The node is secured: any HTTPS answer (401 without credentials) means it still runs.
  curl -sk -o /dev/null "https://127.0.0.1:$ES_PORT/_cluster/health" && pass "the Elasticsearch the demo found still runs" \
    || fail "the demo stopped an Elasticsearch it had not started"
else
  fail "the demo did not serve within $SERVE_BOUND s (Elasticsearch already running)"
fi

# 7. synth and ingest load into the node on SPOTCAST_ES_PORT, with no SPOTCAST_ES_URL and no --es.
for load in "synth --model envsynth --resolution 10 --levels 0 --steps 0" \
  "ingest --model envgrib $ROOT/samples/uv_on_different_levels.grib"; do
  read -ra words <<<"$load"
  status=0
  timeout 300 "$ROOT/spotcast" "${words[@]}" >"$WORK/load.out" 2>&1 || status=$?
  # Published: into the node on ES_PORT, as the service's models show below (nothing else has this home's credential).
  if [ "$status" = 0 ] && grep -q ' run [0-9]*: PUBLISHED' "$WORK/load.out"; then
    pass "${words[0]} published its run with SPOTCAST_ES_PORT=$ES_PORT alone"
  else
    fail "${words[0]} on SPOTCAST_ES_PORT=$ES_PORT: exit $status, output: $(tail -n 20 "$WORK/load.out")"
  fi
done

# 9. A loader runs at SPOTCAST_LOADER_NICE (10 unset). One that leads its session, as daemons and `bench day` start
# them, also sets its session's nice: the kernel's autogroups share the CPU between sessions whatever the nice of
# their processes. A run long enough (minutes) to be looked at, then stopped unpublished.
setsid "$ROOT/spotcast" synth --model envnice --resolution 0.25 --levels 0,10 --steps 0-48 >"$WORK/nice.out" 2>&1 &
loader=$! # a background job is no group leader: setsid runs the launcher in this pid, the session's leader
jvm=""
for _ in $(seq 1 300); do
  # (the loader's JVM, not a `java` the launcher runs before it to check the JDK)
  jvm="$(pgrep -s "$loader" -f 'spotcast-ingestor-[^ ]*-exec[.]jar synth --model envnice' | head -n 1 || true)"
  [ -n "$jvm" ] && break
  kill -0 "$loader" 2>/dev/null || break
  sleep 0.2
done
nice_of="$( [ -n "$jvm" ] && ps -o ni= -p "$jvm" | tr -d ' ')"
group="$( [ -n "$jvm" ] && cat "/proc/$jvm/autogroup" 2>/dev/null)"
if [ "$nice_of" = 10 ] && { [ ! -e /proc/self/autogroup ] || [[ "$group" == *"nice 10" ]]; }; then
  pass "synth led by its own session ran at nice 10, its session's autogroup too (${group:-no autogroups here})"
else
  fail "synth's priority: JVM ${jvm:-not found}, nice '${nice_of}', autogroup '${group}'; $(tail -n 5 "$WORK/nice.out")"
fi
kill -9 "$loader" ${jvm:+"$jvm"} 2>/dev/null || true
wait "$loader" 2>/dev/null || true

# 4. `serve` on the node `es start` secured: ready only once it has read the run catalog, which takes the credential.
# 7: on SPOTCAST_PORT, with no --server.port, serving the runs synth and ingest loaded.
secret="$(sed -n 's/^password=//p' "$SPOTCAST_HOME/credentials/query.properties")"
# With a JVM option that prints lines of the JVM's own on stdout (as -XX:StartFlightRecording does): the credential
# the launcher reads from its Java tool passes all the same.
SPOTCAST_JAVA_OPTS="-Xlog:gc:stdout" "$ROOT/spotcast" serve --spotcast.query.warmup.requests=0 >"$WORK/serve.out" 2>&1 &
service=$! # serve execs the service: the launcher's process is the service's
ready=0
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/actuator/health/readiness" 2>/dev/null && { ready=1; break; }
  kill -0 "$service" 2>/dev/null || break
  sleep 1
done
if [ "$ready" = 1 ] && [ -n "$secret" ] && ! ps -o args= -p "$service" | grep -qF -- "$secret" \
  && tr '\0' '\n' <"/proc/$service/environ" | grep -qx 'SPOTCAST_ELASTICSEARCH_USERNAME=spotcast-query'; then
  pass "serve passed the query credential in the service's environment, not on its command line, and the service is ready"
else
  fail "serve and the local credential: ready=$ready; $(ps -o args= -p "$service" | grep -cF -- "${secret:-none}") command lines hold the password; output: $(tail -n 30 "$WORK/serve.out")"
fi
models="$(curl -fsS "http://127.0.0.1:$PORT/v1/models" 2>&1 || true)"
if [[ "$models" == *envsynth* && "$models" == *envgrib* ]]; then
  pass "serve listens on SPOTCAST_PORT=$PORT and serves the runs synth and ingest loaded"
else
  fail "serve on SPOTCAST_PORT=$PORT: /v1/models: ${models:0:300}"
fi
kill "$service" 2>/dev/null || true
exited_within "$service" 40 || kill -9 "$service" 2>/dev/null || true
wait "$service" 2>/dev/null || true
service=""

# 8. SPOTCAST_AOT=on: the first `serve` of a build records the JVM's AOT cache as it stops, the next starts from it.
SPOTCAST_AOT=maybe refused_in_one_line badaot "^spotcast: SPOTCAST_AOT is 'on' or 'off', not 'maybe'" serve
serve_aot() { # serve_aot NAME: `SPOTCAST_AOT=on serve` until ready, then stopped; its command line in $WORK/NAME.args
  SPOTCAST_AOT=on "$ROOT/spotcast" serve --spotcast.query.warmup.requests=0 >"$WORK/$1.out" 2>&1 &
  service=$!
  for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/actuator/health/readiness" 2>/dev/null && break
    kill -0 "$service" 2>/dev/null || break
    sleep 1
  done
  ps -o args= -p "$service" >"$WORK/$1.args" || true
  kill "$service" 2>/dev/null || true
  exited_within "$service" 60 || kill -9 "$service" 2>/dev/null || true
  wait "$service" 2>/dev/null || true
  service=""
}
serve_aot aot-record
serve_aot aot-use
caches=("$SPOTCAST_HOME"/jvm/query-service/*/*.aot)
if grep -q -- "-XX:AOTCacheOutput=$SPOTCAST_HOME/jvm/query-service/" "$WORK/aot-record.args" \
  && [ "${#caches[@]}" = 1 ] && [ -s "${caches[0]}" ] && [ ! -e "${caches[0]}.config" ] \
  && grep -q -- "-XX:AOTCache=${caches[0]} " "$WORK/aot-use.args" && grep -q "Started QueryServiceApplication" "$WORK/aot-use.out"; then
  pass "SPOTCAST_AOT=on: the first serve recorded the JVM's AOT cache ($(du -m "${caches[0]}" | cut -f1) MB), the next started from it"
else
  fail "SPOTCAST_AOT=on: record: $(cat "$WORK/aot-record.args"); use: $(cat "$WORK/aot-use.args"); caches: ${caches[*]}; $(tail -n 20 "$WORK/aot-use.out")"
fi
"$ROOT/spotcast" es stop >/dev/null

# 3. The demo starts Elasticsearch, and stops it on SIGINT.
if start_demo; then
  es="$(es_pids || true)" # none: named below, not a silent exit
  [ -n "$es" ] || fail "no Elasticsearch process recorded under $SPOTCAST_HOME"
  interrupt_demo
  gone_within "$service" 5 && pass "SIGINT stopped the query service" || fail "the query service (pid $service) still runs"
  for pid in $es; do
    gone_within "$pid" 5 || fail "Elasticsearch process $pid still runs"
  done
  closed_within "$PORT" 5 || fail "port $PORT still listens"
  closed_within "$ES_PORT" 5 || fail "port $ES_PORT still listens"
  [ "$failures" = 0 ] && pass "SIGINT stopped the Elasticsearch the demo started (pids $es)"
else
  fail "the demo did not serve within $SERVE_BOUND s (starting Elasticsearch)"
fi

if [ "$failures" != 0 ]; then
  say "launcher tests: $failures failure(s)"
  exit 1
fi
say "launcher tests: all passed"
