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
# Environment: SPOTCAST_ES_URL, SPOTCAST_ES_USER, SPOTCAST_ES_PASSWORD, SPOTCAST_ES_CA (the admin
# credential), SPOTCAST_BENCH_ROUNDS (default 2), SPOTCAST_BENCH_DIR (bodies; default a temporary one).
set -euo pipefail

die() { printf 'bench layouts: %s\n' "$*" >&2; exit 2; }
URL="${SPOTCAST_ES_URL:-https://127.0.0.1:9200}"
[ -n "${SPOTCAST_ES_PASSWORD:-}" ] || die "SPOTCAST_ES_PASSWORD is not set: run './spotcast bench layouts'"
CURL=(curl -sS -u "$SPOTCAST_ES_USER:$SPOTCAST_ES_PASSWORD" ${SPOTCAST_ES_CA:+--cacert "$SPOTCAST_ES_CA"})
PID="$(pgrep -f org.elasticsearch.bootstrap.Elasticsearch | head -1)" || die "no local Elasticsearch process to watch"
TICK="$(getconf CLK_TCK)"
LAYOUTS=("$@")
[ ${#LAYOUTS[@]} -gt 0 ] || LAYOUTS=(dv nosource lean packed packedslim)
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

settings='"settings":{"number_of_shards":2,"number_of_replicas":0,"refresh_interval":"-1","translog.durability":"async"}'
indexed='"loc":{"type":"geo_point"},"lvl":{"type":"double"},"step":{"type":"integer"},"gp":{"type":"integer","index":false}'
slim='"loc":{"type":"geo_point"},"lvl":{"type":"double","index":false},"step":{"type":"integer","index":false},"gp":{"type":"integer","index":false}'
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
    "${CURL[@]}" -XDELETE "$URL/$index?ignore_unavailable=true" >/dev/null
    "${CURL[@]}" -XPUT "$URL/$index" -H 'content-type: application/json' -d "$(mapping "$layout")" | grep -q acknowledged \
      || die "could not create $index"
    sleep 5
    c0=$(cpu); t0=$(date +%s.%N)
    export TARGET="$URL/$index/_bulk"
    find "$DIR" -name "$(body_of "$layout").part.*" | sort | xargs -P4 -I{} bash -c 'post_part "$1"' _ {}
    t1=$(date +%s.%N); c1=$(cpu)
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
