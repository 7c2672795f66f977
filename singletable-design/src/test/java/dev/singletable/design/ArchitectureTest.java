package dev.singletable.design;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.singletable.gates.ModuleGates;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Build gates on the design module: the {@link ModuleGates} every module takes (no cycles between its internal packages,
 * the core and the schema reached through their public API alone, no internal type in a public signature, its public
 * internal types listed in architecture/public-internal-types.properties, a list that only shrinks; no Utils, Helper or
 * Manager names), and nothing of the CLI: commands depend on design, never the reverse.
 */
@AnalyzeClasses(packages = "dev.singletable.design", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchTests GATES = ArchTests.in(ModuleGates.class);

    /** The entries of architecture/public-internal-types.properties: lowered with each taken off, never raised (issue 27). */
    @ArchTest
    static void publicInternalTypes_whenTheListGrows_failsNamingThePin(JavaClasses classes) {
        ModuleGates.checkPublicInternalTypesPinned(39);
    }

    @ArchTest
    static final ArchRule design_neverDependsOnTheCli = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.singletable.cli..", "picocli..", "dev.singletable.local..")
            .because("the CLI's commands use the design tools, never the reverse, and the design tools start no engine");
}
