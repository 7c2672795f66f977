package dev.singletable.schema;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The document model (the format as Java types) stays free of the loader and of Jackson, so that
 * imports, exports and design tools build and read it without either; no public signature mentions an
 * internal type; the section builders have no cycles; and names say what they hold.
 */
@AnalyzeClasses(packages = "dev.singletable.schema", importOptions = ImportOption.DoNotIncludeTests.class)
class SchemaArchitectureTest {
    private static final String INTERNAL = "dev.singletable.schema.internal";

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
    static final ArchRule classNames_sayWhatTheClassHolds = noClasses()
            .should().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Manager");

    // The public package calls internal directly (SchemaFile, SchemaFileWriter, SchemaFileImport and SchemaFileExport call
    // internal.SchemaFiles) and internal builds the public types, as in the core: what keeps them apart is that no public
    // signature mentions an internal type.
    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = classes().that().resideOutsideOfPackage(INTERNAL + "..")
            .and(areVisibleOutsideTheirPackage())
            .should(mentionNoInternalTypeInTheirSignatures())
            .because("internal may change in any release: public classes may call it, but no public or protected "
                    + "signature may hand an internal type to an application");

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

    private static ArchCondition<JavaClass> mentionNoInternalTypeInTheirSignatures() {
        return new ArchCondition<>("mention no internal type in their public or protected signatures") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                List<String> mentions = new ArrayList<>();
                javaClass.getSuperclass().ifPresent(type -> mentioned(type, "superclass", mentions));
                javaClass.getInterfaces().forEach(type -> mentioned(type, "interface", mentions));
                for (JavaField field : javaClass.getFields()) {
                    if (visible(field.getModifiers())) {
                        mentioned(field.getType(), "field " + field.getName(), mentions);
                    }
                }
                for (JavaCodeUnit unit : javaClass.getCodeUnits()) {
                    if (visible(unit.getModifiers())) {
                        mentioned(unit.getReturnType(), unit.getName() + "'s return type", mentions);
                        unit.getParameterTypes().forEach(type -> mentioned(type, unit.getName() + "'s parameter", mentions));
                    }
                }
                events.add(new SimpleConditionEvent(javaClass, mentions.isEmpty(), javaClass.getName()
                        + (mentions.isEmpty() ? " mentions no internal type" : " mentions internal types: " + mentions)));
            }
        };
    }

    private static boolean visible(Set<JavaModifier> modifiers) {
        return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
    }

    private static void mentioned(JavaType type, String where, List<String> mentions) {
        for (JavaClass involved : type.getAllInvolvedRawTypes()) {
            if (involved.getPackageName().startsWith(INTERNAL)) {
                mentions.add(where + " " + involved.getName());
            }
        }
    }

    /** Public, and nested only in public types: visible to code outside the package. */
    private static DescribedPredicate<JavaClass> areVisibleOutsideTheirPackage() {
        return DescribedPredicate.describe("are visible outside their package", SchemaArchitectureTest::isVisibleOutsideItsPackage);
    }

    private static boolean isVisibleOutsideItsPackage(JavaClass javaClass) {
        if (!javaClass.getModifiers().contains(JavaModifier.PUBLIC) || javaClass.isAnonymousClass() || javaClass.isLocalClass()) {
            return false;
        }
        return javaClass.getEnclosingClass().map(SchemaArchitectureTest::isVisibleOutsideItsPackage).orElse(true);
    }
}
