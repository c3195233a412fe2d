"""Writes GRIB messages with time intervals as the centres encode them, for the tests.

Usage: make_intervals.py SPEC.json OUT.grib

SPEC is a JSON list of messages, each an object with:
  edition      1 or 2
  centre       "ecmf", "kwbc", "edzw" (the originating centre)
  shortName    e.g. "tp", "mx2t6", "ssrd" (GRIB2), or "paramId"
  stepType     "instant", "accum", "max", "min", "avg"
  start, end   the interval, in stepUnits ("h" or "m")
  stepUnits    "h" (default) or "m"
  member       optional: an ensemble member (GRIB2 template 4.11 for an interval, 4.1 else)
  values       the 6 values of a 2 x 3 grid (north to south, west to east), written as IEEE
               64-bit floats in GRIB2 (exact) or simple packing with 24 bits in GRIB1
The reference time is 2026-11-20 00 UTC; the grid covers 50..49 N, 10..12 E at 1 degree.
"""

import json
import sys

import eccodes as ec


def message(spec):
    edition = spec.get("edition", 2)
    h = ec.codes_grib_new_from_samples("regular_ll_sfc_grib%d" % edition)
    ec.codes_set(h, "centre", spec.get("centre", "ecmf"))
    ec.codes_set(h, "dataDate", 20261120)
    ec.codes_set(h, "dataTime", 0)
    ec.codes_set(h, "Ni", 3)
    ec.codes_set(h, "Nj", 2)
    ec.codes_set(h, "latitudeOfFirstGridPointInDegrees", 50.0)
    ec.codes_set(h, "longitudeOfFirstGridPointInDegrees", 10.0)
    ec.codes_set(h, "latitudeOfLastGridPointInDegrees", 49.0)
    ec.codes_set(h, "longitudeOfLastGridPointInDegrees", 12.0)
    ec.codes_set(h, "iDirectionIncrementInDegrees", 1.0)
    ec.codes_set(h, "jDirectionIncrementInDegrees", 1.0)
    step_type = spec.get("stepType", "instant")
    member = spec.get("member")
    if edition == 2 and member is not None:
        ec.codes_set(h, "productDefinitionTemplateNumber", 1 if step_type == "instant" else 11)
        ec.codes_set(h, "typeOfEnsembleForecast", 3)
        ec.codes_set(h, "perturbationNumber", member)
        ec.codes_set(h, "numberOfForecastsInEnsemble", 51)
    elif edition == 2 and step_type != "instant":
        ec.codes_set(h, "productDefinitionTemplateNumber", 8)
    if "paramId" in spec:
        ec.codes_set(h, "paramId", spec["paramId"])
    else:
        ec.codes_set(h, "shortName", spec["shortName"])
    ec.codes_set(h, "stepUnits", spec.get("stepUnits", "h"))
    ec.codes_set(h, "stepType", step_type)
    if step_type == "instant":
        ec.codes_set(h, "step", spec["end"])
    else:
        ec.codes_set(h, "startStep", spec["start"])
        ec.codes_set(h, "endStep", spec["end"])
    if edition == 2:
        ec.codes_set(h, "packingType", "grid_ieee")
        ec.codes_set(h, "precision", 2)
    else:
        ec.codes_set(h, "bitsPerValue", 24)
    ec.codes_set_values(h, spec["values"])
    return h


def main():
    with open(sys.argv[1]) as f:
        specs = json.load(f)
    with open(sys.argv[2], "wb") as out:
        for spec in specs:
            h = message(spec)
            ec.codes_write(h, out)
            ec.codes_release(h)


if __name__ == "__main__":
    main()
