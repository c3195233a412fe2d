#!/usr/bin/env python3
"""GRIB files that exercise ensemble members and large GRIB1 messages, written by ECMWF's ecCodes.

  make_ensembles.py ensemble OUT.grib   ERA5-style ensemble of data assimilation: GRIB1, ECMWF local
                                        definition 36 (stream enda, type an), t at 850 hPa, members 0-3,
                                        5-degree global grid; OUT.reference.csv holds what ecCodes reads
  make_ensembles.py large OUT.grib      two GRIB1 messages over 8 MB, t on global grids at 24 bits per value:
                                        0.125 degrees (12 MB, a length that needs the 24th bit) and 0.1
                                        degrees (19 MB, over 16 MB: the length is coded in units of 120
                                        bytes); OUT.reference.csv holds ecCodes' values of some points

Needs the PyPI packages eccodes (with eccodeslib) and numpy.
"""
import sys

import eccodes as ec
import numpy as np


def grid(h, res):
    ni, nj = int(round(360 / res)), int(round(180 / res)) + 1
    ec.codes_set(h, 'Ni', ni)
    ec.codes_set(h, 'Nj', nj)
    ec.codes_set(h, 'latitudeOfFirstGridPointInDegrees', 90.0)
    ec.codes_set(h, 'longitudeOfFirstGridPointInDegrees', 0.0)
    ec.codes_set(h, 'latitudeOfLastGridPointInDegrees', -90.0)
    ec.codes_set(h, 'longitudeOfLastGridPointInDegrees', 360.0 - res)
    ec.codes_set(h, 'iDirectionIncrementInDegrees', res)
    ec.codes_set(h, 'jDirectionIncrementInDegrees', res)
    lat = np.linspace(90, -90, nj)[:, None]
    lon = np.linspace(0, 360 - res, ni)[None, :]
    return lat, lon


def ensemble(out):
    with open(out, 'wb') as f:
        for member in range(4):
            h = ec.codes_grib_new_from_samples('regular_ll_pl_grib1')
            ec.codes_set(h, 'localDefinitionNumber', 36)
            ec.codes_set(h, 'stream', 'enda')
            ec.codes_set(h, 'type', 'an')
            ec.codes_set(h, 'number', member)
            lat, lon = grid(h, 5.0)
            ec.codes_set(h, 'shortName', 't')
            ec.codes_set(h, 'typeOfLevel', 'isobaricInhPa')
            ec.codes_set(h, 'level', 850)
            ec.codes_set(h, 'dataDate', 20261120)
            ec.codes_set(h, 'dataTime', 1200)
            values = 270 + 20 * np.cos(np.radians(lat)) + np.sin(np.radians(lon)) * (member + 1)
            ec.codes_set_values(h, values.flatten())
            ec.codes_write(h, f)
            ec.codes_release(h)
    with open(out, 'rb') as f, open(out.rsplit('.', 1)[0] + '.reference.csv', 'w') as r:
        r.write('message,localDefinitionNumber,number,point,lat,lon,value\n')
        message = 0
        while True:
            g = ec.codes_grib_new_from_file(f)
            if g is None:
                break
            local, number = ec.codes_get(g, 'localDefinitionNumber'), ec.codes_get(g, 'number')
            lats, lons = ec.codes_get_array(g, 'latitudes'), ec.codes_get_array(g, 'longitudes')
            values = ec.codes_get_values(g)
            for i in range(len(values)):
                r.write('%d,%d,%d,%d,%.6f,%.6f,%.6f\n' % (message, local, number, i, lats[i], lons[i], values[i]))
            ec.codes_release(g)
            message += 1


def large(out):
    with open(out, 'wb') as f:
        for level, res in [(850, 0.125), (500, 0.1)]:
            h = ec.codes_grib_new_from_samples('regular_ll_pl_grib1')
            lat, lon = grid(h, res)
            ec.codes_set(h, 'shortName', 't')
            ec.codes_set(h, 'level', level)
            ec.codes_set(h, 'dataDate', 20261120)
            ec.codes_set(h, 'dataTime', 1200)
            ec.codes_set(h, 'bitsPerValue', 24)
            values = 270 + 20 * np.cos(np.radians(lat)) * np.cos(np.radians(2 * lon)) + 0.001 * lon
            ec.codes_set_values(h, values.flatten())
            ec.codes_write(h, f)
            ec.codes_release(h)
    # The reference values of some points: message, point index, lat, lon, value as ecCodes reads them.
    with open(out, 'rb') as f, open(out + '.reference.csv', 'w') as r:
        r.write('message,totalLength,point,lat,lon,value\n')
        message = 0
        while True:
            g = ec.codes_grib_new_from_file(f)
            if g is None:
                break
            decoded = ec.codes_get_values(g)
            lats, lons = ec.codes_get_array(g, 'latitudes'), ec.codes_get_array(g, 'longitudes')
            length = ec.codes_get(g, 'totalLength')
            for i in list(range(0, len(decoded), 9973)) + [len(decoded) - 1]:
                r.write('%d,%d,%d,%.6f,%.6f,%.6f\n' % (message, length, i, lats[i], lons[i], decoded[i]))
            ec.codes_release(g)
            message += 1


if __name__ == '__main__':
    {'ensemble': ensemble, 'large': large}[sys.argv[1]](sys.argv[2])
