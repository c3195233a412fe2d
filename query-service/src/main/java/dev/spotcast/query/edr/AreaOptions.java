package dev.spotcast.query.edr;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.RequestHeader;

/**
 * What EDR area, cube and radius queries share besides their shape: the level, the one time, the
 * parameters and the format (with the Accept header). Read straight from the request ({@code
 * request.QueryParameterRecords}), as text that {@link PositionQuery} checks; the OpenAPI
 * description comes from the annotations.
 */
@ParameterObject
public record AreaOptions(
    @Parameter(
            description = "one level: height above ground in m or pressure in hPa",
            example = "750")
        String z,
    @Parameter(description = "one instant, ISO-8601 with a zone (default: the run's first step)")
        String datetime,
    @Parameter(
            name = "parameter-name",
            description = "comma-separated parameter names",
            example = "t,u,v")
        String parameterName,
    @Parameter(
            description = "output format",
            schema = @Schema(allowableValues = {"CoverageJSON", "GeoJSON"}))
        String f,
    @Parameter(hidden = true) @RequestHeader("Accept") String accept) {}
