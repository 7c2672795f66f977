package dev.singletable.design;

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

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Build gates on the design module: its internal packages without cycles, nothing of the CLI (commands depend on design,
 * never the reverse), and no public signature that mentions an internal type.
 */
@AnalyzeClasses(packages = "dev.singletable.design", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String INTERNAL = "dev.singletable.design.internal";

    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.design.(**)")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule design_neverDependsOnTheCli = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.singletable.cli..", "picocli..", "dev.singletable.local..")
            .because("the CLI's commands use the design tools, never the reverse, and the design tools start no engine");

    // The public package calls internal directly (DesignTools.of makes an internal.DesignFileTools) and internal implements
    // the public interfaces, as in the core: what keeps them apart is that no public signature mentions an internal type.
    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = classes().that().resideOutsideOfPackage(INTERNAL + "..")
            .and(areVisibleOutsideTheirPackage())
            .should(mentionNoInternalTypeInTheirSignatures())
            .because("internal may change in any release: public classes may call it, but no public or protected "
                    + "signature may hand an internal type to an application");

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
        return DescribedPredicate.describe("are visible outside their package", ArchitectureTest::isVisibleOutsideItsPackage);
    }

    private static boolean isVisibleOutsideItsPackage(JavaClass javaClass) {
        if (!javaClass.getModifiers().contains(JavaModifier.PUBLIC) || javaClass.isAnonymousClass() || javaClass.isLocalClass()) {
            return false;
        }
        return javaClass.getEnclosingClass().map(ArchitectureTest::isVisibleOutsideItsPackage).orElse(true);
    }
}
