package dev.spotcast.infra.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local infrastructure's packages: the command line on top, then the fleet, which starts
 * Elasticsearch and Kafka, which run processes; nothing points back up, no cycles, and nothing of
 * the benchmarks or tests. (test-support is built on this module, so the shared rules are written
 * here.)
 */
class InfraArchitectureTest {

  private static final String ROOT = "dev.spotcast.infra";

  private static JavaClasses classes;

  @BeforeAll
  static void read() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages(ROOT);
  }

  @Test
  void noCyclesBetweenPackages() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(classes);
  }

  @Test
  void onlyTheCommandLineUsesTheCommandLine() {
    noClasses()
        .that()
        .resideOutsideOfPackages(ROOT + ".cli..", ROOT)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT + ".cli..")
        .check(classes);
  }

  @Test
  void processesKnowNothingOfWhatRunsInThem() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".process..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT + ".elasticsearch..", ROOT + ".kafka..", ROOT + ".fleet..", ROOT + ".cli..")
        .check(classes);
  }

  @Test
  void independentOfBenchmarksAndTests() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.spotcast.bench..", "dev.spotcast.testsupport..")
        .check(classes);
  }
}
