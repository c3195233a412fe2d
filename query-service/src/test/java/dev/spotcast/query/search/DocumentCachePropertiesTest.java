package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/** The cache's settings as Spring Boot binds them, and what a bad one prints at the start. */
@ExtendWith(OutputCaptureExtension.class)
class DocumentCachePropertiesTest {

  private static DocumentCacheProperties bind(Map<String, String> settings) {
    return new Binder(new MapConfigurationPropertySource(settings))
        .bindOrCreate("spotcast.query.cache", DocumentCacheProperties.class);
  }

  @Test
  void unsetTheCacheKeepsEveryDocumentReadUntilFullInAQuarterOfTheHeap() {
    DocumentCacheProperties settings = bind(Map.of());
    assertThat(settings.admission()).isEqualTo(DocumentCache.Admission.READ_AGAIN_WHEN_FULL);
    assertThat(settings.bytes()).isEqualTo(Runtime.getRuntime().maxMemory() / 4);
  }

  @Test
  void theAdmissionIsNamedAsInTheSettingsInAnyCaseOrSeparator() {
    assertThat(bind(Map.of("spotcast.query.cache.admission", "read-again")).admission())
        .isEqualTo(DocumentCache.Admission.READ_AGAIN);
    assertThat(bind(Map.of("spotcast.query.cache.admission", " First_Read ")).admission())
        .isEqualTo(DocumentCache.Admission.FIRST_READ);
    assertThat(bind(Map.of("spotcast.query.cache.admission", "read-again-when-full")).admission())
        .isEqualTo(DocumentCache.Admission.READ_AGAIN_WHEN_FULL);
    DocumentCacheProperties sized = bind(Map.of("spotcast.query.cache.max-memory", "512MB"));
    assertThat(sized.bytes()).isEqualTo(DataSize.ofMegabytes(512).toBytes());
  }

  @Test
  void aNegativeSizeIsRefusedSayingWhatToGive() {
    assertThatThrownBy(() -> bind(Map.of("spotcast.query.cache.max-memory", "-1MB")))
        .rootCause()
        .hasMessageContaining("spotcast.query.cache.max-memory is negative")
        .hasMessageContaining("512MB");
  }

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(DocumentCacheProperties.class)
  static class OnlyTheSettings {}

  private static void start(String setting) {
    new SpringApplicationBuilder(OnlyTheSettings.class)
        .web(WebApplicationType.NONE)
        .logStartupInfo(false)
        .run(setting)
        .close();
  }

  @Test
  void anUnknownAdmissionStopsTheStartWithTheChoicesAndNoStackTrace(CapturedOutput output) {
    assertThatThrownBy(() -> start("--spotcast.query.cache.admission=twice"));
    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains("spotcast.query.cache.admission")
        .contains("twice")
        .contains("FIRST_READ")
        .contains("READ_AGAIN")
        .contains("READ_AGAIN_WHEN_FULL")
        .doesNotContain("\tat ");
  }

  @Test
  void aNegativeSizeStopsTheStartWithWhatToGiveAndNoStackTrace(CapturedOutput output) {
    assertThatThrownBy(() -> start("--spotcast.query.cache.max-memory=-1MB"));
    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains("give a size such as 512MB")
        .doesNotContain("\tat ");
  }
}
