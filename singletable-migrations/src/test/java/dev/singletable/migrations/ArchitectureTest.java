package dev.singletable.migrations;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import dev.singletable.gates.ModuleGates;

/**
 * Build gates on singletable-migrations: the {@link ModuleGates} every module takes (no package cycles, the core and other
 * modules reached through their public API alone, no internal type in a public signature, its public internal types listed in architecture/public-internal-types.properties, a list that only shrinks; no Utils, Helper or
 * Manager names).
 */
@AnalyzeClasses(packages = "dev.singletable.migrations", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchTests GATES = ArchTests.in(ModuleGates.class);

    /** The entries of architecture/public-internal-types.properties: lowered with each taken off, never raised (issue 27). */
    @ArchTest
    static void publicInternalTypes_whenTheListGrows_failsNamingThePin(JavaClasses classes) {
        ModuleGates.checkPublicInternalTypesPinned(6);
    }
}
