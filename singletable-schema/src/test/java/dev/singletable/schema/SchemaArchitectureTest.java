package dev.singletable.schema;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import dev.singletable.gates.ModuleGates;

import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Build gates on the schema module: the {@link ModuleGates} every module takes (no cycles between its internal packages,
 * the core reached through its public API and the internal package it exports to this module alone, no internal type in
 * a public signature, its public internal types listed in architecture/public-internal-types.properties, a list that only
 * shrinks; no Utils, Helper or Manager names); and its own: the document model (the format as Java types) stays free of
 * the loader and of Jackson, so that imports, exports and design tools build and read it without either, and the section
 * builders have no cycles.
 */
@AnalyzeClasses(packages = "dev.singletable.schema", importOptions = ImportOption.DoNotIncludeTests.class)
class SchemaArchitectureTest {
    @ArchTest
    static final ArchRule documentModel_dependsOnNeitherTheLoaderNorJackson = noClasses().that()
            .haveSimpleNameEndingWith("Definition").or().haveSimpleNameStartingWith("SchemaDocument")
            .or().haveNameMatching(".*Definition\\$.*").or().haveSimpleName("Definitions")
            .should().dependOnClassesThat().resideInAnyPackage("dev.singletable.schema.internal..", "com.fasterxml..", "com.networknt..")
            .because("the document model is the format's data, built by the loader, imports and code alike");

    @ArchTest
    static final ArchRule documentModel_isRecordsAndEnums = classes().that().haveSimpleNameEndingWith("Definition")
            .and().areTopLevelClasses().and().areNotInterfaces()
            .should().beAssignableTo(Record.class)
            .because("immutable values: records with defensive copies");

    @ArchTest
    static final ArchTests GATES = ArchTests.in(ModuleGates.class);

    /** The entries of architecture/public-internal-types.properties: lowered with each taken off, never raised (issue 27). */
    @ArchTest
    static void publicInternalTypes_whenTheListGrows_failsNamingThePin(JavaClasses classes) {
        ModuleGates.checkPublicInternalTypesPinned(2);
    }

    /** The builders of the schema document's sections, coordinated by {@code DesignBuilder}. */
    private static final Set<String> DESIGN_SECTIONS = Set.of("DesignBuilder", "DesignProblems", "DesignSection", "TableBuilder",
            "AttributeTypeBuilder", "EntityBuilder", "EntityKeyChecks", "EmptySets", "ConditionBuilder", "FileValues",
            "CollectionBuilder", "AccessPatternChecks", "ExampleBuilder", "RelationBuilder", "StatesBuilder");

    /** A slice per section builder; {@code DesignBuilder.Problem} goes with the problems list that every builder adds to. */
    private static final SliceAssignment BY_SECTION_BUILDER = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String internal = "dev.singletable.schema.internal";
            if (!javaClass.getPackageName().equals(internal)) {
                return SliceIdentifier.ignore();
            }
            if (javaClass.getName().equals(internal + ".DesignBuilder$Problem")) {
                return SliceIdentifier.of("DesignProblems");
            }
            String topLevel = javaClass.getName().substring(internal.length() + 1).split("\\$")[0];
            return DESIGN_SECTIONS.contains(topLevel) ? SliceIdentifier.of(topLevel) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the schema document's section builders";
        }
    };

    @ArchTest
    static final ArchRule designSectionBuilders_haveNoCycles = slices().assignedFrom(BY_SECTION_BUILDER).should().beFreeOfCycles()
            .because("DesignBuilder coordinates the sections' builders and each section calls only the ones below it "
                    + "(entities use types, conditions and key checks; patterns and examples use values), so a section reads alone");
}
