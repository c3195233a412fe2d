package dev.spotcast.query.edr;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * What EDR area, cube and radius queries share besides their shape: the level, the one time, the
 * parameters and the format (with the Accept header). Read straight from the request, as text that
 * {@link PositionQuery} checks; the OpenAPI description comes from the annotations.
 */
@ParameterObject
public record AreaOptions(
    @Parameter(description = "one level: height above ground in m or pressure in hPa", example = "750") String z,
    @Parameter(description = "one instant, ISO-8601 with a zone (default: the run's first step)") String datetime,
    @Parameter(name = "parameter-name", description = "comma-separated parameter names", example = "t,u,v")
        String parameterName,
    @Parameter(description = "output format", schema = @Schema(allowableValues = {"CoverageJSON", "GeoJSON"})) String f,
    @Parameter(hidden = true) String accept) {

  /** Binds {@link AreaOptions} from the query string and the Accept header. */
  @Configuration(proxyBeanMethods = false)
  static class Resolver implements WebMvcConfigurer, HandlerMethodArgumentResolver {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
      resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
      return parameter.getParameterType() == AreaOptions.class;
    }

    @Override
    public AreaOptions resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
        NativeWebRequest request, WebDataBinderFactory binderFactory) {
      return new AreaOptions(request.getParameter("z"), request.getParameter("datetime"),
          request.getParameter("parameter-name"), request.getParameter("f"), request.getHeader("Accept"));
    }
  }
}
