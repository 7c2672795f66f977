package dev.singletable.spring.boot;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The starter depends on the core, never the reverse: no Spring or Micrometer type in singletable-core. */
@AnalyzeClasses(packages = "dev.singletable", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule core_dependsOnNoSpringType = noClasses().that().resideInAPackage("dev.singletable")
            .or().resideInAPackage("dev.singletable.internal..")
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "io.micrometer..")
            .because("the core must run without Spring: the starter depends on it, never the reverse");

    @ArchTest
    static final ArchRule starter_usesNoInternalTypeOfTheCore = noClasses().that().resideInAPackage("dev.singletable.spring..")
            .should().dependOnClassesThat().resideInAPackage("dev.singletable.internal..")
            .because("the starter is a user of the core's public API");
}
