package dev.singletable.lambda;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import dev.singletable.gates.ModuleGates;

/**
 * Build gates on singletable-lambda: the {@link ModuleGates} every module takes (no package cycles, the core and other
 * modules reached through their public API alone, no internal type in a public signature, no Utils, Helper or
 * Manager names).
 */
@AnalyzeClasses(packages = "dev.singletable.lambda", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchTests GATES = ArchTests.in(ModuleGates.class);
}
