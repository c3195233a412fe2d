package dev.spotcast.query.edr;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The named places of the EDR {@code locations} query ({@code spotcast.query.edr.locations}):
 * stations or cities an operator lists, each with an id (the {@code locId} of {@code
 * /edr/collections/{model}/locations/{locId}}), a name and its position in CRS84. Every collection
 * offers all of them; one outside a model's grid is answered 422 as a position there would be.
 *
 * @param locations the places, in the order they are listed
 */
@Validated
@ConfigurationProperties("spotcast.query.edr")
public record EdrLocations(List<@Valid Location> locations) {

  public EdrLocations {
    locations = locations == null ? List.of() : List.copyOf(locations);
  }

  /**
   * @param id letters, digits, '-', '_' and '.'
   */
  public record Location(
      @NotBlank @Pattern(regexp = "[A-Za-z0-9._-]+") String id,
      @NotBlank String name,
      @DecimalMin("-180") @DecimalMax("360") double lon,
      @DecimalMin("-90") @DecimalMax("90") double lat) {}

  Optional<Location> find(String id) {
    return locations.stream().filter(l -> l.id().equals(id)).findFirst();
  }
}
