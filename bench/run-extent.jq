# Reads the query service's GET /v1/models answer and prints what loadtest.sh needs about one
# model's published run, as one tab-separated line:
#
#   OK  run  vertical  levels  times  box  level-types
#
#   run          the published run's id (yyyyMMddHH)
#   vertical     the query parameter of the chosen level type (alt, pressure), or "none"
#   levels       that level type's levels, ascending, comma-separated ("-" when vertical is none)
#   times        FIRST..LAST valid time of the run's steps
#   box          south,north,west,east of the grid (west/east from the regular grid's geometry,
#                normalised so that west is in [-180, 180); -180,180 for a global or irregular grid)
#   level-types  what the run has, for the message: "height above ground (alt, 4 levels); surface"
#
# or, when it cannot, "ERROR  reason  detail" (reason: no-model, no-vertical, no-steps).
#
# Arguments: --arg model NAME --arg vertical auto|alt|pressure|none. "auto" takes the level type
# with a query parameter that has the most levels (the first such on ties), "none" when the run
# has only single-level fields.
#
#   jq -r -f jmeter/run-extent.jq --arg model demo --arg vertical auto models.json

def lon180: . - 360 * ((. + 180) / 360 | floor);
def nlevels: (.levels // []) | length;
def box($g):
  if $g.lon0 != null and $g.dLon != null and $g.nLon != null and ($g.dLon * $g.nLon) < 360 - 1e-9 then
    ($g.lon0 | lon180) as $w | [$g.south, $g.north, $w, $w + $g.dLon * ($g.nLon - 1)]
  else
    [$g.south, $g.north, -180, 180]
  end;

((.models // []) | map(select(.model == $model)) | first) as $m
| if $m == null then
    ["ERROR", "no-model", ((.models // []) | map(.model) | join(","))]
  else
    ($m.levelTypes // []) as $types
    | ($types | map(select(.queryParameter != null and nlevels > 0))) as $vertical_types
    | (if $vertical == "none" then null
       elif $vertical == "auto" then
         reduce $vertical_types[] as $t (null; if . == null or ($t | nlevels) > nlevels then $t else . end)
       else $vertical_types | map(select(.queryParameter == $vertical)) | first
       end) as $chosen
    | ($m.steps // [] | sort_by(.step)) as $steps
    | ($types | map(.type + (if .queryParameter != null then " (\(.queryParameter), \(nlevels) levels)" else "" end))
       | join("; ")) as $described
    | if $vertical != "none" and $vertical != "auto" and $chosen == null then
        ["ERROR", "no-vertical", $described]
      elif ($steps | length) == 0 then
        ["ERROR", "no-steps", $m.published]
      else
        ["OK", $m.published, ($chosen.queryParameter // "none"),
         (if $chosen == null then "-" else $chosen.levels | sort | map(tostring) | join(",") end),
         "\($steps[0].time)..\($steps[-1].time)",
         (box($m.grid) | map(tostring) | join(",")),
         $described]
      end
  end
| join("\t")
