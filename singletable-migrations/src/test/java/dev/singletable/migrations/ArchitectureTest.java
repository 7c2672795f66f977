package dev.singletable.migrations;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
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

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Build gates on singletable-migrations, as on the core and the other modules: packages without cycles, the core (and any other
 * singletable module) reached through its public API alone, public signatures free of internal types, no new public types in {@code internal} (the list below only shrinks), and
 * no Utils, Helper or Manager names.
 */
@AnalyzeClasses(packages = "dev.singletable.migrations", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String PUBLIC_PACKAGE = "dev.singletable.migrations";
    private static final String INTERNAL = "dev.singletable.migrations.internal";

    /** Today's public types in {@code internal} and why each is public; the list may only shrink. */
    private static final Map<String, String> PUBLIC_INTERNAL_TYPES = Map.ofEntries(
            Map.entry(INTERNAL + ".MigrationLock",
                    "the lock item MigrationRunner takes and releases around a run"),
            Map.entry(INTERNAL + ".MigrationState",
                    "the state item of applied migrations that MigrationRunner reads and writes"),
            Map.entry(INTERNAL + ".MigrationState$Applied",
                    "member of MigrationState: one applied migration, listed by MigrationRunner"),
            Map.entry(INTERNAL + ".MigrationState$InProgress",
                    "member of MigrationState: the migration a run left unfinished, read by MigrationRunner"),
            Map.entry(INTERNAL + ".ScanningContext",
                    "the MigrationContext MigrationRunner hands each step: the table scanned page by page"),
            Map.entry(INTERNAL + ".StateItems",
                    "the keys and items of the lock and state items, built for MigrationRunner"));


    // the slices are internal's packages: the public package calls internal and internal implements or throws the public
    // types, the two-way use the house style allows between a public package and its implementation
    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.migrations.(**)")
            .should().beFreeOfCycles();

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
    static final ArchRule internalPackages_haveNoNewPublicTypes = classes().that().resideInAPackage(INTERNAL + "..")
            .and(areVisibleOutsideTheirPackage())
            .should(new ArchCondition<>("be package-private, or listed with a reason in ArchitectureTest.PUBLIC_INTERNAL_TYPES") {
                @Override
                public void check(JavaClass javaClass, ConditionEvents events) {
                    boolean listed = PUBLIC_INTERNAL_TYPES.containsKey(javaClass.getName());
                    events.add(new SimpleConditionEvent(javaClass, listed, javaClass.getName() + (listed ? " is listed"
                            : " is a new public type in internal: make it package-private, or list it with its reason")));
                }
            });

    @ArchTest
    static void publicInternalTypes_whenOneIsNoLongerPublic_isTakenOffTheList(JavaClasses classes) {
        Set<String> publicNow = classes.stream()
                .filter(c -> c.getPackageName().startsWith(INTERNAL) && areVisibleOutsideTheirPackage().test(c))
                .map(JavaClass::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> stale = new TreeSet<>(PUBLIC_INTERNAL_TYPES.keySet());
        stale.removeAll(publicNow);

        assertThat(stale).as("types on PUBLIC_INTERNAL_TYPES that are no longer public: take them off the list").isEmpty();
    }

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
