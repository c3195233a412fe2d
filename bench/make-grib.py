#!/usr/bin/env python3
"""Writes GRIB2 files of a made-up model run for the GRIB ingestion benchmark.

The encoder is ECMWF's ecCodes (the `eccodes` package from PyPI, whose wheel carries the library),
so the files are as real as any model's output: 16 bits per value in the packing asked for (simple by
default; ECMWF's open data is CCSDS, `--packing grid_ccsds`), a regular lat/lon grid scanned north to
south, isobaric levels, one file per step. The values are smooth fields with some structure, so that
packing is not trivial.

Usage: make-grib.py OUTDIR [--resolution 0.5] [--levels 850,500] [--steps 0-3] [--run 2000010100]
                   [--packing grid_simple|grid_ccsds|...]
"""
import argparse
import os
import sys

import numpy as np
from eccodes import (codes_grib_new_from_samples, codes_release, codes_set, codes_set_values,
                     codes_write)

PARAMETERS = {
    # shortName: (value at 1000 hPa, change per ln(p), amplitude of the pattern)
    "t": (288.0, 40.0, 20.0),
    "u": (5.0, -15.0, 15.0),
    "v": (0.0, 0.0, 10.0),
    "r": (70.0, 20.0, 25.0),
}


def steps(text):
    result = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            result.extend(range(int(a), int(b) + 1))
        else:
            result.append(int(part))
    return result


def field(name, level, step, lats, lons):
    base, per_ln_p, amplitude = PARAMETERS[name]
    phase = step * 0.26 + level / 300.0
    pattern = (np.sin(np.radians(2 * lons) + phase) * np.cos(np.radians(lats)) ** 2
               + 0.3 * np.cos(np.radians(3 * lats) - phase))
    values = base + per_ln_p * np.log(level / 1000.0) + amplitude * pattern
    if name == "r":
        values = np.clip(values, 0, 100)
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--resolution", type=float, default=0.5)
    parser.add_argument("--levels", default="850,500")
    parser.add_argument("--steps", default="0-3")
    parser.add_argument("--run", default="2000010100", help="reference time yyyymmddhh")
    parser.add_argument("--packing", default="grid_simple",
                        help="ecCodes packingType: grid_simple, grid_ccsds (ECMWF open data), grid_complex, ...")
    args = parser.parse_args()

    res = args.resolution
    ni = int(round(360 / res))
    nj = int(round(180 / res)) + 1
    lats = np.repeat(90 - res * np.arange(nj), ni)
    lons = np.tile(res * np.arange(ni), nj)
    levels = [int(x) for x in args.levels.split(",")]
    os.makedirs(args.outdir, exist_ok=True)
    count = 0
    for step in steps(args.steps):
        path = os.path.join(args.outdir, "bench_%s_%03d.grib2" % (args.run, step))
        with open(path + ".part", "wb") as out:
            for level in levels:
                for name in PARAMETERS:
                    gid = codes_grib_new_from_samples("regular_ll_pl_grib2")
                    codes_set(gid, "Ni", ni)
                    codes_set(gid, "Nj", nj)
                    codes_set(gid, "latitudeOfFirstGridPointInDegrees", 90.0)
                    codes_set(gid, "longitudeOfFirstGridPointInDegrees", 0.0)
                    codes_set(gid, "latitudeOfLastGridPointInDegrees", -90.0)
                    codes_set(gid, "longitudeOfLastGridPointInDegrees", 360.0 - res)
                    codes_set(gid, "iDirectionIncrementInDegrees", res)
                    codes_set(gid, "jDirectionIncrementInDegrees", res)
                    codes_set(gid, "dataDate", int(args.run[:8]))
                    codes_set(gid, "dataTime", int(args.run[8:]) * 100)
                    codes_set(gid, "typeOfLevel", "isobaricInhPa")
                    codes_set(gid, "level", level)
                    codes_set(gid, "shortName", name)
                    codes_set(gid, "step", step)
                    codes_set(gid, "bitsPerValue", 16)
                    codes_set_values(gid, field(name, level, step, lats, lons))
                    codes_set(gid, "packingType", args.packing)
                    codes_write(gid, out)
                    codes_release(gid)
                    count += 1
        os.replace(path + ".part", path)
    print("wrote %d %s fields of %d points (%g deg), levels %s hPa, steps %s h to %s"
          % (count, args.packing, ni * nj, res, args.levels, args.steps, args.outdir))


if __name__ == "__main__":
    sys.exit(main())
