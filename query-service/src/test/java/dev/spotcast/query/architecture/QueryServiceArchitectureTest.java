package dev.spotcast.query.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.constructors;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import dev.spotcast.query.spot.Place;
import dev.spotcast.query.spot.Reading;
import dev.spotcast.query.spot.RunSelection;
import dev.spotcast.query.spot.SpotRequest;
import dev.spotcast.testsupport.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The query path runs one way (docs/architecture.md, "Query path"): the web front (api, edr,
 * present, http, web) reads requests (request) and hands them to the use case (spot), which plans
 * them and asks terrain, search and interpolation; below them the catalog of runs and the
 * configuration. Nothing points back up. The use case owns its one input, {@link SpotRequest}
 * (which run, where, how to read, when): its parts are the use case's own types, and it is made one
 * way.
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

  /**
   * The spot use case's input is made one way, {@link SpotRequest#of} (and its withers): the
   * parser, EDR, ensembles, blends and Open-Meteo alike, never a constructor called field by field.
   */
  static ArchRule theSpotInputIsMadeOneWay() {
    return constructors()
        .that()
        .areDeclaredIn(SpotRequest.class)
        .should()
        .onlyBeCalled()
        .byClassesThat()
        .belongToAnyOf(SpotRequest.class)
        .because("every caller builds the use case's input one way: SpotRequest.of");
  }

  /**
   * The input and its parts (which run, where, how to read) are the use case's own types, in {@code
   * spot}: the request layer above builds them, the use case depends on nothing of it.
   */
  static ArchRule theSpotInputLivesInSpot() {
    return fields()
        .that()
        .areDeclaredInClassesThat()
        .belongToAnyOf(SpotRequest.class, RunSelection.class, Place.class, Reading.class)
        .and()
        .areNotStatic()
        .should()
        .haveRawType(resideInAnyPackage(ROOT + ".spot..", "java.."))
        .because("the use case owns its input: request depends on spot, never the reverse");
  }

  @Test
  void spotInputIsMadeOneWay() {
    theSpotInputIsMadeOneWay().check(classes);
  }

  @Test
  void spotInputLivesInSpot() {
    theSpotInputLivesInSpot().check(classes);
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
