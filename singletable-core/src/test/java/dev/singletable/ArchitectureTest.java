package dev.singletable;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaType;
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
import dev.singletable.gates.ModuleGates;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Build gates on the core's structure (issue 9): internal packages without cycles, no public
 * signature that mentions an {@code internal} type, no new public types in {@code internal}, names
 * that say what a class holds. Rules that the restructure makes hold are marked {@link ArchIgnore} with the
 * violations of the day; remove the mark when they hold.
 */
@AnalyzeClasses(packages = "dev.singletable", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String PUBLIC_PACKAGE = "dev.singletable";
    private static final String INTERNAL = "dev.singletable.internal";

    /**
     * Today's public types in {@code internal} and why each is public. The list may only shrink:
     * a type made package-private leaves it (a rule here says so), a new public type fails the build
     * until it is made package-private, and its size is pinned ({@link #PUBLIC_INTERNAL_TYPES_PINNED})
     * so that it cannot grow by an entry added with a reason.
     */
    private static final Map<String, String> PUBLIC_INTERNAL_TYPES = Map.ofEntries(
            // one entry point per package, for the facades in internal
            Map.entry(INTERNAL + ".Tables",
                    "the internal package's entry point: the tables of Table.of and AsyncTable.of, and TableSchema's checks"),
            Map.entry(INTERNAL + ".admin.TableAdmin",
                    "the admin package's entry point: CreateTable, verification, TTL and deletion for the Table facade"),
            Map.entry(INTERNAL + ".batch.Batches",
                    "the batch package's entry point: batch gets and writes and transactional gets, on either client"),
            Map.entry(INTERNAL + ".writes.Writes",
                    "the writes package's entry point: every write, transaction, retry and explanation, on either client; "
                            + "batches render their puts through it"),
            Map.entry(INTERNAL + ".reads.Reads",
                    "the reads package's entry point: queries, scans and PartiQL of an entity or collection for the facades"),
            Map.entry(INTERNAL + ".table.BoundTable",
                    "the table package's entry point: the bound table every concept package takes"),
            Map.entry(INTERNAL + ".keys.EntityTemplates",
                    "the keys package's entry point: an entity's key templates bound once, by EntitySchema (at build) and codec"),
            Map.entry(INTERNAL + ".codec.BoundEntity",
                    "the codec package's entry point: an entity bound to its table, used by table, batch, reads and writes"),
            Map.entry(INTERNAL + ".relations.Relations",
                    "the relations package's entry point: relate, unrelate, related, verification and propagation, on either client"),
            Map.entry(INTERNAL + ".relations.Relations$Port",
                    "member of Relations: the queries, scans, batch gets and transactions each facade lends it"),
            Map.entry(INTERNAL + ".expressions.Expressions",
                    "the expressions package's only type: expression text, used by reads and writes"),
            Map.entry(INTERNAL + ".declaration.DeclarationFixes",
                    "the declaration package's only type: fixes worded for how an entity was declared, used by Update, codec and writes"),
            // more than one public type, and why
            Map.entry(INTERNAL + ".reads.ItemFetcher",
                    "GetItem, held once per table by the facades and by writes that read stored values first "
                            + "(Reads is made per entity or collection, too costly on the get path)"),
            Map.entry(INTERNAL + ".table.Sender",
                    "one table on one client kind: what writes, batches and gets send with and wait on, so each is written once"),
            Map.entry(INTERNAL + ".table.RequestRunner",
                    "sends requests and reports them to listeners: the read page requests and admin use it directly, ChangeReader its mapping of an engine without an operation"),
            Map.entry(INTERNAL + ".table.DynamoOperation",
                    "the one value per DynamoDB operation (name, writes, consequence, its calls) that every package's send sites pass"),
            Map.entry(INTERNAL + ".table.RequestRunner$Outcome",
                    "member of RequestRunner: what each package's responses report to listeners"),
            Map.entry(INTERNAL + ".table.CursorCodec",
                    "cursor signing, made by Tables for BoundTable and used by reads"),
            Map.entry(INTERNAL + ".table.Futures",
                    "failed-future, composition and join rules shared by every path that runs on both clients"),
            Map.entry(INTERNAL + ".codec.KeyBinding",
                    "the keys of the table or an index, bound by BoundEntity, used by reads and writes"),
            Map.entry(INTERNAL + ".codec.ItemSize",
                    "item size bound, used by writes (transaction size); the processor's tests check generated codecs against it"),
            Map.entry(INTERNAL + ".kinds.Kind",
                    "the kinds package's entry point: the registry of attribute kinds (and the TTL attribute's rule), read by "
                            + "AttributeTypes, AttributePath and TableSchema's checks, and exported to the processor, schema and "
                            + "design modules"),
            Map.entry(INTERNAL + ".kinds.ScalarType",
                    "the type of a scalar kind: its descriptions of stored and Java values are read by codec and reads in messages"),
            Map.entry(INTERNAL + ".kinds.DynamoNumbers",
                    "number text rules, used by reads (PartiQL parameters); owned by the number-normalisation work"),
            Map.entry(INTERNAL + ".keys.EntityTemplates$Pair",
                    "member of EntityTemplates, read by codec"),
            Map.entry(INTERNAL + ".keys.BoundKeyTemplate",
                    "a key template bound to its attributes, composed and parsed by codec and reads"),
            Map.entry(INTERNAL + ".keys.BoundKeyTemplate$Prefix",
                    "member of BoundKeyTemplate, used by reads (sort-key prefixes)"),
            Map.entry(INTERNAL + ".keys.KeyRole",
                    "which key a template makes, used by codec"),
            Map.entry(INTERNAL + ".keys.KeyableType",
                    "the types a key slot takes, implemented by the kinds' scalar types"),
            Map.entry(INTERNAL + ".keys.SlotCodec",
                    "slot value text, made by the kinds' entries"),
            Map.entry(INTERNAL + ".keys.SlotFormats",
                    "slot formats, used by the kinds' entries"),
            Map.entry(INTERNAL + ".keys.IsoInstant",
                    "instant text in key slots, used by the kinds' entries"),
            Map.entry(INTERNAL + ".page.PageDecoder",
                    "the seam singletable-wire's codec implements (exported to that module alone): found on a client by DecodedPage"),
            Map.entry(INTERNAL + ".page.DecodedPage",
                    "the page a read marks its request with and a PageDecoder fills: reads, ItemFetcher, batch gets and singletable-wire"),
            Map.entry(INTERNAL + ".page.StoredItem",
                    "an item of a decoded page read as text in place by the entity decoder: implemented by singletable-wire's items"),
            Map.entry(INTERNAL + ".keys.ListAttributeType",
                    "a list attribute type's element type, implemented by the kinds' list type: a list of strings is a path slot"),
            Map.entry(INTERNAL + ".keys.TimeBuckets",
                    "time bucket text and ranges, used by reads to list the buckets a query across buckets reads"),
            Map.entry(INTERNAL + ".keys.ShardSlots",
                    "shard slot hashing, used by reads to compose every shard of a query across shards"),
            Map.entry(INTERNAL + ".partiql.PartiqlText",
                    "the partiql package's only type: statement tokens, checks, conditions as PartiQL and parameter values, used by "
                            + "reads (SELECT parameters) and writes (INSERT, UPDATE, DELETE)"),
            Map.entry(INTERNAL + ".partiql.PartiqlText$Kind",
                    "member of PartiqlText: a token's kind, read by reads to count a SELECT's parameters"),
            Map.entry(INTERNAL + ".partiql.PartiqlText$Token",
                    "member of PartiqlText: one token of a statement, read by reads to count a SELECT's parameters"),
            Map.entry(INTERNAL + ".partiql.PartiqlText$CheckedWrite",
                    "member of PartiqlText: what a checked write statement is, read by writes"),
            Map.entry(INTERNAL + ".keys.ShardSlots$ShardNumber",
                    "member of ShardSlots: a shard given by number, which reads puts in a query's partition values"));

    /**
     * How many entries {@link #PUBLIC_INTERNAL_TYPES} has (43 at 5fe3c342): lowered with every entry taken off, never
     * raised, so that the list only shrinks (issue 27).
     */
    private static final int PUBLIC_INTERNAL_TYPES_PINNED = 43;

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

    // The public package calls internal directly and internal implements the public interfaces (jOOQ's and Jdbi's
    // rule): what keeps them apart is that no public signature mentions an internal type.
    @ArchTest
    static final ArchRule publicSignatures_mentionNoInternalType = classes().that().resideOutsideOfPackage(INTERNAL + "..")
            .and(areVisibleOutsideTheirPackage())
            .should(mentionNoInternalTypeInTheirSignatures())
            .because("internal may change in any release: public classes may call it, but no public or protected "
                    + "signature may hand an internal type to an application");

    @ArchTest
    static final ArchRule internalPackages_haveNoNewPublicTypes = classes().that().resideInAPackage(INTERNAL + "..")
            .and(areVisibleOutsideTheirPackage())
            .should(beListedIn(PUBLIC_INTERNAL_TYPES));

    @ArchTest
    static final ArchRule core_dependsOnTheSdkAndSlf4jAlone = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("com.fasterxml..", "software.amazon.awssdk.http.auth..", "software.amazon.awssdk.identity..",
                    "software.amazon.awssdk.retries", "software.amazon.awssdk.retries.internal..", "dev.singletable.wire..")
            .because("the core runs on the SDK's dynamodb module and SLF4J alone; the fast path (Jackson, signing, retries) "
                    + "is singletable-wire's, plugged in through internal.page. The retries API (retries.api), which the SDK's "
                    + "client configuration hands out, is allowed: a non-idempotent update wraps the client's retry strategy");

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

    @ArchTest
    static void publicInternalTypes_whenTheListGrows_failsNamingThePin(JavaClasses classes) {
        ModuleGates.checkPinned("ArchitectureTest.PUBLIC_INTERNAL_TYPES", PUBLIC_INTERNAL_TYPES.size(), PUBLIC_INTERNAL_TYPES_PINNED);
    }

    private static ArchCondition<JavaClass> mentionNoInternalTypeInTheirSignatures() {
        return new ArchCondition<>("mention no internal type in their public or protected signatures") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                java.util.List<String> mentions = new java.util.ArrayList<>();
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

    private static void mentioned(JavaType type, String where, java.util.List<String> mentions) {
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
