package dev.spotcast.web;

import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Puts {@link ProblemErrorReportValve} in place of the error report valve Tomcat or Spring Boot
 * would use, so that the container's own refusals are problem+json too. Each service imports it
 * ({@code @Import(ContainerErrors.class)}).
 */
public class ContainerErrors
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextCustomizers(
        context -> {
          if (context.getParent() instanceof StandardHost host) {
            for (Valve valve : host.getPipeline().getValves()) {
              if (valve instanceof ErrorReportValve
                  && !(valve instanceof ProblemErrorReportValve)) {
                host.getPipeline().removeValve(valve);
              }
            }
            host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
          }
        });
  }

  /** After Spring Boot's own customizer, which may add an ErrorReportValve. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
