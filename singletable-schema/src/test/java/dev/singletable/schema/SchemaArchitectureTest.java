package dev.singletable.schema;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The document model (the format as Java types) stays free of the loader and of Jackson, so that
 * imports, exports and design tools build and read it without either; and names say what they hold.
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
    static final ArchRule classNames_sayWhatTheClassHolds = noClasses()
            .should().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Manager");

    @ArchTest
    static final ArchRule internal_isUsedOnlyByTheFacades = classes().that().resideInAPackage("dev.singletable.schema.internal..")
            .should().onlyBeAccessed().byClassesThat(JavaClass.Predicates.resideInAPackage("dev.singletable.schema.internal..")
                    .or(JavaClass.Predicates.simpleNameStartingWith("SchemaFile")))
            .because("SchemaFile and SchemaFileWriter are the entry points; the loader's parts may change in any release");
}
