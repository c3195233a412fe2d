package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/** The warm-up's settings as a start binds and validates them. */
@ExtendWith(OutputCaptureExtension.class)
class WarmupPropertiesTest {

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(WarmupProperties.class)
  static class OnlyTheSettings {}

  private static ConfigurableApplicationContext start(String... settings) {
    return new SpringApplicationBuilder(OnlyTheSettings.class)
        .web(WebApplicationType.NONE)
        .logStartupInfo(false)
        .run(settings);
  }

  @Test
  void byDefaultFiveHundredRequestsThenOnWhileTheCompilerIsBusyForAMinuteAtMost() {
    try (ConfigurableApplicationContext context = start()) {
      WarmupProperties warmup = context.getBean(WarmupProperties.class);
      assertThat(warmup.requests()).isEqualTo(500);
      assertThat(warmup.compilerBusy()).isEqualTo(0.25);
      assertThat(warmup.maxDuration()).isEqualTo(Duration.ofSeconds(60));
    }
  }

  @Test
  void theCompilerBoundIsSetByItsEnvironmentNameToo() {
    // SPOTCAST_QUERY_WARMUP_COMPILERBUSY, as the fleet sets it, binds as compiler-busy
    try (ConfigurableApplicationContext context = start("--spotcast.query.warmup.compilerbusy=0")) {
      assertThat(context.getBean(WarmupProperties.class).compilerBusy()).isZero();
    }
  }

  @Test
  void aNegativeCompilerBoundStopsTheStartNamingItWithoutAStackTrace(CapturedOutput output) {
    assertThatThrownBy(() -> start("--spotcast.query.warmup.compiler-busy=-0.5"));
    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains("spotcast.query.warmup.compiler-busy")
        .doesNotContain("\tat ");
  }

  @Test
  void aCompilerBoundThatIsNoNumberStopsTheStartNamingIt(CapturedOutput output) {
    assertThatThrownBy(() -> start("--spotcast.query.warmup.compiler-busy=a-quarter"));
    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains("spotcast.query.warmup.compiler-busy")
        .contains("a-quarter")
        .doesNotContain("\tat ");
  }
}
