package dev.singletable.design;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMember;
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
 * Build gates on the design module: its packages without cycles, nothing of the CLI (commands depend on design, never
 * the reverse), and a public package whose signatures mention no internal type.
 */
@AnalyzeClasses(packages = "dev.singletable.design", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String PUBLIC_PACKAGE = "dev.singletable.design";
    private static final String INTERNAL = "dev.singletable.design.internal";

    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.design.(**)")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule publicPackage_dependsOnNoInternalPackage = noClasses().that().resideInAPackage(PUBLIC_PACKAGE)
            .should().dependOnClassesThat().resideInAPackage(INTERNAL + "..")
            .because("the public API is interfaces and value types; internal implements them (found by ServiceLoader)");

    @ArchTest
    static final ArchRule design_neverDependsOnTheCli = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.singletable.cli..", "picocli..", "dev.singletable.local..")
            .because("the CLI's commands use the design tools, never the reverse, and the design tools start no engine");

    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = classes().that().resideInAPackage(PUBLIC_PACKAGE)
            .should(mentionNoInternalTypeInPublicSignatures());

    private static ArchCondition<JavaClass> mentionNoInternalTypeInPublicSignatures() {
        return new ArchCondition<>("mention no internal type in a public or protected signature") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                Stream.<JavaClass>concat(javaClass.getRawSuperclass().stream(), javaClass.getRawInterfaces().stream())
                        .filter(type -> type.getPackageName().startsWith(INTERNAL))
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

    private static boolean visible(JavaMember member) {
        return member.getModifiers().contains(JavaModifier.PUBLIC) || member.getModifiers().contains(JavaModifier.PROTECTED);
    }

    private static void checkType(JavaMember member, JavaClass type, ConditionEvents events) {
        if (type.getPackageName().startsWith(INTERNAL)) {
            events.add(SimpleConditionEvent.violated(member, member.getFullName() + " mentions " + type.getName()));
        }
    }
}
