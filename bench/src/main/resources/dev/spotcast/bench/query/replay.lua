-- Spotcast's query benchmark under wrk: replays prepared requests from a file, one per line as
-- METHOD <TAB> PATH [<TAB> BODY] (newlines of a body written as the record separator, byte 30).
-- Each thread starts at its own offset, moved on by as many as each thread sent in the phase's
-- earlier runs (args[3]), and cycles through all of them. Requests are formatted
-- once in init, so the timed loop only hands wrk a prepared string. At the end, the figures the
-- benchmark reads are printed as "spotcast <name> <value>" lines.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  prepared = {}
  for line in io.lines(args[1]) do
    local method, path, body = line:match("^([^\t]+)\t([^\t]+)\t?(.*)$")
    if body == "" then
      body = nil
    else
      body = body:gsub("\30", "\n")
    end
    prepared[#prepared + 1] = wrk.format(method, path, nil, body)
  end
  -- the threads spread over the list (args[2]: how many there are), as the Java generator's workers do
  local stride = math.max(1, math.floor(#prepared / tonumber(args[2])))
  at = (id * stride + tonumber(args[3] or 0)) % #prepared + 1
end

function request()
  local r = prepared[at]
  at = at % #prepared + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("spotcast requests %d\n", summary.requests))
  io.write(string.format("spotcast duration_us %d\n", summary.duration))
  io.write(string.format("spotcast bytes %d\n", summary.bytes))
  io.write(string.format("spotcast errors_status %d\n", e.status))
  io.write(string.format("spotcast errors_other %d\n", e.connect + e.read + e.write + e.timeout))
  io.write(string.format("spotcast latency_mean_us %.1f\n", latency.mean))
  for _, p in ipairs({50, 95, 99}) do
    io.write(string.format("spotcast latency_p%d_us %d\n", p, latency:percentile(p)))
  end
end
