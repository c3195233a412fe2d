package dev.spotcast.testsupport;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package rules every Spotcast module keeps, for its architecture test: the main classes of a
 * module (tests left out) read from its build output.
 */
public final class Architecture {

  private Architecture() {}

  /** The main classes of the packages under {@code rootPackage}. */
  public static JavaClasses productClasses(String rootPackage) {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages(rootPackage);
  }

  /** No two packages directly under {@code rootPackage} depend on each other, through any path. */
  public static ArchRule noCyclesBetweenPackages(String rootPackage) {
    return slices().matching(rootPackage + ".(*)..").should().beFreeOfCycles();
  }

  /** A product never depends on benchmark code or on the test support. */
  public static ArchRule productsIndependentOfBenchmarksAndTests() {
    return noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.spotcast.bench..", "dev.spotcast.testsupport..")
        .because("benchmarks and test support are built on the products, never the other way");
  }
}
