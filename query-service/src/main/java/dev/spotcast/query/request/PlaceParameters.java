package dev.spotcast.query.request;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springdoc.core.annotations.ParameterObject;

/**
 * The query parameters {@code GET /v1/spot} and {@code GET /v1/series} share: the model and run,
 * the place and height, and how to interpolate. Bound from the query string by name; kept as text
 * so that {@link SpotRequestParser} checks every value itself (read by {@link
 * QueryParameterRecords}) and names the parameter in its 400 (a missing required one included).
 */
@ParameterObject
public record PlaceParameters(
    @Parameter(description = "model id", example = "synth", required = true) String model,
    @Parameter(description = "latitude in degrees, [-90, 90]", example = "45.5", required = true)
        String lat,
    @Parameter(
            description = "longitude in degrees, [-180, 180] or [0, 360]",
            example = "5.25",
            required = true)
        String lon,
    @Parameter(
            description = "height above ground in m (models with height levels)",
            example = "750")
        String alt,
    @Parameter(description = "pressure in hPa (models with isobaric levels); not with alt")
        String pressure,
    @Parameter(description = "number of grid points to interpolate from, 1..64 (default 4)")
        String n,
    @Parameter(
            description =
                "comma-separated parameter names (default: all of the model's), the model's own or"
                    + " derived ones made after interpolation: dew_point, relative_humidity,"
                    + " apparent_temperature, precipitation and snowfall (mm over the period), wind_gusts,"
                    + " is_day, weather_code (WMO 4677); /v1/models lists which a model can make",
            example = "t,u,v")
        String params,
    @Parameter(
            description =
                "for amounts (parameters that are a sum over time, such as precipitation): the period before"
                    + " time they are answered over, 15min..10d as 1h, 3h, 6h, 24h, 90min, 1d or ISO-8601 (PT6H);"
                    + " default 1h. An amount stored over a longer interval is split evenly (the answer's over.split"
                    + " says so). Means, maxima and minima are answered over the model's own interval.",
            example = "3h")
        String period,
    @Parameter(
            description =
                "horizontal interpolation: idw (default), nearest, or bilinear (regular lat/lon grids)",
            schema = @Schema(allowableValues = {"idw", "nearest", "bilinear"}))
        String method,
    @Parameter(
            description =
                "run: latest (default, the published run), a run time (ISO-8601 with a zone) or a run"
                    + " id yyyyMMddHH of a run listed by /v1/models",
            example = "latest")
        String run,
    @Parameter(
            description =
                "height of the place in m above sea level, [-500, 9000]: where the run has orography,"
                    + " temperatures (t, 2t) are corrected from the model's ground to it with the lapse rate (0.0065 K/m by"
                    + " default) and the answer's terrain says by how much; without it the model's ground at the place is"
                    + " reported. Other parameters are not corrected; pressure levels are not corrected.",
            example = "520")
        String elevation,
    @Parameter(
            name = "cell_selection",
            description =
                "which grid points may answer where the run has a land-sea mask:"
                    + " land (default), sea, or nearest; chosen among the 4 x n nearest (the nearest when none is of that"
                    + " kind); the answer's terrain lists the nearer points passed over",
            schema = @Schema(allowableValues = {"land", "sea", "nearest"}))
        String cellSelection,
    @Parameter(
            description =
                "for an ensemble (listed under ensembles in /v1/models): the member to answer, by number"
                    + " (default: the control member, the lowest number); not with ensemble")
        String member,
    @Parameter(
            description =
                "for an ensemble: a statistic across all members, each interpolated first: mean, spread"
                    + " (standard deviation about the mean), min, max, median, pNN (percentile 1..99, linear between members),"
                    + " prob_gt:X or prob_lt:X (% of members above or below X, in the parameter's unit as stored); spread and"
                    + " probabilities are not converted by units=",
            example = "p90")
        String ensemble) {}
