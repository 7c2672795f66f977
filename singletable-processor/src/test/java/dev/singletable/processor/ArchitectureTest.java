package dev.singletable.processor;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Build gates on the processor: its packages without cycles, and its layers. Readers turn elements into models and
 * report at elements; writers render models into sources and files. A reader never depends on a writer, a writer never
 * on a reader, the models on neither, and only the processor itself ties them together.
 */
@AnalyzeClasses(packages = "dev.singletable.processor", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.processor.(*)..")
            .should().beFreeOfCycles().allowEmptyShould(true); // one package today; the gate holds for any sub-package added

    @ArchTest
    static final ArchRule readers_neverDependOnWriters = noClasses().that().haveSimpleNameEndingWith("Reader")
            .should().dependOnClassesThat().haveSimpleNameEndingWith("Writer")
            .because("a reader turns elements into models; what the models become is the writers' concern");

    @ArchTest
    static final ArchRule writers_neverDependOnReaders = noClasses().that().haveSimpleNameEndingWith("Writer")
            .should().dependOnClassesThat().haveSimpleNameEndingWith("Reader")
            .because("a writer renders a model without looking at elements again");

    @ArchTest
    static final ArchRule models_dependOnNoReaderOrWriter = noClasses().that().haveSimpleNameEndingWith("Model")
            .should().dependOnClassesThat().haveSimpleNameEndingWith("Reader")
            .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Writer")
            .because("the models are values that readers make and writers render");

    @ArchTest
    static final ArchRule onlyTheProcessor_usesTheProcessor = noClasses().that().doNotHaveSimpleName("SingleTableProcessor")
            .should().dependOnClassesThat().haveSimpleName("SingleTableProcessor")
            .because("the processor runs the readers and the writers; none of them calls back into it");
}
