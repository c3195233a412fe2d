package dev.spotcast.query.request;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Reads {@link PlaceParameters} straight from the query string. Left to Spring's data binding, a
 * record parameter object is bound through a new binder per request, which introspects its
 * constructor and parses its annotations every time (a large share of the service's CPU under load:
 * docs/benchmarks.md, "Where the service's CPU goes"). Its fields are text, checked by {@link
 * SpotRequestParser}, so nothing is lost. The OpenAPI description still comes from the record's
 * annotations.
 */
@Configuration(proxyBeanMethods = false)
public class PlaceParametersResolver implements WebMvcConfigurer, HandlerMethodArgumentResolver {

  @Override
  public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
    resolvers.add(this);
  }

  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    return parameter.getParameterType() == PlaceParameters.class;
  }

  @Override
  public PlaceParameters resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
      NativeWebRequest request, WebDataBinderFactory binderFactory) {
    return PlaceParameters.of(request::getParameter);
  }
}
