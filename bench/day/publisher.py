#!/usr/bin/env python3
"""An imitation of NOAA's GFS 0.25 and ECMWF's IFS 0.25 open-data publishers, for the day benchmark.

  publisher.py templates --publisher gfs|ecmwf --out DIR
  publisher.py publish --publisher gfs|ecmwf --templates DIR --root ROOT --run YYYYMMDDHH
                       [--steps LADDER] [--step-seconds S] [--late STEP=SECONDS ...]
                       [--stop-after STEP] [--stream oper|scda]

`templates` writes one GRIB2 message per field on the publisher's 1440 x 721 grid, packed as the
publisher packs, with synthetic values (smooth large-scale patterns and some noise) in the
publisher's units. `publish` writes a run from them step by step, as the publisher lays its files
out: each step's file, then its index, each under a temporary name renamed into place, one step
every --step-seconds. Run it with the Python of ecCodes' venv (numpy and eccodes):
/var/tmp/spotcast/eccodes/bin/python (./spotcast's `need eccodes`). See bench/day/README.md.
"""
import argparse
import datetime as dt
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field

NI, NJ = 1440, 721  # 0.25 deg, both poles included

# The publishers' ladders (hours), in the syntax --steps takes.
GFS_LADDER = "0-120/1,123-384/3"
ECMWF_LADDER_LONG = "0-144/3,150-360/6"  # 00 and 12 UTC
ECMWF_LADDER_SHORT = "0-144/3"  # 06 and 18 UTC
# IFS cycle 50r1 (operational from 2026-05-12) moved the 06/18 UTC runs from stream scda to oper.
ECMWF_50R1 = dt.datetime(2026, 5, 12)


@dataclass(frozen=True)
class Field:
    """A field of a publisher's step file.

    name, level: as the index names them (GFS: wgrib2's VAR and level; ECMWF: param and the level,
    "sfc" or a pressure in hPa). stat: None for a value at the step's instant; "acc" an accumulation,
    "avg" a mean, "max" a maximum over the field's interval. keys: the GRIB keys that make the field,
    set in order on ecCodes' GRIB2 sample. values: how the synthetic values are made (make_values).
    """
    name: str
    level: str
    stat: object
    keys: tuple
    values: tuple = field(default=())
    bits: int = 16


def _stat(kind):
    code = {"avg": 0, "acc": 1, "max": 2}[kind]
    return (("productDefinitionTemplateNumber", 8), ("typeOfStatisticalProcessing", code))


def _wmo(discipline, category, number):
    return (("discipline", discipline), ("parameterCategory", category), ("parameterNumber", number))


def _level(type_of_level, level=None):
    keys = (("typeOfLevel", type_of_level),)
    return keys + ((("level", level),) if level is not None else ())


# values: (pattern, arguments) for make_values. Accumulations are written per hour in the templates
# (the amount of a 1-hour interval); publish scales them to each field's interval.
GFS_FIELDS = (
    Field("TMP", "2 m above ground", None, _wmo(0, 0, 0) + _level("heightAboveGround", 2),
          ("temperature", 288.0, 45.0, 0.8)),
    Field("RH", "2 m above ground", None, _wmo(0, 1, 1) + _level("heightAboveGround", 2),
          ("bounded", 70.0, 25.0, 4.0, 1.0, 100.0)),
    Field("UGRD", "10 m above ground", None, _wmo(0, 2, 2) + _level("heightAboveGround", 10),
          ("wind_u", 2.0, 8.0, 1.0)),
    Field("VGRD", "10 m above ground", None, _wmo(0, 2, 3) + _level("heightAboveGround", 10),
          ("wind_v", 0.0, 6.0, 1.0)),
    Field("GUST", "surface", None, _wmo(0, 2, 22) + _level("surface"),
          ("bounded", 9.0, 6.0, 1.5, 0.2, 60.0)),
    Field("APCP", "surface", "acc", _stat("acc") + _wmo(0, 1, 8) + _level("surface"),
          ("precipitation", 1.0)),  # kg m-2 in an hour
    Field("PRMSL", "mean sea level", None, _wmo(0, 3, 1) + _level("meanSea"),
          ("bounded", 101325.0, 1800.0, 60.0, 94000.0, 106000.0)),
    Field("TCDC", "entire atmosphere", "avg",
          _stat("avg") + _wmo(0, 6, 1)  # NCEP's "entire atmosphere": level type 10 alone
          + (("typeOfFirstFixedSurface", 10), ("typeOfSecondFixedSurface", 255)),
          ("bounded", 55.0, 45.0, 8.0, 0.0, 100.0)),
    Field("DSWRF", "surface", "avg", _stat("avg") + _wmo(0, 4, 7) + _level("surface"),
          ("radiation", 1.0)),  # W m-2
    Field("TMP", "850 mb", None, _wmo(0, 0, 0) + _level("isobaricInhPa", 850),
          ("temperature", 278.0, 38.0, 0.5)),
    Field("UGRD", "850 mb", None, _wmo(0, 2, 2) + _level("isobaricInhPa", 850),
          ("wind_u", 5.0, 14.0, 1.2)),
    Field("VGRD", "850 mb", None, _wmo(0, 2, 3) + _level("isobaricInhPa", 850),
          ("wind_v", 0.0, 10.0, 1.2)),
    Field("TMP", "500 mb", None, _wmo(0, 0, 0) + _level("isobaricInhPa", 500),
          ("temperature", 255.0, 32.0, 0.4)),
    Field("UGRD", "500 mb", None, _wmo(0, 2, 2) + _level("isobaricInhPa", 500),
          ("wind_u", 12.0, 25.0, 1.5)),
    Field("VGRD", "500 mb", None, _wmo(0, 2, 3) + _level("isobaricInhPa", 500),
          ("wind_v", 0.0, 16.0, 1.5)),
)

ECMWF_FIELDS = (
    Field("2t", "sfc", None, (("paramId", 167),), ("temperature", 288.0, 45.0, 0.8)),
    Field("2d", "sfc", None, (("paramId", 168),), ("temperature", 281.0, 42.0, 1.0)),
    Field("10u", "sfc", None, (("paramId", 165),), ("wind_u", 2.0, 8.0, 1.0)),
    Field("10v", "sfc", None, (("paramId", 166),), ("wind_v", 0.0, 6.0, 1.0)),
    Field("10fg", "sfc", "max", _stat("max") + (("paramId", 49),),
          ("bounded", 10.0, 7.0, 1.5, 0.2, 60.0)),
    Field("tp", "sfc", "acc", _stat("acc") + (("paramId", 228),),
          ("precipitation", 0.001)),  # m in an hour
    Field("msl", "sfc", None, (("paramId", 151),),
          ("bounded", 101325.0, 1800.0, 60.0, 94000.0, 106000.0)),
    Field("tcc", "sfc", None, (("paramId", 228164),), ("bounded", 55.0, 45.0, 8.0, 0.0, 100.0)),
    Field("ssrd", "sfc", "acc", _stat("acc") + (("paramId", 169),),
          ("radiation", 3600.0)),  # J m-2 in an hour
    Field("t", "850", None, (("paramId", 130),) + _level("isobaricInhPa", 850),
          ("temperature", 278.0, 38.0, 0.5)),
    Field("u", "850", None, (("paramId", 131),) + _level("isobaricInhPa", 850),
          ("wind_u", 5.0, 14.0, 1.2)),
    Field("v", "850", None, (("paramId", 132),) + _level("isobaricInhPa", 850),
          ("wind_v", 0.0, 10.0, 1.2)),
    Field("t", "500", None, (("paramId", 130),) + _level("isobaricInhPa", 500),
          ("temperature", 255.0, 32.0, 0.4)),
    Field("u", "500", None, (("paramId", 131),) + _level("isobaricInhPa", 500),
          ("wind_u", 12.0, 25.0, 1.5)),
    Field("v", "500", None, (("paramId", 132),) + _level("isobaricInhPa", 500),
          ("wind_v", 0.0, 16.0, 1.5)),
)


@dataclass(frozen=True)
class Publisher:
    name: str
    fields: tuple
    packing: str
    header: tuple  # GRIB keys of the originating centre
    lon_first: float
    lon_last: float


PUBLISHERS = {
    # NCEP: WMO parameters, complex packing with spatial differencing, longitudes 0 to 359.75.
    "gfs": Publisher("gfs", GFS_FIELDS, "grid_complex_spatial_differencing",
                     (("centre", 7), ("subCentre", 0), ("generatingProcessIdentifier", 96)),
                     0.0, 359.75),
    # ECMWF open data: CCSDS packing, longitudes -180 to 179.75 (GRIB2 stores -180 as 180), the
    # MARS labels in a local section.
    "ecmwf": Publisher("ecmwf", ECMWF_FIELDS, "grid_ccsds",
                       (("centre", 98), ("setLocalDefinition", 1), ("localDefinitionNumber", 1),
                        ("marsClass", "od"), ("marsType", "fc"), ("marsStream", "oper"),
                        ("experimentVersionNumber", "0001")),
                       -180.0, 179.75),
}


# --- pure parts: ladders, intervals, names, index lines -------------------------------------------

def parse_ladder(text):
    """'0-120/1,123-384/3' -> [0, 1, ..., 120, 123, ..., 384]; parts 'A', 'A-B' or 'A-B/S'."""
    steps = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ValueError("empty part in ladder %r" % text)
        span, _, by = part.partition("/")
        first, _, last = span.partition("-")
        try:
            a = int(first)
            b = int(last) if last else a
            s = int(by) if by else 1
        except ValueError:
            raise ValueError("ladder part %r is not A, A-B or A-B/S (hours)" % part) from None
        if a < 0 or b < a or s <= 0:
            raise ValueError("ladder part %r: need 0 <= A <= B and S > 0" % part)
        steps.extend(range(a, b + 1, s))
    for previous, step in zip(steps, steps[1:]):
        if step <= previous:
            raise ValueError("ladder %r: steps must grow; %d after %d" % (text, step, previous))
    return steps


def default_ladder(publisher, hour):
    if publisher == "gfs":
        return GFS_LADDER
    return ECMWF_LADDER_LONG if hour in (0, 12) else ECMWF_LADDER_SHORT


def parse_run(text):
    try:
        run = dt.datetime.strptime(text, "%Y%m%d%H")
    except ValueError:
        raise ValueError("run %r is not YYYYMMDDHH" % text) from None
    if run.hour % 6:
        raise ValueError("run %r: the publishers run at 00, 06, 12 and 18 UTC" % text)
    return run


def ecmwf_stream(run, override=None):
    """The stream in ECMWF's paths: oper; scda for 06/18 UTC runs before IFS cycle 50r1."""
    if override:
        return override
    return "scda" if run.hour in (6, 18) and run < ECMWF_50R1 else "oper"


def ecmwf_postprocessing_hours(step):
    """How often the IFS post-processes at a step: hourly to 90 h, 3-hourly to 144 h, then 6-hourly
    (its HRES output ladder); a maximum "since the previous post-processing" spans that long."""
    return 1 if step <= 90 else 3 if step <= 144 else 6


def interval(publisher, fld, step):
    """A field's interval (start, end) in hours at a step, None for an instant, or "absent".

    GFS restarts its sums and means every 6 hours (0-1 ... 0-6, 6-7 ...; at 3-hourly output 0-3,
    0-6) and has none at f000. ECMWF accumulates from the start (0-0 at step 0, empty) and gives
    its gust maximum since the previous post-processing (5-6, 90-93, 144-150; none at step 0).
    """
    if fld.stat is None:
        return None
    if publisher == "gfs":
        return "absent" if step == 0 else (6 * ((step - 1) // 6), step)
    if fld.stat == "acc":
        return (0, step)
    return "absent" if step == 0 else (step - ecmwf_postprocessing_hours(step), step)


def data_path(publisher, run, step, stream=None):
    """The step file's path under the root, as the publisher lays it out."""
    day, hh = run.strftime("%Y%m%d"), run.strftime("%H")
    if publisher == "gfs":
        return "gfs.%s/%s/atmos/gfs.t%sz.pgrb2.0p25.f%03d" % (day, hh, hh, step)
    s = stream or ecmwf_stream(run)
    return "%s/%sz/ifs/0p25/%s/%s%s0000-%dh-%s-fc.grib2" % (day, hh, s, day, hh, step, s)


def run_folder(publisher, run):
    """The folder under the root that holds every file of the run (gfs.DAY/HH, DAY/HHz)."""
    day, hh = run.strftime("%Y%m%d"), run.strftime("%H")
    return "gfs.%s/%s" % (day, hh) if publisher == "gfs" else "%s/%sz" % (day, hh)


def cmd_retire(args):
    """Removes a run's files, as the publishers do after some days, and its day's folder once empty."""
    folder = os.path.join(args.root, run_folder(args.publisher, parse_run(args.run)))
    shutil.rmtree(folder, ignore_errors=True)
    day = os.path.dirname(folder)
    if os.path.isdir(day) and not os.listdir(day):
        os.rmdir(day)
    return 0


def index_path(publisher, run, step, stream=None):
    data = data_path(publisher, run, step, stream)
    return data + ".idx" if publisher == "gfs" else data[: -len(".grib2")] + ".index"


def gfs_forecast(fld_interval, stat, step):
    """wgrib2's forecast-time text: 'anl', '6 hour fcst', '0-6 hour acc fcst', '0-6 hour ave fcst'."""
    if fld_interval is None:
        return "anl" if step == 0 else "%d hour fcst" % step
    word = {"acc": "acc", "avg": "ave", "max": "max"}[stat]
    return "%d-%d hour %s fcst" % (fld_interval[0], fld_interval[1], word)


def gfs_index_line(number, offset, run, name, level, forecast):
    """A line of a wgrib2 inventory (.idx): n:offset:d=YYYYMMDDHH:VAR:level:forecast:"""
    return "%d:%d:d=%s:%s:%s:%s:\n" % (number, offset, run.strftime("%Y%m%d%H"), name, level, forecast)


def ecmwf_index_line(run, stream, step, param, level, offset, length):
    """A line of ECMWF's .index: the field's MARS keys as JSON, with its byte range. The step is the
    end of the field's interval, as ecCodes' mars.step gives it."""
    entry = {"domain": "g", "date": run.strftime("%Y%m%d"), "time": run.strftime("%H00"),
             "expver": "0001", "class": "od", "type": "fc", "stream": stream, "step": str(step)}
    if level != "sfc":
        entry["levelist"] = level
    entry["levtype"] = "sfc" if level == "sfc" else "pl"
    entry["param"] = param
    entry["_offset"] = offset
    entry["_length"] = length
    return json.dumps(entry) + "\n"


def template_name(publisher, fld):
    return "%s-%s-%s.grib2" % (publisher, fld.name, fld.level.replace(" ", "_"))


def parse_late(items):
    late = {}
    for item in items or ():
        step, sep, seconds = item.partition("=")
        try:
            if not sep:
                raise ValueError
            late[int(step)] = float(seconds)
        except ValueError:
            raise ValueError("--late %r is not STEP=SECONDS" % item) from None
    return late


# --- values and GRIB -------------------------------------------------------------------------------

def make_values(spec, rng, lon_first):
    """Synthetic values on the 0.25 deg grid, north to south, eastwards from lon_first: the same
    weather at the same place whichever longitude the grid starts at."""
    import numpy as np
    lat = np.radians(np.linspace(90.0, -90.0, NJ))[:, None]
    lon = np.radians(lon_first + np.arange(NI) * 0.25)[None, :]
    waves = (np.sin(3 * lon + 2 * lat) * np.cos(lat) + 0.5 * np.sin(5 * lon - lat) * np.cos(lat) ** 2
             + 0.3 * np.cos(2 * lon) * np.sin(2 * lat))
    noise = rng.standard_normal((NJ, NI))
    kind, *a = spec
    if kind == "temperature":  # mean, equator-to-pole drop, noise
        v = a[0] + a[1] * (0.35 - np.sin(lat) ** 2) + 6.0 * waves + a[2] * noise
    elif kind == "bounded":  # mean, amplitude, noise, low, high
        v = np.clip(a[0] + a[1] * waves / 1.5 + a[2] * noise, a[3], a[4])
    elif kind == "wind_u":  # mean, jet amplitude, noise
        v = a[0] + a[1] * np.cos(2 * lat) * np.cos(lat) + 0.4 * a[1] * waves + a[2] * noise
    elif kind == "wind_v":
        v = a[0] + a[1] * np.sin(4 * lon + lat) * np.cos(lat) + a[2] * noise
    elif kind == "precipitation":  # scale to the unit (1 kg m-2 = 0.001 m); rain in a third of places
        rate = np.clip(2.0 * waves - 0.8 + 0.3 * noise, 0.0, None) * np.cos(lat) ** 0.5
        v = a[0] * rate
    elif kind == "radiation":  # scale: 1 for W m-2, 3600 for J m-2 in an hour
        flux = 420.0 * np.cos(lat) ** 1.2 * (1.0 - 0.35 * np.clip(waves, 0, None)) + 15.0 * noise
        v = a[0] * np.clip(flux, 0.0, None)
    else:
        raise ValueError(kind)
    return v.astype(np.float64).ravel()


def new_template(pub, fld, values):
    import eccodes as ec
    h = ec.codes_grib_new_from_samples("GRIB2")
    for key, value in pub.header:
        ec.codes_set(h, key, value)
    grid = (("Ni", NI), ("Nj", NJ), ("iDirectionIncrementInDegrees", 0.25),
            ("jDirectionIncrementInDegrees", 0.25),
            ("latitudeOfFirstGridPointInDegrees", 90.0),
            ("longitudeOfFirstGridPointInDegrees", pub.lon_first),
            ("latitudeOfLastGridPointInDegrees", -90.0),
            ("longitudeOfLastGridPointInDegrees", pub.lon_last))
    for key, value in grid:
        ec.codes_set(h, key, value)
    ec.codes_set(h, "significanceOfReferenceTime", 1)  # start of forecast
    ec.codes_set(h, "productionStatusOfProcessedData", 0)  # operational
    ec.codes_set(h, "typeOfProcessedData", 1)  # forecast
    ec.codes_set(h, "typeOfGeneratingProcess", 2)  # forecast
    for key, value in fld.keys:
        ec.codes_set(h, key, value)
    ec.codes_set(h, "stepUnits", 1)
    ec.codes_set(h, "stepRange", "0-1" if fld.stat else "0")
    ec.codes_set(h, "packingType", pub.packing)
    ec.codes_set(h, "bitsPerValue", fld.bits)
    ec.codes_set_values(h, values)
    return h


def cmd_templates(args):
    import eccodes as ec
    import numpy as np
    pub = PUBLISHERS[args.publisher]
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    for fld in pub.fields:
        t0 = time.monotonic()
        h = new_template(pub, fld, make_values(fld.values, rng, pub.lon_first))
        path = os.path.join(args.out, template_name(pub.name, fld))
        with open(path + ".part", "wb") as out:
            ec.codes_write(h, out)
        os.replace(path + ".part", path)
        print("%-5s %-18s %-10s %-34s %8.1f kB  %.2f s" % (
            fld.name, fld.level, ec.codes_get(h, "shortName"), ec.codes_get(h, "packingType"),
            os.path.getsize(path) / 1e3, time.monotonic() - t0), flush=True)
        ec.codes_release(h)
    return 0


# --- publishing ------------------------------------------------------------------------------------

def write_atomically(path, chunks):
    """Writes under a hidden temporary name beside the file, then renames it into place, so a
    reader sees the whole file or none of it."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    part = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".part")
    with open(part, "wb") as out:
        for chunk in chunks:
            out.write(chunk)
    os.replace(part, path)


class Templates:
    """The publisher's template messages, with the per-hour values of the accumulations."""

    def __init__(self, pub, directory):
        import eccodes as ec
        self.messages, self.rates = {}, {}
        for fld in pub.fields:
            path = os.path.join(directory, template_name(pub.name, fld))
            if not os.path.exists(path):
                raise SystemExit("no template %s: run 'publisher.py templates --publisher %s --out %s'"
                                 % (path, pub.name, directory))
            with open(path, "rb") as f:
                self.messages[fld] = f.read()
            if fld.stat == "acc":
                h = ec.codes_new_from_message(self.messages[fld])
                self.rates[fld] = ec.codes_get_values(h)
                ec.codes_release(h)


def build_step(pub, templates, run, step, stream):
    """The step file's messages and its index text."""
    import eccodes as ec
    parts, index, offset = [], [], 0
    for fld in pub.fields:
        span = interval(pub.name, fld, step)
        if span == "absent":
            continue
        h = ec.codes_new_from_message(templates.messages[fld])
        ec.codes_set(h, "dataDate", int(run.strftime("%Y%m%d")))
        ec.codes_set(h, "dataTime", run.hour * 100)
        if pub.name == "ecmwf":
            ec.codes_set(h, "marsStream", stream)
        ec.codes_set(h, "stepRange", "%d-%d" % span if span else str(step))
        if fld.stat == "acc":  # the amount over the interval: the hourly amount times its hours
            ec.codes_set_values(h, templates.rates[fld] * (span[1] - span[0]))
        message = ec.codes_get_message(h)
        # ECMWF's index names a field by ecCodes' shortName of its message: a 3-hour gust maximum
        # is 10fg3 (steps 93-144 of the real files), a 1- or 6-hour one 10fg.
        param = ec.codes_get(h, "shortName") if pub.name == "ecmwf" else fld.name
        ec.codes_release(h)
        if pub.name == "gfs":
            index.append(gfs_index_line(len(index) + 1, offset, run, fld.name, fld.level,
                                        gfs_forecast(span, fld.stat, step)))
        else:
            index.append(ecmwf_index_line(run, stream, step, param, fld.level, offset,
                                          len(message)))
        parts.append(message)
        offset += len(message)
    return parts, "".join(index)


def cmd_publish(args):
    pub = PUBLISHERS[args.publisher]
    run = parse_run(args.run)
    steps = parse_ladder(args.steps or default_ladder(pub.name, run.hour))
    late = parse_late(args.late)
    if args.stop_after is not None and args.stop_after not in steps:
        raise ValueError("--stop-after %d is not a step of the ladder" % args.stop_after)
    stream = ecmwf_stream(run, args.stream) if pub.name == "ecmwf" else None
    templates = Templates(pub, args.templates)
    print("%s run %s: %d steps (%d..%d), one every %.1f s, into %s" % (
        pub.name, args.run, len(steps), steps[0], steps[-1], args.step_seconds, args.root), flush=True)
    start = time.monotonic()
    due = start
    for step in steps:
        due += late.get(step, 0.0)
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        t0 = time.monotonic()
        parts, index = build_step(pub, templates, run, step, stream)
        t1 = time.monotonic()
        data = os.path.join(args.root, data_path(pub.name, run, step, stream))
        write_atomically(data, parts)  # the data first: an index never names a missing file
        write_atomically(os.path.join(args.root, index_path(pub.name, run, step, stream)),
                         [index.encode()])
        t2 = time.monotonic()
        print("step %3d  %s  %6.1f MB  %2d fields  build %.2f s  write %.2f s  at +%.1f s%s" % (
            step, os.path.basename(data), sum(map(len, parts)) / 1e6, len(parts), t1 - t0, t2 - t1,
            t2 - start, "  (late %.0f s)" % late[step] if step in late else ""), flush=True)
        if step == args.stop_after:
            print("stopped after step %d: the cycle is left incomplete" % step, flush=True)
            return 0
        due += args.step_seconds
    print("run %s complete: %d steps in %.1f s" % (args.run, len(steps), time.monotonic() - start))
    return 0


def main(argv=None):
    ladders = ("ladders (hours, --steps syntax A-B/S,...): GFS 0.25: %s (hourly to 120, then "
               "3-hourly to 384); ECMWF IFS open data: 00/12 UTC %s, 06/18 UTC %s."
               % (GFS_LADDER, ECMWF_LADDER_LONG, ECMWF_LADDER_SHORT))
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], epilog=ladders,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("templates", help="write one template GRIB2 message per field",
                       epilog=ladders)
    t.add_argument("--publisher", choices=sorted(PUBLISHERS), required=True)
    t.add_argument("--out", required=True, help="directory for the templates")
    t.add_argument("--seed", type=int, default=48, help="of the noise (default 48)")
    p = sub.add_parser("publish", help="publish a run from the templates, step by step",
                       epilog=ladders)
    p.add_argument("--publisher", choices=sorted(PUBLISHERS), required=True)
    p.add_argument("--templates", required=True, help="the directory 'templates' wrote")
    p.add_argument("--root", required=True, help="the publisher's document root (serve it over HTTP)")
    p.add_argument("--run", required=True, help="YYYYMMDDHH, HH 00, 06, 12 or 18")
    p.add_argument("--steps", help="ladder, e.g. 0-120/1,123-384/3 (default: the publisher's)")
    p.add_argument("--step-seconds", type=float, default=0.0,
                   help="seconds from one step's publication to the next's, a clock: the time to "
                        "write a step is taken out of it (default 0: as fast as written)")
    p.add_argument("--late", action="append", metavar="STEP=SECONDS",
                   help="publish STEP that many seconds later (and every later step with it)")
    p.add_argument("--stop-after", type=int, metavar="STEP",
                   help="stop after this step: a cycle that never completes")
    p.add_argument("--stream", choices=("oper", "scda"),
                   help="ECMWF's stream in the paths (default: oper, scda for 06/18 UTC runs "
                        "before IFS cycle 50r1, 2026-05-12)")
    r = sub.add_parser("retire", help="remove a run's files, as the publishers do after some days")
    r.add_argument("--publisher", choices=sorted(PUBLISHERS), required=True)
    r.add_argument("--root", required=True, help="the publisher's document root")
    r.add_argument("--run", required=True, help="YYYYMMDDHH")
    st = sub.add_parser("steps", help="print a ladder's steps, separated by spaces")
    st.add_argument("ladder", help="e.g. 0-120/3")
    pa = sub.add_parser("params", help="print the publisher's parameters as a feed asks for them")
    pa.add_argument("--publisher", choices=sorted(PUBLISHERS), required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "steps":
            print(" ".join(str(step) for step in parse_ladder(args.ladder)))
            return 0
        if args.command == "params":
            names = []
            for fld in PUBLISHERS[args.publisher].fields:
                if fld.name not in names:
                    names.append(fld.name)
            print(",".join(names))
            return 0
        if args.command == "retire":
            return cmd_retire(args)
        return cmd_templates(args) if args.command == "templates" else cmd_publish(args)
    except ValueError as e:
        parser.error(str(e))


if __name__ == "__main__":
    sys.exit(main())
