package dev.spotcast.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shared library's packages: the forecast model at the bottom, depending on no other Spotcast
 * package, and beside it the derived weather variables (dev.spotcast.weather), pure formulas that
 * depend on nothing of Spotcast nor on Spring or Elasticsearch; no cycles between packages; nothing
 * of the services, tools, benchmarks or tests. (The other modules take these rules from
 * test-support's {@code Architecture}, which this module, below it, cannot use.)
 */
class CommonArchitectureTest {

  private static JavaClasses classes;

  @BeforeAll
  static void read() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.spotcast");
  }

  @Test
  void noCyclesBetweenPackages() {
    slices().matching("dev.spotcast.(*)..").should().beFreeOfCycles().check(classes);
  }

  @Test
  void theModelDependsOnNoOtherPackage() {
    noClasses()
        .that()
        .resideInAPackage("dev.spotcast.model..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.spotcast.sharding..",
            "dev.spotcast.index..",
            "dev.spotcast.elasticsearch..",
            "dev.spotcast.security..",
            "dev.spotcast.web..",
            "dev.spotcast.synthetic..")
        .check(classes);
  }

  @Test
  void theWeatherFormulasDependOnNothingElseOfSpotcastNorOnSpringOrElasticsearch() {
    noClasses()
        .that()
        .resideInAPackage("dev.spotcast.weather..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.spotcast.model..",
            "dev.spotcast.sharding..",
            "dev.spotcast.index..",
            "dev.spotcast.elasticsearch..",
            "dev.spotcast.security..",
            "dev.spotcast.web..",
            "dev.spotcast.synthetic..",
            "org.springframework..",
            "co.elastic..",
            "org.elasticsearch..",
            "com.fasterxml.jackson..")
        .check(classes);
  }

  @Test
  void independentOfWhatIsBuiltOnIt() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.spotcast.query..",
            "dev.spotcast.ingest..",
            "dev.spotcast.ingestor..",
            "dev.spotcast.infra..",
            "dev.spotcast.bench..",
            "dev.spotcast.testsupport..")
        .check(classes);
  }
}
