package dev.spotcast.query.api;

import dev.spotcast.query.spot.BadParameterException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Every query parameter of the API takes one value (lists are comma-separated in that value): one
 * given twice ({@code lat=1&lat=2}, {@code coords=...&coords=...}) is a 400 naming it, before any
 * work, rather than silently joined with a comma or cut to its first value. Open-Meteo's {@code
 * /v1/forecast} and {@code /v1/ensemble} are the exception: its clients repeat list parameters.
 */
@Configuration(proxyBeanMethods = false)
public class RepeatedParameters implements WebMvcConfigurer {

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry
        .addInterceptor(
            new HandlerInterceptor() {
              @Override
              public boolean preHandle(
                  HttpServletRequest request, HttpServletResponse response, Object handler) {
                for (Map.Entry<String, String[]> parameter : request.getParameterMap().entrySet()) {
                  if (parameter.getValue().length > 1) {
                    throw new BadParameterException(
                        parameter.getKey(),
                        parameter.getKey()
                            + " is given "
                            + parameter.getValue().length
                            + " times; give it once (lists are comma-separated: params=t,u,v)");
                  }
                }
                return true;
              }
            })
        .addPathPatterns("/v1/**", "/edr/**")
        // Open-Meteo's API takes repeated parameters (hourly=a&hourly=b) as one list.
        .excludePathPatterns("/v1/forecast", "/v1/ensemble")
        .order(Ordered.HIGHEST_PRECEDENCE);
  }
}
