package dev.spotcast.query.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import dev.spotcast.testsupport.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The query path runs one way (docs/architecture.md, "Query path"): the web front (api, edr,
 * present, http, web) reads requests (request) and hands them to the use case (spot), which plans
 * them and asks terrain, search and interpolation; below them the catalog of runs and the
 * configuration. Nothing points back up.
 */
class QueryServiceArchitectureTest {

  private static final String ROOT = "dev.spotcast.query";

  private static JavaClasses classes;

  @BeforeAll
  static void read() {
    classes = Architecture.productClasses(ROOT);
  }

  /** The layers, top to bottom; each may use those below it, none those above. */
  static ArchRule layers() {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Application")
        .definedBy(ROOT)
        .layer("Web")
        .definedBy(
            ROOT + ".api..",
            ROOT + ".edr..",
            ROOT + ".present..",
            ROOT + ".openmeteo..",
            ROOT + ".http..",
            ROOT + ".web..")
        .layer("Requests")
        .definedBy(ROOT + ".request..")
        .layer("Spot")
        .definedBy(ROOT + ".spot..")
        .layer("Terrain")
        .definedBy(ROOT + ".terrain..")
        .layer("Search")
        .definedBy(ROOT + ".search..")
        .layer("Interpolation")
        .definedBy(ROOT + ".interpolation..")
        .layer("Catalog")
        .definedBy(ROOT + ".catalog..")
        .layer("Config")
        .definedBy(ROOT + ".config..")
        .whereLayer("Application")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("Web")
        .mayOnlyBeAccessedByLayers("Application")
        .whereLayer("Requests")
        .mayOnlyBeAccessedByLayers("Web")
        .whereLayer("Spot")
        .mayOnlyBeAccessedByLayers("Web", "Requests")
        .whereLayer("Terrain")
        .mayOnlyBeAccessedByLayers("Web", "Requests", "Spot")
        .whereLayer("Search")
        .mayOnlyBeAccessedByLayers("Web", "Spot", "Terrain")
        .whereLayer("Interpolation")
        .mayOnlyBeAccessedByLayers("Spot", "Terrain", "Search")
        .whereLayer("Interpolation")
        .mayNotAccessAnyLayer()
        .whereLayer("Catalog")
        .mayOnlyAccessLayers("Config")
        .whereLayer("Config")
        .mayNotAccessAnyLayer();
  }

  @Test
  void layersPointOneWay() {
    layers().check(classes);
  }

  @Test
  void noCyclesBetweenPackages() {
    Architecture.noCyclesBetweenPackages(ROOT).check(classes);
  }

  @Test
  void independentOfBenchmarksAndTests() {
    Architecture.productsIndependentOfBenchmarksAndTests().check(classes);
  }
}
