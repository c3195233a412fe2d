package dev.spotcast.ingest.api;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The ingestion console (static/console/): at /console/, and where a browser first looks, /. */
@Configuration
public class ConsolePages implements WebMvcConfigurer {

  @Override
  public void addViewControllers(ViewControllerRegistry registry) {
    registry.addRedirectViewController("/", "/console/");
    registry.addRedirectViewController("/console", "/console/");
    registry.addViewController("/console/").setViewName("forward:/console/index.html");
  }
}
