package dev.spotcast.ingestor.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.spotcast.testsupport.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ingestor's packages: the command line on top of a run's lifecycle ({@code lifecycle}: begin,
 * load, publish, retire, archive), which reads sources and sends bulk requests ({@code bulk}); a
 * source knows nothing of how its documents are sent (bulk sending implements the source's sink),
 * and neither knows what drives them. The feed (fetching a publisher's run into files) stands
 * apart: it writes files the loader reads later, so it knows nothing of the loader, bulk sending or
 * the sources.
 */
class IngestorArchitectureTest {

  private static final String ROOT = "dev.spotcast.ingestor";

  private static JavaClasses classes;

  @BeforeAll
  static void read() {
    classes = Architecture.productClasses(ROOT);
  }

  @Test
  void noCyclesBetweenPackages() {
    Architecture.noCyclesBetweenPackages(ROOT).check(classes);
  }

  @Test
  void onlyTheCommandLineUsesTheCommandLine() {
    noClasses()
        .that()
        .resideOutsideOfPackage(ROOT + ".cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT + ".cli..")
        .check(classes);
  }

  @Test
  void sourcesKnowNothingOfBulkSending() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".source..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT + ".bulk..")
        .check(classes);
  }

  @Test
  void sourcesAndBulkSendingKnowNothingOfWhatDrivesThem() {
    noClasses()
        .that()
        .resideInAnyPackage(ROOT + ".source..", ROOT + ".bulk..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(ROOT + ".lifecycle..", ROOT + ".cli..")
        .check(classes);
  }

  @Test
  void theFeedKnowsNothingOfLoadingOrBulkSending() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".feed..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(ROOT + ".lifecycle..", ROOT + ".bulk..", ROOT + ".source..")
        .check(classes);
  }

  @Test
  void independentOfBenchmarksAndTests() {
    Architecture.productsIndependentOfBenchmarksAndTests().check(classes);
  }
}
