package dev.singletable.lambda;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Build gates on singletable-lambda, as on the core and the other modules: packages without cycles, the core (and any other
 * singletable module) reached through its public API alone, public signatures free of internal types, and
 * no Utils, Helper or Manager names.
 */
@AnalyzeClasses(packages = "dev.singletable.lambda", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String PUBLIC_PACKAGE = "dev.singletable.lambda";
    private static final String INTERNAL = "dev.singletable.lambda.internal";

    // one package today, so no slice to check yet: the rule holds the line for the first package added beside it
    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.lambda.(**)")
            .should().beFreeOfCycles().allowEmptyShould(true);

    @ArchTest
    static final ArchRule otherModules_areReachedThroughTheirPublicApiAlone = noClasses().should().dependOnClassesThat(
                    DescribedPredicate.describe("are internals of the core or of another singletable module", (JavaClass c) ->
                            c.getPackageName().startsWith("dev.singletable.") && c.getPackageName().contains(".internal")
                                    && !c.getPackageName().startsWith(INTERNAL)))
            .because("no module-info exports an internal package of the core or another module to this one: only their public "
                    + "API is readable here");

    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = classes().that().resideInAPackage(PUBLIC_PACKAGE)
            .should(mentionNoInternalTypeInPublicSignatures());

    @ArchTest
    static final ArchRule classNames_sayWhatTheClassHolds = noClasses()
            .should().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Manager");

    private static ArchCondition<JavaClass> mentionNoInternalTypeInPublicSignatures() {
        return new ArchCondition<>("mention no internal type in a public or protected signature") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                Stream.<JavaClass>concat(javaClass.getRawSuperclass().stream(), javaClass.getRawInterfaces().stream())
                        .filter(ArchitectureTest::isInternal)
                        .forEach(type -> events.add(SimpleConditionEvent.violated(javaClass, javaClass.getName() + " extends " + type.getName())));
                for (JavaMethod method : javaClass.getMethods()) {
                    if (visible(method)) {
                        Stream.concat(Stream.of(method.getRawReturnType()), method.getRawParameterTypes().stream())
                                .forEach(type -> checkType(method, type, events));
                    }
                }
                for (JavaConstructor constructor : javaClass.getConstructors()) {
                    if (visible(constructor)) {
                        constructor.getRawParameterTypes().forEach(type -> checkType(constructor, type, events));
                    }
                }
                for (JavaField field : javaClass.getFields()) {
                    if (visible(field)) {
                        checkType(field, field.getRawType(), events);
                    }
                }
            }
        };
    }

    private static boolean isInternal(JavaClass type) {
        return type.getPackageName().startsWith("dev.singletable.") && type.getPackageName().contains(".internal");
    }

    private static boolean visible(JavaMember member) {
        return member.getModifiers().contains(JavaModifier.PUBLIC) || member.getModifiers().contains(JavaModifier.PROTECTED);
    }

    private static void checkType(JavaMember member, JavaClass type, ConditionEvents events) {
        if (isInternal(type)) {
            events.add(SimpleConditionEvent.violated(member, member.getFullName() + " mentions " + type.getName()));
        }
    }
}
