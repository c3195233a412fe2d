package dev.spotcast.ingest.architecture;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import co.elastic.clients.elasticsearch.indices.ElasticsearchIndicesClient;
import com.tngtech.archunit.core.domain.JavaClasses;
import dev.spotcast.testsupport.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ingestion service's packages: the ways in (api, schedule, announce) hand jobs to the work,
 * never the other way; no cycles between packages; nothing of the benchmarks or tests. Jobs publish
 * their runs through the ingestor's run lifecycle, never by moving an alias themselves.
 */
class IngestServiceArchitectureTest {

  private static final String ROOT = "dev.spotcast.ingest";

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
  void theWorkKnowsNothingOfTheWaysIn() {
    noClasses()
        .that()
        .resideInAnyPackage(ROOT + ".work..", ROOT + ".job..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(ROOT + ".api..", ROOT + ".schedule..")
        .check(classes);
  }

  @Test
  void runsArePublishedThroughTheIngestorsLifecycle() {
    noClasses()
        .should()
        .callMethodWhere(
            target(owner(assignableTo(ElasticsearchIndicesClient.class)))
                .and(target(nameMatching("updateAliases|putAlias|deleteAlias"))))
        .because(
            "dev.spotcast.ingestor.lifecycle moves a model's alias, the same for the CLI and the"
                + " service")
        .check(classes);
  }

  @Test
  void independentOfBenchmarksAndTests() {
    Architecture.productsIndependentOfBenchmarksAndTests().check(classes);
  }
}
