package dev.singletable.cli;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.singletable.gates.ModuleGates;

import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Build gates on the CLI: the {@link ModuleGates} every module takes (no reach into the core's, the schema's or the wire
 * client's internals, the design module's internal packages read only as listed in
 * architecture/read-internal-packages.properties, no internal type in a public signature, no Utils, Helper or Manager
 * names); and its own: its packages without cycles (the start-up in {@code dev.singletable.cli}, the commands by purpose
 * in {@code data}, {@code design}, {@code export}, ..., what they share in {@code output}, {@code engine} and
 * {@code options}, which reach no command), and the design module's internals reached only by the types listed here, a
 * list that only shrinks as the design module's public API grows (the CLI runs on the class path, so nothing but this
 * test keeps it out).
 */
@AnalyzeClasses(packages = "dev.singletable.cli", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    /** The design module's internal types the CLI uses today: remove a line when its use goes, never add one. */
    private static final Set<String> DESIGN_INTERNALS_USED = Set.of(
            "dev.singletable.design.internal.cost.CostModel",
            "dev.singletable.design.internal.cost.PriceTable",
            "dev.singletable.design.internal.cost.Scaling",
            "dev.singletable.design.internal.export.CloudFormationTemplate",
            "dev.singletable.design.internal.export.DeployableTable",
            "dev.singletable.design.internal.export.TerraformResource",
            "dev.singletable.design.internal.lint.Finding",
            "dev.singletable.design.internal.lint.LintFindings",
            "dev.singletable.design.internal.lint.LintReport",
            "dev.singletable.design.internal.lint.Severity",
            "dev.singletable.design.internal.tables.CostDocument",
            "dev.singletable.design.internal.tables.DesignDocuments",
            "dev.singletable.design.internal.tables.DesignTables",
            "dev.singletable.design.internal.tables.DesignView",
            "dev.singletable.design.internal.tables.PatternRunException",
            "dev.singletable.design.internal.tables.RelationTables",
            "dev.singletable.design.internal.tables.SampleDataException",
            "dev.singletable.design.internal.tables.SampleItems",
            "dev.singletable.design.internal.text.Counted",
            "dev.singletable.design.internal.text.JsonValues",
            "dev.singletable.design.internal.text.RequestText");

    @ArchTest
    static final ArchTests GATES = ArchTests.in(ModuleGates.class);

    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.cli.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule sharedPackages_reachNoCommandAndNoStartUp = noClasses()
            .that().resideInAnyPackage("dev.singletable.cli.output..", "dev.singletable.cli.engine..", "dev.singletable.cli.options..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.singletable.cli", "dev.singletable.cli.data..",
                    "dev.singletable.cli.demo..", "dev.singletable.cli.design..", "dev.singletable.cli.export..",
                    "dev.singletable.cli.generate..", "dev.singletable.cli.imports..", "dev.singletable.cli.lint..",
                    "dev.singletable.cli.mcp..", "dev.singletable.cli.relations..")
            .because("output, engine and options are what the commands share; the commands and the start-up "
                    + "(Main, SingletableCommand) build on them, never the reverse");

    @ArchTest
    static void commands_reachOnlyTheListedDesignInternals(JavaClasses cli) {
        Set<String> reached = new TreeSet<>();
        for (JavaClass type : cli) {
            for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                String target = dependency.getTargetClass().getBaseComponentType().getName().replaceAll("\\$.*", "");
                if (target.startsWith("dev.singletable.design.internal.")) {
                    reached.add(target);
                }
            }
        }

        assertThat(reached)
                .as("the design module's internal types the CLI uses: a new one belongs in the design module's public API"
                        + " (dev.singletable.design); one no longer used comes off DESIGN_INTERNALS_USED")
                .containsExactlyInAnyOrderElementsOf(DESIGN_INTERNALS_USED);
    }

    /** The entries of DESIGN_INTERNALS_USED: lowered with each taken off, never raised (issue 27). */
    @ArchTest
    static void designInternalsUsed_whenTheListGrows_failsNamingThePin(JavaClasses cli) {
        ModuleGates.checkPinned("ArchitectureTest.DESIGN_INTERNALS_USED", DESIGN_INTERNALS_USED.size(), 21);
    }
}
