package dev.singletable;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchIgnore;
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
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Build gates on the core's structure (issue 9): packages without cycles, a public package that
 * does not reach into {@code internal}, no new public types in {@code internal}, names that say
 * what a class holds. Rules that the restructure makes hold are marked {@link ArchIgnore} with the
 * violations of the day; remove the mark when they hold.
 */
@AnalyzeClasses(packages = "dev.singletable", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String PUBLIC_PACKAGE = "dev.singletable";
    private static final String INTERNAL = "dev.singletable.internal";

    /**
     * Today's public types in {@code internal} and why each is public. The list may only shrink:
     * a type made package-private leaves it (the last rule here says so), and a new public type
     * fails the build until it is made package-private or added here with its reason.
     */
    private static final Map<String, String> PUBLIC_INTERNAL_TYPES = Map.ofEntries(
            Map.entry(INTERNAL + ".DefaultProvider",
                    "the SingleTableProvider ServiceLoader finds: ServiceLoader needs a public class with a public constructor"),
            Map.entry(INTERNAL + ".admin.TableAdmin",
                    "the admin package's entry point: CreateTable, verification, TTL and deletion for the Table facade"),
            Map.entry(INTERNAL + ".batch.SyncBatches",
                    "the batch package's entry point on the synchronous client"),
            Map.entry(INTERNAL + ".batch.AsyncBatches",
                    "the batch package's entry point on the asynchronous client"),
            Map.entry(INTERNAL + ".codec.StandardTypes",
                    "the stored-shape attribute types DefaultProvider hands to AttributeTypes"),
            Map.entry(INTERNAL + ".keys.EntityTemplates",
                    "an entity's key templates bound once per schema, used by DefaultProvider (binding at build) and codec"),
            Map.entry(INTERNAL + ".keys.EntityTemplates$Pair",
                    "member of EntityTemplates, read by codec"),
            Map.entry(INTERNAL + ".reads.ItemFetcher",
                    "GetItem for the facades and for writes that read stored values first"),
            Map.entry(INTERNAL + ".reads.Reads",
                    "the reads package's entry point: queries, scans and PartiQL for the facades"),
            Map.entry(INTERNAL + ".table.BoundTable",
                    "the bound table every concept package takes"),
            Map.entry(INTERNAL + ".table.CursorCodec",
                    "cursor signing, held by BoundTable and used by reads"),
            Map.entry(INTERNAL + ".table.Futures",
                    "failed-future and composition rules shared by every async path"),
            Map.entry(INTERNAL + ".writes.SyncWrites",
                    "the writes package's entry point on the synchronous client"),
            Map.entry(INTERNAL + ".writes.AsyncWrites",
                    "the writes package's entry point on the asynchronous client"),
            Map.entry(INTERNAL + ".writes.WritePlans",
                    "renders every write for both clients and for batches"),
            Map.entry(INTERNAL + ".writes.ConflictRetries",
                    "retryOnConflict's plan, run by SyncWrites and AsyncWrites for the facades"),
            Map.entry(INTERNAL + ".writes.DefaultAsyncWriteTransaction",
                    "implements AsyncWriteTransaction for DefaultAsyncTable"),
            Map.entry(INTERNAL + ".writes.PutAction",
                    "a rendered put; batches and move read what it wrote"),
            Map.entry(INTERNAL + ".writes.UpdateAction",
                    "a rendered update; explainUpdate renders its request"),
            Map.entry(INTERNAL + ".writes.DeleteAction",
                    "a rendered delete; explainDelete renders its request"),
            Map.entry(INTERNAL + ".writes.WriteAction",
                    "the sealed supertype of the rendered writes"),
            Map.entry(INTERNAL + ".writes.RenderedTransaction",
                    "a rendered transaction; the async facade's move reads its actions"),
            Map.entry(INTERNAL + ".writes.UpdatePlan",
                    "an update ready to send, or the stored values it needs first; explainUpdate tells them apart"),
            Map.entry(INTERNAL + ".writes.UpdatePlan$Ready",
                    "member of UpdatePlan"),
            Map.entry(INTERNAL + ".writes.UpdatePlan$NeedsStoredValues",
                    "member of UpdatePlan"),
            Map.entry(INTERNAL + ".DefaultTable",
                    "implements Table; the internal.writes tests render requests through it"),
            Map.entry(INTERNAL + ".codec.BoundEntity",
                    "an entity bound to its table, used by internal, batch, reads and writes; "
                            + "the bench and the processor's tests reach it too"),
            Map.entry(INTERNAL + ".codec.BoundEntity$KeyBinding",
                    "member of BoundEntity, used by reads and writes"),
            Map.entry(INTERNAL + ".codec.DynamoNumbers",
                    "number text rules, used by reads (PartiQL)"),
            Map.entry(INTERNAL + ".codec.ItemSize",
                    "item size bound, used by writes; the processor's tests reach it too"),
            Map.entry(INTERNAL + ".codec.ObjectType",
                    "attribute types of AttributeTypes in dev.singletable"),
            Map.entry(INTERNAL + ".codec.ScalarType",
                    "attribute types of AttributeTypes in dev.singletable, used by keys and reads"),
            Map.entry(INTERNAL + ".expressions.Expressions",
                    "expression text, used by reads and writes"),
            Map.entry(INTERNAL + ".keys.BoundKeyTemplate",
                    "a key template bound to its attributes, used by EntitySchema in dev.singletable, codec, reads and writes"),
            Map.entry(INTERNAL + ".keys.BoundKeyTemplate$Prefix",
                    "member of BoundKeyTemplate, used by reads (sort-key prefixes)"),
            Map.entry(INTERNAL + ".keys.IsoInstant",
                    "instant text in key slots, used by codec"),
            Map.entry(INTERNAL + ".keys.KeyRole",
                    "which key a template makes, used by EntitySchema in dev.singletable and codec"),
            Map.entry(INTERNAL + ".keys.KeyableType",
                    "the types a key slot takes, used by AttributeTypes in dev.singletable and codec"),
            Map.entry(INTERNAL + ".keys.SlotCodec",
                    "slot value text, used by codec"),
            Map.entry(INTERNAL + ".keys.SlotFormats",
                    "slot formats, used by codec"),
            Map.entry(INTERNAL + ".table.RequestRunner",
                    "runs requests for internal, batch, reads and writes"),
            Map.entry(INTERNAL + ".table.RequestRunner$Outcome",
                    "member of RequestRunner, used by internal, batch, reads and writes"),
            Map.entry(INTERNAL + ".writes.DefaultWriteTransaction",
                    "implements WriteTransaction, built by DefaultTable in internal"),
            Map.entry(INTERNAL + ".writes.EntityWrites",
                    "write plans of an entity, used by internal and batch"),
            Map.entry(INTERNAL + ".writes.EntityWrites$PutMode",
                    "member of EntityWrites, used by internal and batch"),
            Map.entry(INTERNAL + ".writes.EntityWrites$UpdateMode",
                    "member of EntityWrites, used by internal"));

    // Each concept package of internal (keys, codec, reads, ...) with its sub-packages is one slice, the
    // classes right in internal another, and the public package a third.
    private static final SliceAssignment CONCEPT_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (name.equals(PUBLIC_PACKAGE) || name.equals(INTERNAL)) {
                return SliceIdentifier.of(name);
            }
            if (name.startsWith(INTERNAL + ".")) {
                String concept = name.substring(INTERNAL.length() + 1);
                int dot = concept.indexOf('.');
                return SliceIdentifier.of(INTERNAL + "." + (dot < 0 ? concept : concept.substring(0, dot)));
            }
            return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the public package, internal and each concept package of internal";
        }
    };

    private static final SliceAssignment INTERNAL_CONCEPT_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            return javaClass.getPackageName().equals(PUBLIC_PACKAGE)
                    ? SliceIdentifier.ignore()
                    : CONCEPT_PACKAGES.getIdentifierOf(javaClass);
        }

        @Override
        public String getDescription() {
            return "internal and each concept package of internal";
        }
    };

    @ArchTest
    static final ArchRule internalPackages_dependOnEachOther_withoutCycles = slices().assignedFrom(INTERNAL_CONCEPT_PACKAGES)
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule allPackages_dependOnEachOther_withoutCycles = slices().assignedFrom(CONCEPT_PACKAGES)
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule publicPackage_dependsOnNoInternalPackage = noClasses().that().resideInAPackage(PUBLIC_PACKAGE)
            .should().dependOnClassesThat().resideInAPackage(INTERNAL + "..")
            .because("the public API is interfaces and value types in " + PUBLIC_PACKAGE
                    + "; internal implements them and may change in any release");

    @ArchTest
    static final ArchRule internalPackages_haveNoNewPublicTypes = classes().that().resideInAPackage(INTERNAL + "..")
            .and(areVisibleOutsideTheirPackage())
            .should(beListedIn(PUBLIC_INTERNAL_TYPES));

    @ArchTest
    static final ArchRule classNames_sayWhatTheClassHolds = noClasses()
            .should().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .orShould().haveSimpleNameEndingWith("Manager")
            .because("a name says what a class holds or does (KeyTemplate, ItemCodec, BatchWriter), which a Utils, "
                    + "Helper or Manager does not");

    @ArchTest
    static void publicInternalTypes_whenOneIsNoLongerPublic_isTakenOffTheList(JavaClasses classes) {
        Set<String> publicNow = classes.stream()
                .filter(c -> c.getPackageName().startsWith(INTERNAL) && areVisibleOutsideTheirPackage().test(c))
                .map(JavaClass::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> stale = new TreeSet<>(PUBLIC_INTERNAL_TYPES.keySet());
        stale.removeAll(publicNow);

        assertThat(stale)
                .as("types on ArchitectureTest.PUBLIC_INTERNAL_TYPES that are no longer public (or no longer exist): "
                        + "take them off the list, so that it only shrinks")
                .isEmpty();
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

    private static ArchCondition<JavaClass> beListedIn(Map<String, String> allowed) {
        return new ArchCondition<>("be package-private, or listed with a reason in ArchitectureTest.PUBLIC_INTERNAL_TYPES") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                boolean listed = allowed.containsKey(javaClass.getName());
                events.add(new SimpleConditionEvent(javaClass, listed, listed
                        ? javaClass.getName() + " is listed: " + allowed.get(javaClass.getName())
                        : javaClass.getName() + " is a new public type in internal: make it package-private (one entry point "
                                + "per package is public), or add it to ArchitectureTest.PUBLIC_INTERNAL_TYPES with the reason "
                                + "it must be public"));
            }
        };
    }
}
