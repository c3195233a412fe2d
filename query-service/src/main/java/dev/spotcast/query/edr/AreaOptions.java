package dev.spotcast.query.edr;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
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
            description =
                "one level: height above ground in m or pressure in hPa; without it every level",
            example = "750")
        String z,
    @Parameter(
            style = ParameterStyle.FORM,
            explode = Explode.FALSE,
            description =
                "an instant, or an interval a/b, ../b, a/.. (every step of the run inside it);"
                    + " ISO-8601 with a zone (default: the run's first step)")
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
