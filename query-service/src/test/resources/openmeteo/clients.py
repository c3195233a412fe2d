"""Asks Spotcast's /v1/forecast with Open-Meteo's own clients and prints what they read, as JSON.

Run by OpenMeteoClientIT with the Python of the venv holding openmeteo-requests (PyPI):
  python clients.py BASE_URL MODEL ENSEMBLE NOW_MODEL
The official SDK (openmeteo-requests: niquests, FlatBuffers) and a plain JSON client (urllib)
ask the same two places, and one place in Cape Verde's time zone (UTC-1) and non-default units; the test
compares what each read with /v1/series, and what both read as current (of NOW_MODEL, whose run covers now) with /v1/spot at the time they name.
"""

import json
import math
import sys
import urllib.parse
import urllib.request

import openmeteo_requests

base, model, ensemble, now_model = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
params = {
    "latitude": [49.6, 49.2],
    "longitude": [10.7, 11.5],
    "models": model,
    "hourly": ["temperature_2m", "precipitation", "wind_speed_10m"],
    "daily": ["temperature_2m_max", "precipitation_sum", "sunrise"],
    "start_date": "2026-11-20",
    "end_date": "2026-11-20",
}


def number(x):
    return None if math.isnan(x) else x


def variables(block):
    read = []
    for i in range(block.VariablesLength()):
        v = block.Variables(i)
        read.append(
            {
                "variable": v.Variable(),
                "unit": v.Unit(),
                "altitude": v.Altitude(),
                "aggregation": v.Aggregation(),
                "ensemble_member": v.EnsembleMember(),
                "values": [number(v.Values(j)) for j in range(v.ValuesLength())],
                "values_int64": [v.ValuesInt64(j) for j in range(v.ValuesInt64Length())],
            }
        )
    return read


def block(b):
    return {"time": b.Time(), "time_end": b.TimeEnd(), "interval": b.Interval(), "variables": variables(b)}


sdk = []
for response in openmeteo_requests.Client().weather_api(base + "/v1/forecast", params=params):
    sdk.append(
        {
            "latitude": response.Latitude(),
            "longitude": response.Longitude(),
            "location_id": response.LocationId(),
            "utc_offset_seconds": response.UtcOffsetSeconds(),
            "timezone": response.Timezone().decode(),
            "hourly": block(response.Hourly()),
            "daily": block(response.Daily()),
        }
    )

# The SDK's POST: the same parameters as a form body, the same answers.
posted = [
    {"hourly": block(r.Hourly()), "daily": block(r.Daily())}
    for r in openmeteo_requests.Client().weather_api(base + "/v1/forecast", params=params, method="POST")
]

# A plain JSON client, as app code without the SDK does: repeated parameters as the SDK sends them.
query = urllib.parse.urlencode(params, doseq=True)
with urllib.request.urlopen(base + "/v1/forecast?" + query) as answer:
    plain = json.load(answer)

# A time zone and units other than the defaults, as both clients ask for them.
zoned_params = {
    "latitude": 49.6,
    "longitude": 10.7,
    "models": model,
    "hourly": ["temperature_2m", "precipitation", "wind_speed_10m"],
    "daily": ["temperature_2m_max", "precipitation_sum"],
    "timezone": "Atlantic/Cape_Verde",
    "temperature_unit": "fahrenheit",
    "wind_speed_unit": "ms",
    "precipitation_unit": "inch",
    "start_date": "2026-11-20",
    "end_date": "2026-11-20",
}
zoned_response = openmeteo_requests.Client().weather_api(base + "/v1/forecast", params=zoned_params)[0]
zoned_sdk = {
    "utc_offset_seconds": zoned_response.UtcOffsetSeconds(),
    "timezone": zoned_response.Timezone().decode(),
    "timezone_abbreviation": zoned_response.TimezoneAbbreviation().decode(),
    "hourly": block(zoned_response.Hourly()),
    "daily": block(zoned_response.Daily()),
}
with urllib.request.urlopen(base + "/v1/forecast?" + urllib.parse.urlencode(zoned_params, doseq=True)) as answer:
    zoned_json = json.load(answer)

# Open-Meteo's error as both read it.
try:
    openmeteo_requests.Client().weather_api(
        base + "/v1/forecast", params={"latitude": 91, "longitude": 0, "hourly": "temperature_2m"}
    )
    error = None
except openmeteo_requests.OpenMeteoRequestsError as e:
    error = str(e)

# The ensemble API: every member, told apart by ensemble_member.
members = openmeteo_requests.Client().weather_api(
    base + "/v1/ensemble",
    params={
        "latitude": 41.3,
        "longitude": -7.6,
        "models": ensemble,
        "hourly": "temperature_2m",
        "start_date": "2026-11-21",
        "end_date": "2026-11-21",
    },
)
ensemble_read = block(members[0].Hourly())

# current=: the SDK's Current block and the JSON's current object, of a run that covers now.
current_params = {
    "latitude": 45.3,
    "longitude": 3.7,
    "models": now_model,
    "current": ["temperature_2m", "relative_humidity_2m", "wind_speed_10m"],
}
now = openmeteo_requests.Client().weather_api(base + "/v1/forecast", params=current_params)[0].Current()
current_sdk = {
    "time": now.Time(),
    "interval": now.Interval(),
    "variables": [
        {"variable": now.Variables(i).Variable(), "value": number(now.Variables(i).Value())}
        for i in range(now.VariablesLength())
    ],
}
with urllib.request.urlopen(
    base + "/v1/forecast?" + urllib.parse.urlencode(current_params, doseq=True) + "&timeformat=unixtime"
) as answer:
    current_json = json.load(answer)["current"]

print(
    json.dumps(
        {
            "sdk": sdk,
            "posted": posted,
            "json": plain,
            "error": error,
            "ensemble": ensemble_read,
            "current": {"sdk": current_sdk, "json": current_json},
            "zoned": {"sdk": zoned_sdk, "json": zoned_json},
        }
    )
)
