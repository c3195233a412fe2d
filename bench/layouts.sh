#!/usr/bin/env bash
# The document layout experiment of issue 17: the same 2,079,360 forecast documents (0.5 deg global,
# 2 levels, 4 steps, 6 values) posted raw into indices that differ only in their mapping, and the
# same ids requests (16 documents, doc values, as the query service sends them) replayed with wrk
# against each. Reports Elasticsearch's CPU per indexed document and per request, rate and size.
#
#   bench/layouts.sh [LAYOUT...]     (run by './spotcast bench layouts', which sets the credential)
#
# Layouts (default: all):
#   dv          values in doc values, _source without the values (Spotcast's layout until 2026-11-25)
#   nosource    values in doc values, no _source at all (Spotcast's layout since)
#   lean        values in _source only (an object neither indexed nor in doc values): the raw baseline
#   packed      the values packed as one binary doc-values field, _source without it
#   packedslim  packed, no _source, level and step with doc values but not indexed
#
#   bench/layouts.sh --series [LAYOUT...]
#
# The time-series experiment of issue 31: a ten-day ladder (125 steps: hourly to 90 h, 3-hourly to
# 144 h, 6-hourly to 240 h), 4 values (t, rh, u, v), 2 levels, a global grid (2 deg unless
# SPOTCAST_BENCH_RESOLUTION says otherwise), posted raw in layouts that differ in how many
# consecutive steps of one place and level a document carries; then, against each force-merged
# index, the ids request of a spot (4 neighbours x 2 levels x 2 steps) and of a whole series (4
# neighbours x 2 levels x every step), each replayed with wrk. Layouts (default: all four):
#   steps       one document per step, values in doc values, no _source (Spotcast's layout until
#               steps-per-document became all by default)
#   blockK      K consecutive steps per document (block24, block8, ..), the values packed as one
#               binary doc-values field (parameter-major little-endian float32), no _source
#   series      every step of the run in one document per place and level, packed as blockK
#               (Spotcast's default layout)
#   seriessrc   every step in one document, the values as arrays in _source (object not indexed)
#
# Environment: SPOTCAST_ES_URL, SPOTCAST_ES_USER, SPOTCAST_ES_PASSWORD, SPOTCAST_ES_CA (the admin
# credential), SPOTCAST_BENCH_ROUNDS (default 2), SPOTCAST_BENCH_DIR (bodies; default a temporary one).
set -euo pipefail

die() { printf 'bench layouts: %s\n' "$*" >&2; exit 2; }
URL="${SPOTCAST_ES_URL:-https://127.0.0.1:9200}"
[ -n "${SPOTCAST_ES_PASSWORD:-}" ] || die "SPOTCAST_ES_PASSWORD is not set: run './spotcast bench layouts'"
CURL=(curl -sS -u "$SPOTCAST_ES_USER:$SPOTCAST_ES_PASSWORD" ${SPOTCAST_ES_CA:+--cacert "$SPOTCAST_ES_CA"})
PID="$(pgrep -f org.elasticsearch.bootstrap.Elasticsearch | head -1)" || die "no local Elasticsearch process to watch"
TICK="$(getconf CLK_TCK)"
MODE=steps
if [ "${1:-}" = --series ]; then MODE=series; shift; fi
LAYOUTS=("$@")
if [ "$MODE" = series ]; then
  [ ${#LAYOUTS[@]} -gt 0 ] || LAYOUTS=(steps block24 series seriessrc)
else
  [ ${#LAYOUTS[@]} -gt 0 ] || LAYOUTS=(dv nosource lean packed packedslim)
fi
DIR="${SPOTCAST_BENCH_DIR:-$(mktemp -d)}"
mkdir -p "$DIR"
cpu() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
post_part() { # posts one bulk body to $TARGET (4 of these run at once); says so when an item failed
  curl -sS -u "$SPOTCAST_ES_USER:$SPOTCAST_ES_PASSWORD" ${SPOTCAST_ES_CA:+--cacert "$SPOTCAST_ES_CA"} -XPOST "$TARGET" \
    -H 'content-type: application/x-ndjson' --data-binary "@$1" 2>/dev/null | head -c 40 | grep -q '"errors":false' \
    || echo "bench layouts: the bulk of $1 had errors" >&2
}
export -f post_part
export SPOTCAST_ES_USER SPOTCAST_ES_PASSWORD SPOTCAST_ES_CA
# Creates index $1 with the body $2 and posts the bulk bodies named $3 into it, 4 at once; sets c0/c1
# (Elasticsearch's CPU ticks) and t0/t1 (seconds) around the posting.
load_index() {
  "${CURL[@]}" -XDELETE "$URL/$1?ignore_unavailable=true" >/dev/null
  "${CURL[@]}" -XPUT "$URL/$1" -H 'content-type: application/json' -d "$2" | grep -q acknowledged \
    || die "could not create $1"
  sleep 5
  c0=$(cpu); t0=$(date +%s.%N)
  export TARGET="$URL/$1/_bulk"
  find "$DIR" -name "$3" | sort | xargs -P4 -I{} bash -c 'post_part "$1"' _ {}
  t1=$(date +%s.%N); c1=$(cpu)
}

# The mappings' shared parts: loading settings, the fields the ids and geo paths use.
settings='"settings":{"number_of_shards":2,"number_of_replicas":0,"refresh_interval":"-1","translog.durability":"async"}'
indexed='"loc":{"type":"geo_point"},"lvl":{"type":"double"},"step":{"type":"integer"},"gp":{"type":"integer","index":false}'
slim='"loc":{"type":"geo_point"},"lvl":{"type":"double","index":false},"step":{"type":"integer","index":false},"gp":{"type":"integer","index":false}'

# The time-series experiment (--series): its own bodies, mappings, requests and table.
if [ "$MODE" = series ]; then
  RES="${SPOTCAST_BENCH_RESOLUTION:-2}"
  STEPS=125
  # Steps per document of a layout: 1 for steps, K for blockK, the whole run for series and seriessrc.
  per_doc() {
    case "$1" in
      steps) echo 1 ;;
      block[0-9]*) echo "${1#block}" ;;
      series|seriessrc) echo "$STEPS" ;;
      *) die "unknown series layout '$1' (steps, blockK, series, seriessrc)" ;;
    esac
  }
  body_name() { case "$1" in seriessrc) echo seriessrc ;; *) echo "k$(per_doc "$1")" ;; esac; }
  read -r ROWS COLS < <(python3 -c "r=float('$RES'); print(int(round(180/r)) + 1, int(round(360/r)))")
  POINTS=$((ROWS * COLS))
  wanted=()
  for layout in "${LAYOUTS[@]}"; do
    [ -s "$DIR/series-$(body_name "$layout").part.0000" ] || wanted+=("$(body_name "$layout")")
  done
  if [ ${#wanted[@]} -gt 0 ]; then
    echo "Writing the bulk bodies (${POINTS} places x 2 levels x ${STEPS} steps) to $DIR ..."
    python3 - "$DIR" "$RES" "$STEPS" "${wanted[@]}" <<'PY'
import array, base64, json, os, random, sys
out, res, steps = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
rows, cols = int(round(180 / res)) + 1, int(round(360 / res))
names = ["t", "rh", "u", "v"]
ranges = [(200, 300), (0, 100), (-20, 20), (-20, 20)]
levels = (0, 1000)
random.seed(1)
# One place and level's values, parameter-major: names[p] at step s is values[p * steps + s].
values = {(l, g): array.array("f", [round(random.uniform(*ranges[p]), 2) for p in range(4) for _ in range(steps)])
          for l in levels for g in range(rows * cols)}
def place(g):
    return (-180 + (g % cols) * res, -90 + (g // cols) * res)
class Parts:  # bulk bodies of at most 5,000 documents or 4 MB each
    def __init__(self, name):
        self.name, self.count, self.lines, self.size = name, 0, [], 0
    def add(self, doc_id, doc):
        line = '{"index":{"_id":"%s"}}\n%s\n' % (doc_id, doc)
        self.lines.append(line)
        self.size += len(line)
        if len(self.lines) >= 5000 or self.size >= 4_000_000:
            self.flush()
    def flush(self):
        if self.lines:
            with open(os.path.join(out, "series-%s.part.%04d" % (self.name, self.count)), "w") as f:
                f.writelines(self.lines)
            self.count, self.lines, self.size = self.count + 1, [], 0
for name in sys.argv[4:]:
    parts = Parts(name)
    if name == "seriessrc":  # every step of a place and level, as arrays in _source
        for l in levels:
            for g in range(rows * cols):
                lon, lat = place(g)
                v = values[(l, g)]
                arrays = ",".join('"%s":[%s]' % (n, ",".join("%g" % x for x in v[p * steps:(p + 1) * steps])) for p, n in enumerate(names))
                parts.add("%d_0_%d" % (l, g), '{"loc":[%s,%s],"lvl":%d,"gp":%d,"v":{%s}}' % (lon, lat, l, g, arrays))
    elif name == "k1":  # one document per step, in the order the ingestor writes (level, step, place)
        for l in levels:
            for s in range(steps):
                for g in range(rows * cols):
                    lon, lat = place(g)
                    v = values[(l, g)]
                    fields = ",".join('"%s":%g' % (n, v[p * steps + s]) for p, n in enumerate(names))
                    parts.add("%d_%d_%d" % (l, s, g), '{"loc":[%s,%s],"lvl":%d,"step":%d,"gp":%d,"v":{%s}}' % (lon, lat, l, s, g, fields))
    else:  # K steps per document (the last block of the run may be shorter), packed
        k = int(name[1:])
        for l in levels:
            for b in range((steps + k - 1) // k):
                first, last = b * k, min(steps, (b + 1) * k)
                for g in range(rows * cols):
                    lon, lat = place(g)
                    v = values[(l, g)]
                    packed = array.array("f", [x for p in range(4) for x in v[p * steps + first:p * steps + last]])
                    if sys.byteorder != "little":
                        packed.byteswap()
                    parts.add("%d_%d_%d" % (l, b, g), '{"loc":[%s,%s],"lvl":%d,"step":%d,"gp":%d,"vb":"%s"}'
                              % (lon, lat, l, first, g, base64.b64encode(packed.tobytes()).decode()))
    parts.flush()
PY
  fi

  series_mapping() {
    local head='"dynamic":"strict","_source":{"enabled":false},"properties":{'"$indexed"
    case "$1" in
      steps) echo "{$settings,\"mappings\":{$head"',"v":{"type":"object","dynamic":"strict","properties":{"t":{"type":"float","index":false},"rh":{"type":"float","index":false},"u":{"type":"float","index":false},"v":{"type":"float","index":false}}}}}}' ;;
      block*|series) echo "{$settings,\"mappings\":{$head"',"vb":{"type":"binary","doc_values":true}}}}' ;;
      seriessrc) echo "{$settings,\"mappings\":{\"dynamic\":\"strict\",\"properties\":{$indexed"',"v":{"type":"object","enabled":false}}}}' ;;
    esac
  }
  series_fields() {
    case "$1" in
      steps) echo '"docvalue_fields":["v.t","v.rh","v.u","v.v","lvl","step","gp"],"stored_fields":"_none_"' ;;
      block*|series) echo '"docvalue_fields":["vb","lvl","step","gp"],"stored_fields":"_none_"' ;;
      seriessrc) echo '"docvalue_fields":["lvl","gp"],"_source":["v"]' ;;
    esac
  }
  # The ids request of a spot (two steps around a random time) or of a whole series, at a random
  # place's 4 neighbours on 2 levels: the documents that carry those steps, each asked for once.
  lua="$DIR/series-ids.lua"
  cat >"$lua" <<'LUA'
math.randomseed(7)
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local fields = os.getenv("LAYOUT_FIELDS")
local k = tonumber(os.getenv("LAYOUT_K"))
local cols = tonumber(os.getenv("GRID_COLS"))
local points = tonumber(os.getenv("GRID_POINTS"))
local steps = tonumber(os.getenv("RUN_STEPS"))
local series = os.getenv("REQUEST") == "series"
request = function()
  local ids, seen = {}, {}
  local gp = math.random(0, points - cols - 2)
  local first, last = 0, steps - 1
  if not series then first = math.random(0, steps - 2); last = first + 1 end
  for _, l in ipairs({0, 1000}) do for s = first, last do
    for _, d in ipairs({0, 1, cols, cols + 1}) do
      local id = string.format('"%d_%d_%d"', l, math.floor(s / k), gp + d)
      if not seen[id] then seen[id] = true; ids[#ids + 1] = id end
    end
  end end
  return wrk.format(nil, nil, nil, '{"query":{"ids":{"values":[' .. table.concat(ids, ",")
    .. ']}},"size":' .. #ids .. ',' .. fields .. ',"track_total_hits":false}')
end
LUA
  auth="Authorization: Basic $(printf '%s:%s' "$SPOTCAST_ES_USER" "$SPOTCAST_ES_PASSWORD" | base64 -w0)"
  # Replays one kind of request for $2 seconds; prints requests, ES CPU seconds and bytes read.
  replay() {
    local q0 q1 out
    q0=$(cpu)
    out=$(REQUEST="$1" wrk -t2 -c16 -d"$2"s -s "$lua" -H "$auth" "$URL/$index/_search")
    q1=$(cpu)
    python3 - "$out" "$(( (q1 - q0) ))" "$TICK" <<'PY'
import re, sys
out, ticks, tick = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
m = re.search(r"(\d+) requests in [\d.]+\w+, ([\d.]+)(\w+) read", out)
unit = {"B": 1, "KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3}[m.group(3)]
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
print(m.group(1), ticks / tick, float(m.group(2)) * unit, errors.group(1) if errors else 0)
PY
  }
  export LAYOUT_K LAYOUT_FIELDS GRID_COLS="$COLS" GRID_POINTS="$POINTS" RUN_STEPS="$STEPS"
  printf '\n%s places x 2 levels x %s steps x 4 values (%s deg global), per layout:\n' "$POINTS" "$STEPS" "$RES"
  printf '\n| round | layout | steps per doc | docs | docs/s | place-level-steps/s | ES CPU us per place-level-step | MB on disk (without _recovery_source) | spot req/s | spot ES CPU ms | spot KB | series req/s | series ES CPU ms | series KB |\n'
  printf '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
  for round in $(seq 1 "${SPOTCAST_BENCH_ROUNDS:-2}"); do
    for layout in "${LAYOUTS[@]}"; do
      index="bench-series-$layout"
      LAYOUT_K="$(per_doc "$layout")"
      LAYOUT_FIELDS="$(series_fields "$layout")"
      load_index "$index" "$(series_mapping "$layout")" "series-$(body_name "$layout").part.*"
      # Committed before the merge (a run that fits the indexing buffer has no segment on disk
      # before), and refreshed after it, so that the store counts the merged segments alone.
      "${CURL[@]}" -XPOST "$URL/$index/_refresh" >/dev/null
      "${CURL[@]}" -XPOST "$URL/$index/_flush" >/dev/null
      "${CURL[@]}" -XPOST "$URL/$index/_forcemerge?max_num_segments=1" >/dev/null
      "${CURL[@]}" -XPOST "$URL/$index/_refresh" >/dev/null
      n=$("${CURL[@]}" "$URL/$index/_count" | sed 's/.*"count":\([0-9]*\).*/\1/')
      # On disk, and the part of it that is _recovery_source: Elasticsearch keeps each document's
      # body for peer recovery when _source is off, until a later merge prunes it.
      read -r size recovery < <("${CURL[@]}" -XPOST "$URL/$index/_disk_usage?run_expensive_tasks=true" | python3 -c "
import json, sys
d = json.load(sys.stdin)['$index']
print(d['store_size_in_bytes'], d['fields'].get('_recovery_source', {}).get('total_in_bytes', 0))")
      replay spot 8 >/dev/null
      read -r spot_n spot_cpu spot_bytes spot_err < <(replay spot 20)
      replay series 5 >/dev/null
      read -r series_n series_cpu series_bytes series_err < <(replay series 20)
      [ "$spot_err" = 0 ] && [ "$series_err" = 0 ] || say_err="yes"
      python3 -c "
d, s, c = $n, $t1 - $t0, ($c1 - $c0) / $TICK
cells = 2 * $POINTS * $STEPS
print(f'| $round | $layout | $LAYOUT_K | {d:,} | {d / s:,.0f} | {cells / s:,.0f} | {c * 1e6 / cells:.2f} | {$size / 1e6:,.0f} '
      f'({($size - $recovery) / 1e6:,.0f}) | {$spot_n / 20:,.0f} | {$spot_cpu * 1e3 / $spot_n:.3f} | {$spot_bytes / $spot_n / 1024:.1f} '
      f'| {$series_n / 20:,.0f} | {$series_cpu * 1e3 / $series_n:.3f} | {$series_bytes / $series_n / 1024:.1f} |')"
      [ -z "${say_err:-}" ] || echo "bench layouts: $layout answered some requests with an error status ($spot_err spot, $series_err series)" >&2
      unset say_err
      [ "$n" = "$(( 2 * POINTS * ( (STEPS + LAYOUT_K - 1) / LAYOUT_K ) ))" ] \
        || echo "bench layouts: $index holds $n documents, not the $(( 2 * POINTS * ( (STEPS + LAYOUT_K - 1) / LAYOUT_K ) )) posted" >&2
      "${CURL[@]}" -XDELETE "$URL/$index" >/dev/null
    done
  done
  exit 0
fi

# The bodies: 10,000 lines (5,000 documents) per bulk, written once, not timed.
if [ ! -s "$DIR/values.part.0000" ]; then
  echo "Writing the bulk bodies (2,079,360 documents per layout) to $DIR ..."
  python3 - "$DIR" <<'PY'
import base64, os, random, struct, sys
out = sys.argv[1]
random.seed(1)
names = ["t", "rh", "u", "v", "p", "tp"]
files = {k: open(os.path.join(out, k + ".ndjson"), "w") for k in ("values", "packed")}
for level in (0, 1000):
    for step in range(4):
        point = 0
        for i in range(361):
            lat = -90 + i * 0.5
            for j in range(720):
                lon = -180 + j * 0.5
                v = [round(random.uniform(200, 300), 2), round(random.uniform(0, 100), 1), round(random.uniform(-20, 20), 2),
                     round(random.uniform(-20, 20), 2), round(random.uniform(900, 1050), 1), round(random.uniform(0, 5), 2)]
                action = '{"index":{"_id":"%d_%d_%d"}}\n' % (level, step, point)
                head = '{"loc":[%s,%s],"lvl":%d,"step":%d,"gp":%d' % (lon, lat, level, step, point)
                files["values"].write(action + head + ',"v":{' + ",".join('"%s":%s' % p for p in zip(names, v)) + "}}\n")
                files["packed"].write(action + head + ',"vb":"' + base64.b64encode(struct.pack("<6f", *v)).decode() + '"}\n')
                point += 1
for f in files.values():
    f.close()
PY
  for body in values packed; do split -l 10000 -d -a 4 "$DIR/$body.ndjson" "$DIR/$body.part."; rm "$DIR/$body.ndjson"; done
fi

values='"v":{"type":"object","dynamic":"strict","properties":{"t":{"type":"float","index":false},"rh":{"type":"float","index":false},"u":{"type":"float","index":false},"v":{"type":"float","index":false},"p":{"type":"float","index":false},"tp":{"type":"float","index":false}}}'
mapping() {
  case "$1" in
    dv) echo "{$settings,\"mappings\":{\"dynamic\":\"strict\",\"_source\":{\"excludes\":[\"v\"]},\"properties\":{$indexed,$values}}}" ;;
    nosource) echo "{$settings,\"mappings\":{\"dynamic\":\"strict\",\"_source\":{\"enabled\":false},\"properties\":{$indexed,$values}}}" ;;
    lean) echo "{$settings,\"mappings\":{\"dynamic\":\"strict\",\"properties\":{$indexed,\"v\":{\"type\":\"object\",\"enabled\":false}}}}" ;;
    packed) echo "{$settings,\"mappings\":{\"dynamic\":\"strict\",\"_source\":{\"excludes\":[\"vb\"]},\"properties\":{$indexed,\"vb\":{\"type\":\"binary\",\"doc_values\":true}}}}" ;;
    packedslim) echo "{$settings,\"mappings\":{\"dynamic\":\"strict\",\"_source\":{\"enabled\":false},\"properties\":{$slim,\"vb\":{\"type\":\"binary\",\"doc_values\":true}}}}" ;;
    *) die "unknown layout '$1'" ;;
  esac
}
body_of() { case "$1" in packed*) echo packed ;; *) echo values ;; esac; }
# What an ids request reads: the values' doc values, or (lean: they have none) the values from _source.
fields_of() {
  case "$1" in
    packed*) echo '"docvalue_fields":["vb","lvl","step","gp"],"stored_fields":"_none_"' ;;
    lean) echo '"docvalue_fields":["lvl","step","gp"],"_source":["v"]' ;;
    *) echo '"docvalue_fields":["v.t","v.rh","v.u","v.v","v.p","v.tp","lvl","step","gp"],"stored_fields":"_none_"' ;;
  esac
}

# The ids requests: 4 neighbours x 2 levels x 2 steps, as the service's ids path asks.
lua="$DIR/ids.lua"
cat >"$lua" <<'LUA'
math.randomseed(7)
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local fields = os.getenv("LAYOUT_FIELDS")
request = function()
  local ids = {}
  local gp = math.random(0, 259000)
  local st = math.random(0, 2)
  for _, l in ipairs({0, 1000}) do for s = st, st + 1 do
    for _, d in ipairs({0, 1, 720, 721}) do ids[#ids + 1] = string.format('"%d_%d_%d"', l, s, gp + d) end
  end end
  return wrk.format(nil, nil, nil, '{"query":{"ids":{"values":[' .. table.concat(ids, ",")
    .. ']}},"size":16,' .. fields .. ',"track_total_hits":false}')
end
LUA
auth="Authorization: Basic $(printf '%s:%s' "$SPOTCAST_ES_USER" "$SPOTCAST_ES_PASSWORD" | base64 -w0)"

printf '\n| round | layout | docs/s | ES CPU us/doc | store MB | ids requests/s | ES CPU ms/request |\n|---|---|---:|---:|---:|---:|---:|\n'
for round in $(seq 1 "${SPOTCAST_BENCH_ROUNDS:-2}"); do
  for layout in "${LAYOUTS[@]}"; do
    index="bench-layout-$layout"
    load_index "$index" "$(mapping "$layout")" "$(body_of "$layout").part.*"
    "${CURL[@]}" -XPOST "$URL/$index/_refresh" >/dev/null
    n=$("${CURL[@]}" "$URL/$index/_count" | sed 's/.*"count":\([0-9]*\).*/\1/')
    size=$("${CURL[@]}" "$URL/$index/_stats/store?filter_path=_all.primaries.store.size_in_bytes" | grep -o '[0-9]*')
    LAYOUT_FIELDS="$(fields_of "$layout")" wrk -t2 -c16 -d8s -s "$lua" -H "$auth" "$URL/$index/_search" >/dev/null 2>&1
    q0=$(cpu)
    requests=$(LAYOUT_FIELDS="$(fields_of "$layout")" wrk -t2 -c16 -d20s -s "$lua" -H "$auth" "$URL/$index/_search" \
      | awk '/requests in/ {print $1}')
    q1=$(cpu)
    python3 -c "
d, s, c, q = $n, $t1 - $t0, ($c1 - $c0) / $TICK, ($q1 - $q0) / $TICK
print(f'| $round | $layout | {d / s:,.0f} | {c * 1e6 / d:.1f} | {$size / 1e6:,.0f} | {$requests / 20:,.0f} | {q * 1e3 / $requests:.3f} |')"
    "${CURL[@]}" -XDELETE "$URL/$index" >/dev/null
  done
done
