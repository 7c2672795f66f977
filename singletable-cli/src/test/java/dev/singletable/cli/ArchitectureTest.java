package dev.singletable.cli;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Build gates on the CLI: its packages without cycles (the start-up in {@code dev.singletable.cli}, the commands by purpose in
 * {@code data}, {@code design}, {@code export}, ..., what they share in {@code output}, {@code engine} and
 * {@code options}, which reach no command), no reach into the core's, the schema's or the wire client's
 * internals, and the design module's internals reached only by the types listed here, a list that only shrinks as the
 * design module's public API grows (the CLI runs on the class path, so nothing but this test keeps it out).
 */
class ArchitectureTest {
    private static final JavaClasses CLI = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.singletable.cli");

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

    @Test
    void packages_whenImported_dependOnEachOtherWithoutCycles() {
        slices().matching("dev.singletable.cli.(**)").should().beFreeOfCycles().check(CLI);
    }

    @Test
    void sharedPackages_whenImported_reachNoCommandAndNoStartUp() {
        noClasses().that().resideInAnyPackage("dev.singletable.cli.output..", "dev.singletable.cli.engine..", "dev.singletable.cli.options..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.singletable.cli", "dev.singletable.cli.data..",
                        "dev.singletable.cli.demo..", "dev.singletable.cli.design..", "dev.singletable.cli.export..",
                        "dev.singletable.cli.generate..", "dev.singletable.cli.imports..", "dev.singletable.cli.lint..",
                        "dev.singletable.cli.mcp..", "dev.singletable.cli.relations..")
                .because("output, engine and options are what the commands share; the commands and the start-up "
                        + "(Main, SingletableCommand) build on them, never the reverse")
                .check(CLI);
    }

    @Test
    void commands_whenImported_reachNoInternalsOfCoreSchemaOrWire() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("dev.singletable.internal..", "dev.singletable.schema.internal..", "dev.singletable.wire.internal..")
                .because("the CLI is commands over the public API of the core, the schema files and the wire client")
                .check(CLI);
    }

    @Test
    void commands_whenImported_reachOnlyTheListedDesignInternals() {
        Set<String> reached = new TreeSet<>();
        for (JavaClass type : CLI) {
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
}
