/**
 * The variables people ask for that a model does not write, derived from what it does: humidity
 * (dew point, relative humidity), apparent temperature, wind from its components, the WMO 4677
 * weather code, day and night, sunrise, sunset, daylight and sunshine. Pure functions of SI inputs
 * as the models give them (K, Pa, m/s, mm), each documented with its formula, reference and valid
 * range (docs/derived-variables.md lists them); nothing here knows of Elasticsearch, Spring or the
 * rest of Spotcast, so the query service, the ingestor and tests can all call it.
 */
package dev.spotcast.weather;
