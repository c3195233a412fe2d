package dev.spotcast.ingestor.architecture;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import co.elastic.clients.elasticsearch.indices.ElasticsearchIndicesClient;
import com.tngtech.archunit.core.domain.JavaClasses;
import dev.spotcast.ingestor.bulk.BulkSender;
import dev.spotcast.ingestor.bulk.LoadPipeline;
import dev.spotcast.ingestor.bulk.ShardBatcher;
import dev.spotcast.ingestor.bulk.SliceProducers;
import dev.spotcast.testsupport.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ingestor's packages: the command line on top of a run's lifecycle ({@code lifecycle}: begin,
 * load, publish, retire, archive), which reads sources and sends bulk requests ({@code bulk}); a
 * source knows nothing of how its documents are sent (bulk sending implements the source's sink),
 * and neither knows what drives them. The feed (fetching a publisher's run into files) stands
 * apart: it writes files the loader reads later, so it knows nothing of the loader, bulk sending or
 * the sources. A model's alias, what readers are served, is moved by the lifecycle alone, after its
 * checks; and the command line loads through the lifecycle, never straight into the pipeline.
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
  void onlyTheLifecycleMovesAliases() {
    noClasses()
        .that()
        .resideOutsideOfPackage(ROOT + ".lifecycle..")
        .should()
        .callMethodWhere(
            target(owner(assignableTo(ElasticsearchIndicesClient.class)))
                .and(target(nameMatching("updateAliases|putAlias|deleteAlias"))))
        .because(
            "a run is published (its model's alias moved) only by the lifecycle, once its count is"
                + " checked")
        .check(classes);
  }

  @Test
  void theCommandLineLoadsThroughTheLifecycle() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".cli..")
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(
            LoadPipeline.class, SliceProducers.class, ShardBatcher.class, BulkSender.class)
        .because("a load the lifecycle does not drive would leave no run record and no checks")
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
