package dev.singletable.wire;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Build gates on singletable-wire's structure, as the core's: packages without cycles, public signatures free of
 * internal types, no new public types in {@code internal}, and the core reached only through its public API and the
 * page decoder seam ({@code dev.singletable.internal.page}) it exports to this module.
 */
@AnalyzeClasses(packages = "dev.singletable.wire", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String PUBLIC_PACKAGE = "dev.singletable.wire";
    private static final String INTERNAL = "dev.singletable.wire.internal";

    /** Today's public types in {@code internal} and why each is public; the list may only shrink. */
    private static final Map<String, String> PUBLIC_INTERNAL_TYPES = Map.of(
            INTERNAL + ".client.DirectDynamoDbClient", "the wire client's DynamoDbClient, made by WireClient.Builder",
            INTERNAL + ".codec.WireInterceptor", "the codec's interceptor and the core's PageDecoder, made by WireCodec");

    private static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            return name.startsWith(PUBLIC_PACKAGE) ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the public package and each internal package";
        }
    };

    @ArchTest
    static final ArchRule packages_dependOnEachOther_withoutCycles = slices().assignedFrom(PACKAGES).should().beFreeOfCycles();

    @ArchTest
    static final ArchRule internalPackages_dependNotOnEachOther = noClasses().that().resideInAPackage(INTERNAL + ".client..")
            .should().dependOnClassesThat().resideInAPackage(INTERNAL + ".codec..")
            .because("the wire client and the wire codec are two independent fast paths");

    @ArchTest
    static final ArchRule core_isReachedThroughItsApiAndThePageSeamAlone = noClasses().should().dependOnClassesThat(
                    DescribedPredicate.describe("are core internals other than internal.page", (JavaClass c) ->
                            c.getPackageName().startsWith("dev.singletable.internal") && !c.getPackageName().equals("dev.singletable.internal.page")))
            .because("the core exports dev.singletable.internal.page to this module alone: any other internal is not readable here");

    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = methods().that().areDeclaredInClassesThat().resideInAPackage(PUBLIC_PACKAGE)
            .and().arePublic()
            .should(new ArchCondition<>("mention no internal type in their signature") {
                @Override
                public void check(com.tngtech.archunit.core.domain.JavaMethod method, ConditionEvents events) {
                    Set<JavaClass> mentioned = new TreeSet<>((a, b) -> a.getName().compareTo(b.getName()));
                    mentioned.add(method.getRawReturnType());
                    mentioned.addAll(method.getRawParameterTypes());
                    for (JavaClass type : mentioned) {
                        if (type.getPackageName().contains(".internal")) {
                            events.add(SimpleConditionEvent.violated(method, method.getFullName() + " mentions " + type.getName()));
                        }
                    }
                }
            });

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
    static final ArchRule classNames_sayWhatTheClassHolds = noClasses()
            .should().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Manager");

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

    /** The entries of PUBLIC_INTERNAL_TYPES: lowered with each taken off, never raised (issue 27). */
    @ArchTest
    static void publicInternalTypes_whenTheListGrows_failsNamingThePin(JavaClasses classes) {
        assertThat(PUBLIC_INTERNAL_TYPES.size()).as("ArchitectureTest.PUBLIC_INTERNAL_TYPES has %d entries and is pinned to 2. It only "
                + "shrinks: a type another package needs is reached through its package's listed entry point, or made public API, "
                + "rather than added; when an entry is taken off, lower the pin with it", PUBLIC_INTERNAL_TYPES.size()).isEqualTo(2);
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
