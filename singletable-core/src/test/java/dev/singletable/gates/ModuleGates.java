package dev.singletable.gates;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The build gates every module of singletable without gates of its own takes whole, through the core's test jar: a
 * module's {@code ArchitectureTest} is {@code @AnalyzeClasses(packages = "dev.singletable.<module>")} with one field,
 * {@code @ArchTest static final ArchTests GATES = ArchTests.in(ModuleGates.class)}. The rules read a module's
 * packages from its classes: a package's module is the part of its name before {@code .internal}, so a module's
 * public types sit in one package.
 *
 * <p>A module's public types in {@code internal} are listed, each with why it is public, in its test resource
 * {@value #PUBLIC_INTERNAL_TYPES} (class name = reason); the list may only shrink: a new public internal type fails,
 * and so does an entry whose type is no longer public, and the module's ArchitectureTest pins its size
 * ({@link #checkPublicInternalTypesPinned}).
 *
 * <p>An internal package of another module that this one may read, because that module's {@code module-info} exports it
 * to this one by name (the core's {@code internal.kinds} to schema, processor and design), is listed with why in the test
 * resource {@value #READ_INTERNAL_PACKAGES} (package name = reason).
 */
public final class ModuleGates {
    /** The test resource of a module that lists its public internal types. */
    public static final String PUBLIC_INTERNAL_TYPES = "architecture/public-internal-types.properties";

    /** The test resource of a module that lists the internal packages of other modules exported to it by name. */
    public static final String READ_INTERNAL_PACKAGES = "architecture/read-internal-packages.properties";

    private ModuleGates() {
    }

    @ArchTest
    static final ArchRule internalPackages_dependOnEachOther_withoutCycles = slices().matching("dev.singletable.*.internal.(**)")
            .should().beFreeOfCycles()
            // a module with no internal package has no slice: the rule holds the line for the first one added
            .allowEmptyShould(true)
            .because("internal's packages depend on each other one way; the public package calls internal and internal "
                    + "implements or throws the public types, the two-way use the house style allows");

    @ArchTest
    static final ArchRule otherModules_areReachedThroughTheirPublicApiAlone = classes().should(new ArchCondition<>(
            "use no internal type of the core or of another singletable module") {
        @Override
        public void check(JavaClass javaClass, ConditionEvents events) {
            String own = module(javaClass.getPackageName());
            Properties exportedToThisModule = listed(READ_INTERNAL_PACKAGES);
            javaClass.getDirectDependenciesFromSelf().stream()
                    .filter(dependency -> isAnyInternal(dependency.getTargetClass()))
                    .filter(dependency -> !module(dependency.getTargetClass().getPackageName()).equals(own))
                    .filter(dependency -> !exportedToThisModule.containsKey(dependency.getTargetClass().getPackageName()))
                    .forEach(dependency -> events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription())));
        }
    }).because("a module-info exports no internal package of the core or another module to this one, but those listed in "
            + READ_INTERNAL_PACKAGES + ": only their public API is readable here");

    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = classes().that(DescribedPredicate.describe(
                    "are in a public package", (JavaClass c) -> !isAnyInternal(c)))
            .should(mentionNoInternalTypeInPublicSignatures());

    @ArchTest
    static final ArchRule internalPackages_haveNoNewPublicTypes = classes().that(DescribedPredicate.describe(
                    "are public types of an internal package", ModuleGates::isPublicInternalType))
            .should(new ArchCondition<>("be listed with a reason in " + PUBLIC_INTERNAL_TYPES) {
                @Override
                public void check(JavaClass javaClass, ConditionEvents events) {
                    boolean listed = publicInternalTypes().containsKey(javaClass.getName());
                    events.add(new SimpleConditionEvent(javaClass, listed, javaClass.getName() + (listed ? " is listed"
                            : " is a new public type in internal: make it package-private, or list it with its reason")));
                }
            })
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule classNames_sayWhatTheClassHolds = noClasses()
            .should().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Manager");

    @ArchTest
    static void publicInternalTypes_whenOneIsNoLongerPublic_isTakenOffTheList(JavaClasses classes) {
        Set<String> publicNow = classes.stream().filter(ModuleGates::isPublicInternalType).map(JavaClass::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> stale = new TreeSet<>(publicInternalTypes().stringPropertyNames());
        stale.removeAll(publicNow);

        assertThat(stale).as("types in " + PUBLIC_INTERNAL_TYPES + " that are no longer public: take them off the list").isEmpty();
    }

    /**
     * Fails unless {@code list}, a list of a module's ArchitectureTest that only shrinks, has {@code pinned} entries: the
     * pin is lowered with each entry taken off and never raised (issue 27), so an entry added fails here, saying what to
     * do instead.
     */
    public static void checkPinned(String list, int entries, int pinned) {
        assertThat(entries).as("%s has %d entries and is pinned to %d. It only shrinks: a type another package needs is "
                + "reached through its package's listed entry point, or made public API, rather than added; when an entry is "
                + "taken off, lower the pin with it", list, entries, pinned).isEqualTo(pinned);
    }

    /** {@link #checkPinned} for the module's {@value #PUBLIC_INTERNAL_TYPES}, called by its ArchitectureTest with its pin. */
    public static void checkPublicInternalTypesPinned(int pinned) {
        checkPinned(PUBLIC_INTERNAL_TYPES, publicInternalTypes().size(), pinned);
    }

    /** A package's module: its name before {@code .internal}; a public package is its module's (one per module). */
    private static String module(String packageName) {
        int internal = packageName.indexOf(".internal");
        return internal < 0 ? packageName : packageName.substring(0, internal);
    }

    private static boolean isPublicInternalType(JavaClass javaClass) {
        return isAnyInternal(javaClass) && isVisibleOutsideItsPackage(javaClass);
    }

    private static boolean isVisibleOutsideItsPackage(JavaClass javaClass) {
        if (!javaClass.getModifiers().contains(JavaModifier.PUBLIC) || javaClass.isAnonymousClass() || javaClass.isLocalClass()) {
            return false;
        }
        return javaClass.getEnclosingClass().map(ModuleGates::isVisibleOutsideItsPackage).orElse(true);
    }

    private static Properties publicInternalTypes() {
        return listed(PUBLIC_INTERNAL_TYPES);
    }

    /** One of the module's lists, from its test resources; empty when it has none. */
    private static Properties listed(String resource) {
        Properties listed = new Properties();
        try (InputStream in = ModuleGates.class.getClassLoader().getResourceAsStream(resource)) {
            if (in != null) {
                listed.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return listed;
    }

    private static ArchCondition<JavaClass> mentionNoInternalTypeInPublicSignatures() {
        return new ArchCondition<>("mention no internal type in a public or protected signature") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                Stream.<JavaClass>concat(javaClass.getRawSuperclass().stream(), javaClass.getRawInterfaces().stream())
                        .filter(ModuleGates::isAnyInternal)
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

    private static boolean isAnyInternal(JavaClass type) {
        String name = type.getPackageName();
        return name.startsWith("dev.singletable.") && (name.contains(".internal.") || name.endsWith(".internal"));
    }

    private static boolean visible(JavaMember member) {
        return member.getModifiers().contains(JavaModifier.PUBLIC) || member.getModifiers().contains(JavaModifier.PROTECTED);
    }

    private static void checkType(JavaMember member, JavaClass type, ConditionEvents events) {
        if (isAnyInternal(type)) {
            events.add(SimpleConditionEvent.violated(member, member.getFullName() + " mentions " + type.getName()));
        }
    }
}
