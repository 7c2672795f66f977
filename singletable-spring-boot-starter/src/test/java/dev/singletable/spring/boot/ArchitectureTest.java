package dev.singletable.spring.boot;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.junit.LocationProvider;
import com.tngtech.archunit.lang.ArchRule;
import dev.singletable.gates.ModuleGates;

import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * Build gates on the starter: the {@link ModuleGates} every module takes (the core reached through its public API
 * alone, no internal type in a public signature, no Utils, Helper or Manager names), and its own: every public type says
 * its API status. The starter is a user of the core's public API. (The reverse, no Spring type in the core, needs no
 * rule: the core's pom has no Spring dependency, so its compiler cannot see one.)
 */
@AnalyzeClasses(locations = ArchitectureTest.Starter.class, importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchTests GATES = ArchTests.in(ModuleGates.class);

    @ArchTest
    static final ArchRule publicTypes_sayTheirApiStatus = classes().that().arePublic().and().areTopLevelClasses()
            .should().beAnnotatedWith(dev.singletable.Stable.class)
            .orShould().beAnnotatedWith(dev.singletable.Experimental.class)
            .orShould().beAnnotatedWith(dev.singletable.Internal.class)
            .because("the release's API check reads the status of every public type (README, \"Releases\")");

    /** This module's classes only. */
    static final class Starter implements LocationProvider {
        @Override
        public Set<Location> get(Class<?> testClass) {
            return Set.of(Location.of(SingleTables.class.getProtectionDomain().getCodeSource().getLocation()));
        }
    }
}
