package dev.spotcast.query.edr;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The OpenAPI description of the parameters EDR's endpoints share, each written once: springdoc
 * reads a {@link Parameter} through these meta-annotations as if it stood on the parameter. The
 * binding ({@code @PathVariable}, {@code @RequestParam}, {@code @RequestHeader}) stays on the
 * parameter, where Spring MVC looks for it.
 */
final class EdrDocumented {

  private EdrDocumented() {}

  /** The collection: a model id. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(description = "model id", example = "synth")
  @interface ModelId {}

  /** An instance: a run id. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(description = "run id yyyyMMddHH", example = "2026112100")
  @interface InstanceId {}

  /** {@code z} on one run and a location: one level, or every level. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(
      description =
          "one level: height above ground in m or pressure in hPa; without it every level")
  @interface Level {}

  /** {@code parameter-name}: which parameters. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(description = "comma-separated parameter names")
  @interface ParameterNames {}

  /** {@code f}: CoverageJSON or GeoJSON. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(
      description = "output format",
      schema = @Schema(allowableValues = {"CoverageJSON", "GeoJSON"}))
  @interface OutputFormat {}

  /** {@code elevation}: Spotcast's extension, as on {@code /v1/spot}. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(
      description =
          "Spotcast's extension: the place's height in m above sea level; where the run has"
              + " orography, temperatures are corrected from the model's ground to it (as"
              + " elevation= of /v1/spot)",
      example = "520")
  @interface Elevation {}

  /** The Accept header: read to choose the format when {@code f} is not given, not documented. */
  @Target({ElementType.PARAMETER, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Parameter(hidden = true)
  @interface AcceptHeader {}
}
