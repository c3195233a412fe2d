package dev.spotcast.query.present;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.spot.BadParameterException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TimeZonesTest {

  @Test
  void namedZonesAndOffsetsAreTakenAsGiven() {
    assertThat(TimeZones.named("Europe/Berlin")).isEqualTo(ZoneId.of("Europe/Berlin"));
    assertThat(TimeZones.named("+05:30")).isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));
    assertThat(TimeZones.named("auto")).isNull();
    assertThat(TimeZones.named(null)).isNull();
    assertThatThrownBy(() -> TimeZones.named("Europe/Atlantis"))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("is not a time zone")
        .hasMessageContaining("auto");
  }

  @Test
  void autoFindsTheZoneOfThePlace() {
    TimeZones zones = new TimeZones(false, 100);
    assertThat(zones.resolve("auto", 48.1372, 11.5756)).isEqualTo(ZoneId.of("Europe/Berlin"));
    assertThat(zones.resolve("auto", 40.7128, -74.0060)).isEqualTo(ZoneId.of("America/New_York"));
    assertThat(zones.resolve("auto", -33.8688, 151.2093)).isEqualTo(ZoneId.of("Australia/Sydney"));
    assertThat(zones.resolve("Asia/Tokyo", 48.1372, 11.5756)).isEqualTo(ZoneId.of("Asia/Tokyo"));
  }

  @Test
  void theNauticalZoneOfALongitudeHasPosixSigns() {
    assertThat(TimeZones.nautical(-75)).isEqualTo(ZoneId.of("Etc/GMT+5"));
    assertThat(TimeZones.nautical(120)).isEqualTo(ZoneId.of("Etc/GMT-8"));
    assertThat(TimeZones.nautical(7)).isEqualTo(ZoneOffset.UTC);
    assertThat(TimeZones.nautical(179.9)).isEqualTo(ZoneId.of("Etc/GMT-12"));
  }
}
