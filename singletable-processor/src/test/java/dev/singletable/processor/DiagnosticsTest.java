package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.tools.JavaFileObject;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

/** Each mistake is a compile error with a precise message at the offending line. */
class DiagnosticsTest {

    private static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new SingleTableProcessor()).compile(sources);
    }

    private static JavaFileObject source(String name, String... lines) {
        return JavaFileObjects.forSourceLines(name, lines);
    }

    @Test
    void compile_whenTemplateNamesUnknownSlot_reportsClosestAttributeOnTheAnnotation() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"CUSTOMER#{custmerId}\",",
                "        sk = \"ORDER#{orderId}\")",
                "record Order(String customerId, String orderId) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("key template 'CUSTOMER#{custmerId}' names {custmerId}, which is no attribute "
                + "of Order; did you mean {customerId}?; slots name attributes by property or stored name (attributes: [customerId, orderId])")
                .inFile(order).onLine(3);
    }

    /**
     * Issue 35: a record component whose name cannot be an accessor ({@code notify}, final in Object) crashed the
     * processor with a NullPointerException, hiding javac's own error; now javac's error is the one reported.
     */
    @Test
    void compile_whenARecordComponentCannotHaveAnAccessor_leavesJavacsErrorAlone() {
        JavaFileObject alarm = source("test.Alarm",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ALARM#{alarmId}\", sk = \"ALARM\")",
                "record Alarm(String alarmId, boolean notify) {}");

        Compilation compilation = compile(alarm);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("notify").inFile(alarm).onLine(4);
        for (javax.tools.Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
            org.assertj.core.api.Assertions.assertThat(error.getMessage(java.util.Locale.ROOT))
                    .doesNotContain("NullPointerException").doesNotContain("singletable annotation processor failed");
        }
    }

    @Test
    void compile_whenAttributeTypeUnsupported_reportsHowToAddAConverter() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(String orderId,",
                "             java.util.concurrent.atomic.AtomicLong counter) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).hadErrorContaining("Order.counter has type java.util.concurrent.atomic.AtomicLong, which singletable "
                + "cannot store; store one of singletable's types (" + dev.singletable.internal.kinds.Kind.scalarClassNames()
                + ", enums, collections of them); or store it your own way with @Convert(to = \"toX\", from = \"fromX\") and static "
                + "methods AttributeValue toX(AtomicLong) and AtomicLong fromX(AttributeValue)").inFile(order).onLine(5);
    }

    @Test
    void compile_whenTwoAttributesShareAName_reportsTheSecond() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(String orderId,",
                "             String total,",
                "             @Attribute(name = \"total\") String amount) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).hadErrorContaining("Order.amount is stored as 'total', like Order.total; give one of them another "
                + "name with @Attribute(name = \"...\")").inFile(order).onLine(6);
    }

    @Test
    void compile_whenPrimaryKeyAttributeCanBeNull_reportsTheAttribute() {
        JavaFileObject nullable = source("test.Nullable",
                "package test;",
                "@java.lang.annotation.Target({java.lang.annotation.ElementType.RECORD_COMPONENT, java.lang.annotation.ElementType.FIELD})",
                "@interface Nullable {}");
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(",
                "        @Nullable String orderId) {}");

        Compilation compilation = compile(nullable, order);

        assertThat(compilation).hadErrorContaining("Order.orderId fills a slot of the primary key template 'ORDER#{orderId}' but can "
                + "be null (annotated @Nullable); key attributes must always have a value").inFile(order).onLine(5);
    }

    @Test
    void compile_whenKebabCaseNamesAKeySlotsAttribute_reportsThatASlotCannotNameItAndHowToRenameIt() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\", naming = Naming.KEBAB_CASE)",
                "record Order(",
                "        String orderId) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).hadErrorContaining("Order.orderId fills a slot of key template 'ORDER#{orderId}' but is stored as "
                + "'order-id', which a slot cannot name (slot names are letters, digits and _); give it such a name with "
                + "@Attribute(name = \"orderId\")").inFile(order).onLine(5);
    }

    @Test
    void compile_whenKeySlotIsAList_reportsStorage() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{scores}\", sk = \"ORDER\")",
                "record Order(",
                "        java.util.List<Integer> scores) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).hadErrorContaining("Order.scores fills a slot of key template 'ORDER#{scores}' but is stored as "
                + "AttributeTypes.listOf(AttributeTypes.INTEGER); key slots take strings, numbers, booleans, Instant, LocalDate, enums "
                + "and UUID, and a List<String> as a hierarchy path").inFile(order).onLine(5);
    }

    @Test
    void compile_whenShardCountIsZeroOrBucketOnAString_reportsTheCoresReason() {
        JavaFileObject reading = source("test.Reading",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"R#{shard:of=deviceId,count=0}\", sk = \"DAY#{deviceId:bucket=DAY}\")",
                "record Reading(String deviceId) {}");

        Compilation compilation = compile(reading);

        assertThat(compilation).hadErrorContaining("shard slot {shard:of=deviceId,count=0} has count 0; give a whole number of shards "
                + "from 1 to 1000 (a query across all shards sends one request per shard), such as count=10").inFile(reading);
    }

    @Test
    void compile_whenShardCountIsOverOneThousand_reportsTheCoresReasonAtTheEntity() {
        JavaFileObject reading = source("test.Reading",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"R#{shard:of=deviceId,count=1001}\", sk = \"DEVICE#{deviceId}\")",
                "record Reading(String deviceId) {}");

        Compilation compilation = compile(reading);

        assertThat(compilation).hadErrorContaining("shard slot {shard:of=deviceId,count=1001} has count 1001; give a whole number of "
                + "shards from 1 to 1000 (a query across all shards sends one request per shard), such as count=10").inFile(reading);
    }

    @Test
    void compile_whenCollectionMembersShareAnEntityType_reportsBoth() {
        JavaFileObject items = source("test.Items",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection",
                "sealed interface Items permits A, B {}",
                "@Entity(type = \"Thing\", pk = \"X#{id}\", sk = \"A\") record A(String id) implements Items {}",
                "@Entity(type = \"Thing\", pk = \"X#{id}\", sk = \"B\") record B(String id) implements Items {}");

        Compilation compilation = compile(items);

        assertThat(compilation).hadErrorContaining("@ItemCollection Items: members A and B both have entity type 'Thing', so their "
                + "items cannot be told apart; give one another type with @Entity(type = \"...\")").inFile(items).onLine(4);
    }

    @Test
    void compile_whenCollectionIsNotSealed_reportsTheFix() {
        JavaFileObject items = source("test.Items",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection",
                "interface Items {}");

        assertThat(compile(items)).hadErrorContaining("@ItemCollection Items must be a sealed interface permitting its entity records")
                .inFile(items).onLine(4);
    }

    @Test
    void compile_whenCollectionMemberIsNoEntity_reportsIt() {
        JavaFileObject items = source("test.Items",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection",
                "sealed interface Items permits A, B {}",
                "@Entity(pk = \"X#{id}\", sk = \"A\") record A(String id) implements Items {}",
                "record B(String id) implements Items {}");

        assertThat(compile(items)).hadErrorContaining("@ItemCollection Items permits B, which is not annotated @Entity")
                .inFile(items).onLine(4);
    }

    @Test
    void compile_whenHookHasWrongSignature_reportsExpectedSignature() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(String orderId) {",
                "    @AfterToItem",
                "    void stamp(Order order) {}",
                "}");

        assertThat(compile(order)).hadErrorContaining("@AfterToItem method stamp must be declared as "
                + "'static void stamp(Order entity, Map<String, AttributeValue> item)'").inFile(order).onLine(6);
    }

    @Test
    void compile_whenAfterFromItemReturnsVoid_reportsExpectedSignature() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "import java.util.Map;",
                "import software.amazon.awssdk.services.dynamodb.model.AttributeValue;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(String orderId) {",
                "    @AfterFromItem",
                "    static void read(Map<String, AttributeValue> item, Order order) {}",
                "}");

        assertThat(compile(order)).hadErrorContaining("@AfterFromItem method read must be declared as "
                + "'static Order read(Map<String, AttributeValue> item, Order entity)'").inFile(order).onLine(8);
    }

    @Test
    void compile_whenSparseIndexConditionIsMissing_reportsHowToDeclareIt() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "@Index(name = \"GSI1\", pk = \"SHIPPED\", sk = \"{orderId}\", when = \"isShiped\")",
                "record Order(String orderId) {}");

        assertThat(compile(order)).hadErrorContaining("index GSI1: condition 'isShiped' is not a method of Order; declare "
                + "'boolean isShiped()' in Order or 'static boolean isShiped(Order entity)'").inFile(order).onLine(4);
    }

    @Test
    void compile_whenConverterMethodIsMissing_reportsItsSignature() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(String orderId,",
                "             @Convert(to = \"toText\", from = \"fromText\") StringBuilder note) {",
                "    static software.amazon.awssdk.services.dynamodb.model.AttributeValue toText(StringBuilder b) { return null; }",
                "}");

        assertThat(compile(order)).hadErrorContaining("Order.note: @Convert names fromText, but Order has no method 'fromText'; "
                + "declare it as 'static StringBuilder fromText(AttributeValue value)'").inFile(order).onLine(5);
    }

    @Test
    void compile_whenTemplateIsMalformed_reportsTheReason() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId\", sk = \"ORDER\")",
                "record Order(String orderId) {}");

        assertThat(compile(order)).hadErrorContaining("key template 'ORDER#{orderId' is malformed: slot opened at index 6 "
                + "is never closed; add '}'").inFile(order).onLine(3);
    }

    @Test
    void compile_whenSlotsTouch_reportsWhatTheCoreWouldRejectAtRunTime() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}{day}\", sk = \"ORDER\")",
                "record Order(String orderId, String day) {}");

        assertThat(compile(order)).hadErrorContaining("key template 'ORDER#{orderId}{day}' is malformed: slots {orderId} and {day} "
                + "touch (index 15); separate them with literal text such as '#', or the key cannot be parsed back")
                .inFile(order).onLine(3);
    }

    // ------------------------------------------------------------------ template mistakes (the core's rules and messages)

    private static void assertError(JavaFileObject source, int line, String message) {
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining(message).inFile(source).onLine(line);
    }

    private static JavaFileObject order(String... annotationsAndRecord) {
        String[] lines = new String[annotationsAndRecord.length + 3];
        lines[0] = "package test;";
        lines[1] = "import dev.singletable.annotations.*;";
        lines[2] = "import java.math.BigDecimal; import java.time.*; import java.util.Map;";
        System.arraycopy(annotationsAndRecord, 0, lines, 3, annotationsAndRecord.length);
        return source("test.Order", lines);
    }

    @Test
    void compile_whenLiteralTextHoldsTheEscapeCharacter_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"A\\\\B#{orderId}\", sk = \"ORDER\")",
                        "record Order(String orderId) {}"), 4,
                "key template 'A\\B#{orderId}' is malformed: literal text may not contain '\\' (index 1); singletable uses it to "
                        + "escape delimiters inside slot values: remove it or use another character, such as '#'");
    }

    @Test
    void compile_whenPartitionTemplateIsEmpty_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"\", sk = \"ORDER\")",
                        "record Order(String orderId) {}"), 4,
                "key template '' is malformed: a template cannot be empty, as DynamoDB key values never are; give literal text, "
                        + "a slot or both, such as 'PROFILE' or 'CUSTOMER#{customerId}'");
    }

    @Test
    void compile_whenIndexPartitionTemplateIsEmpty_reportsItOnTheIndex() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "@Index(name = \"GSI1\", pk = \"\", sk = \"{orderId}\")",
                        "record Order(String orderId) {}"), 5,
                "key template '' is malformed: a template cannot be empty");
    }

    @Test
    void compile_whenDateFormatOnAStringSlot_reportsTheCoreRule() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId:yyyy-MM-dd}\", sk = \"ORDER\")",
                        "record Order(String orderId) {}"), 4,
                "Order primary partition key template 'ORDER#{orderId:yyyy-MM-dd}', slot {orderId:yyyy-MM-dd}: format 'yyyy-MM-dd' "
                        + "does not fit String, whose slots take no format; drop ':yyyy-MM-dd' from the slot");
    }

    @Test
    void compile_whenNumberFormatOnAnInstantSlot_reportsItOnTheIndex() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "@Index(name = \"GSI1\", pk = \"ALL\",",
                        "       sk = \"{createdAt:%05d}\")",
                        "record Order(String orderId, Instant createdAt) {}"), 6,
                "Order index GSI1 sort key template '{createdAt:%05d}', slot {createdAt:%05d}: format '%05d' is a number format, "
                        + "which does not fit Instant; use a date pattern such as yyyy-MM-dd");
    }

    @Test
    void compile_whenDatePatternDoesNotSortInASortKey_reportsTheTwoTextsOutOfOrder() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\",",
                        "        sk = \"AT#{createdAt:dd-MM-yyyy}\")",
                        "record Order(String orderId, Instant createdAt) {}"), 5,
                "Order primary sort key template 'AT#{createdAt:dd-MM-yyyy}', slot {createdAt:dd-MM-yyyy}: date pattern 'dd-MM-yyyy' "
                        + "in a sort key does not sort in time order: '31-12-1969' sorts after '01-01-1970'; write the fields from the "
                        + "year down, fixed width and as numbers, such as yyyy-MM-dd'T'HH:mm");
    }

    @Test
    void compile_whenDatePatternCannotBeReadBack_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"DAY#{day:MM-dd}\", sk = \"ORDER\")",
                        "record Order(LocalDate day) {}"), 4,
                "Order primary partition key template 'DAY#{day:MM-dd}', slot {day:MM-dd}: date pattern 'MM-dd' writes LocalDate "
                        + "1969-12-31 as '12-31', which does not read back; a pattern needs the year (uuuu or yyyy, not the week-based "
                        + "YYYY) and every field above the smallest it writes");
    }

    @Test
    void compile_whenIntegerFormatIsNotZeroPadded_reportsTheFormatItTakes() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"RANK#{rank:%5d}\")",
                        "record Order(String orderId, int rank) {}"), 4,
                "Order primary sort key template 'RANK#{rank:%5d}', slot {rank:%5d}: format '%5d' does not fit Integer; use %0Nd, "
                        + "for example %05d for five digits");
    }

    @Test
    void compile_whenEnumSlotHasAFormat_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"STATUS#{status:lower}\")",
                        "record Order(String orderId, Status status) {}",
                        "enum Status { OPEN }"), 4,
                "Order primary sort key template 'STATUS#{status:lower}', slot {status:lower}: format 'lower' does not fit an enum, "
                        + "whose slots take no format; drop ':lower' from the slot");
    }

    @Test
    void compile_whenDecimalInASortKeyHasNoWidth_reportsTheFormatItNeeds() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"TOTAL#{total}\")",
                        "record Order(String orderId, BigDecimal total) {}"), 4,
                "Order primary sort key template 'TOTAL#{total}', slot {total}: BigDecimal in a sort key needs a fixed width and "
                        + "scale so that it sorts numerically, for example {slot:%012.2f}");
    }

    @Test
    void compile_whenSortKeyLiteralAfterANumberStartsWithMinus_reportsThatEscapingBreaksOrder() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"{rank}-{orderId}\")",
                        "record Order(String orderId, int rank) {}"), 4,
                "Order primary sort key template '{rank}-{orderId}': the literal text after slot {rank} starts with '-', which "
                        + "Integer values in the slot may contain; escaping it would break the sort order: start the literal with "
                        + "another character, such as '#'");
    }

    // ------------------------------------------------------------------ annotation mistakes

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Version     | long    | Order: @Version is on both a and b; an entity has at most one: keep it on one of them
            TimeToLive  | Instant | Order: @TimeToLive is on both a and b; an entity has at most one: keep it on one of them
            CreatedAt   | Instant | Order: @CreatedAt is on both a and b; an entity has at most one: keep it on one of them
            UpdatedAt   | Instant | Order: @UpdatedAt is on both a and b; an entity has at most one: keep it on one of them
            AttributeBag | Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> | Order: @AttributeBag is on both a and b; an entity has at most one: keep it on one of them
            """)
    void compile_whenAnEntityHasTwoOfAnAnnotation_reportsTheSecond(String annotation, String type, String message) {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "record Order(String orderId,",
                        "             @" + annotation + " " + type + " a,",
                        "             @" + annotation + " " + type + " b) {}"), 7, message);
    }

    @Test
    void compile_whenCreatedAtAndUpdatedAtAreOnOneAttribute_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "record Order(String orderId,",
                        "             @CreatedAt @UpdatedAt Instant at) {}"), 6,
                "Order.at: @CreatedAt and @UpdatedAt cannot both be on one attribute, which singletable maintains one way; keep one");
    }

    @Test
    void compile_whenVersionIsIgnored_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "record Order(String orderId,",
                        "             @Version @Ignore long version) {}"), 6,
                "Order.version: @Version on an attribute that is @Ignore'd is never written or read; remove one of the two annotations");
    }

    @Test
    void compile_whenVersionFillsAKeySlot_reportsItOnTheVersion() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "@Index(name = \"GSI1\", pk = \"V#{version}\")",
                        "record Order(String orderId,",
                        "             @Version long version) {}"), 7,
                "Order: version attribute 'version' fills a key template slot; a version changes on every write, so it cannot be "
                        + "part of a key");
    }

    @Test
    void compile_whenUpdatedAtFillsAPrimaryKeySlot_reportsItOnTheAttribute() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"AT#{updatedAt}\")",
                        "record Order(String orderId,",
                        "             @UpdatedAt Instant updatedAt) {}"), 6,
                "Order: updatedAt attribute 'updatedAt' fills a slot of the primary key (ORDER#{orderId} / AT#{updatedAt}); it "
                        + "changes on every write, which would write a new item each time: use it in a GSI key instead, or use createdAt");
    }

    /** javac has no position for an @Index repeated inside its implicit container, so the error is at the entity. */
    @Test
    void compile_whenTwoIndexesShareAName_reportsThemAtTheEntity() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "@Index(name = \"GSI1\", pk = \"A#{orderId}\")",
                        "@Index(name = \"GSI1\", pk = \"B#{orderId}\")",
                        "record Order(String orderId) {}"), 7,
                "Order: index 'GSI1' is given keys twice (A#{orderId}, then B#{orderId}); an entity has one key on each index: "
                        + "remove one, or name the other index");
    }

    @Test
    void compile_whenIndexNameIsBlank_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "@Index(name = \"\", pk = \"A#{orderId}\")",
                        "record Order(String orderId) {}"), 5,
                "Order: an index name cannot be blank; give the GSI's name, such as \"GSI1\"");
    }

    @Test
    void compile_whenEntityTypeIsBlank_reportsHowToDefaultIt() {
        assertError(order(
                        "@Entity(type = \" \", pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                        "record Order(String orderId) {}"), 4,
                "Order: the entity type name cannot be blank; give a name such as 'Order', or leave it out to use the class's "
                        + "simple name");
    }

    @Test
    void compile_whenEntityClassIsAbstract_reportsIt() {
        assertError(order(
                        "@Entity(pk = \"ORDER#{id}\", sk = \"ORDER\")",
                        "abstract class Order {",
                        "    public String id;",
                        "}"), 5,
                "Order is abstract, so the @Entity's generated OrderSchema cannot create it; annotate a concrete class or a record");
    }

    @Test
    void compile_whenTimeToLiveIsAnInt_compilesAsTheBuilderApiAcceptsIt() {
        JavaFileObject session = source("test.Session",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"SESSION#{id}\", sk = \"SESSION\")",
                "record Session(String id, @TimeToLive int expires) {}");

        assertThat(compile(session)).succeededWithoutWarnings();
    }

    @Test
    void compile_whenTimeToLiveIsAString_reportsTheTypesItTakes() {
        JavaFileObject session = source("test.Session",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"SESSION#{id}\", sk = \"SESSION\")",
                "record Session(String id,",
                "               @TimeToLive String expires) {}");

        assertThat(compile(session)).hadErrorContaining("Session.expires: @TimeToLive java.lang.String cannot be the table's TTL "
                + "attribute, which DynamoDB reads as a Number of epoch seconds; declare it as Instant (epoch seconds), Long or Integer")
                .inFile(session).onLine(5);
    }

    @Test
    void compile_whenClassHasNoSetter_reportsTheMissingSetter() {
        JavaFileObject account = source("test.Account",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ACCOUNT#{id}\", sk = \"ACCOUNT\")",
                "class Account {",
                "    private String id;",
                "    public String getId() { return id; }",
                "}");

        assertThat(compile(account)).hadErrorContaining("Account.id has no setter setId(java.lang.String) and no constructor sets it")
                .inFile(account).onLine(5);
    }

    @Test
    void compile_whenIndexGivesFiveSortTemplates_reportsTheCountAtTheSortTemplates() {
        JavaFileObject match = source("test.Match",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"MATCH#{id}\", sk = \"MATCH\")",
                "@Index(name = \"ByTournament\", pk = \"{tournament}\",",
                "       sk = {\"{a}\", \"{b}\", \"{c}\", \"{d}\", \"{e}\"})",
                "record Match(String id, String tournament, int a, int b, int c, int d, int e) {}");

        Compilation compilation = compile(match);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("index ByTournament gives 1 partition and 5 sort key templates; an index key has 1 "
                + "to 4 partition templates and 0 to 4 sort templates, one per key attribute in the index's order, such as "
                + "pk = {\"{tournament}\", \"{region}\"}").inFile(match).onLine(5);
    }

    @Test
    void compile_whenIndexGivesNoPartitionTemplate_reportsTheCount() {
        JavaFileObject match = source("test.Match",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"MATCH#{id}\", sk = \"MATCH\")",
                "@Index(name = \"ByTournament\", pk = {})",
                "record Match(String id, String tournament) {}");

        assertThat(compile(match)).hadErrorContaining("index ByTournament gives 0 partition and 0 sort key templates; an index key "
                + "has 1 to 4 partition templates").inFile(match).onLine(4);
    }

    @Test
    void compile_whenMultiAttributeTemplateNamesUnknownSlot_reportsItOnTheAnnotation() {
        JavaFileObject match = source("test.Match",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"MATCH#{id}\", sk = \"MATCH\")",
                "@Index(name = \"ByTournament\", pk = {\"{tournament}\", \"{regoin}\"})",
                "record Match(String id, String tournament, String region) {}");

        assertThat(compile(match)).hadErrorContaining("key template '{regoin}' names {regoin}, which is no attribute of Match; did "
                + "you mean {region}?").inFile(match).onLine(4);
    }

    @Test
    void compile_whenIndexHasMultiAttributeKeysAndABinaryOwnKey_compiles() {
        JavaFileObject match = source("test.Match",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"MATCH#{id}\", sk = \"MATCH\")",
                "@Index(name = \"ByTournament\", pk = {\"{tournament}\", \"{region}\"}, sk = {\"{round}\", \"{points}\"})",
                "@Index(name = \"ByReplay\", pk = \"{replay}\")",
                "record Match(String id, String tournament, String region, int round, long points, byte[] replay) {}");

        assertThat(compile(match)).succeededWithoutWarnings();
    }

    @Test
    void compile_whenValueOptionsDoNotFit_reportsEachAtItsAttribute() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "record Order(String orderId,",
                "             @Default(\"many\") Integer quantity,",
                "             @Pattern(\"[a-z\") String code,",
                "             @Range(min = \"10\", max = \"1\") Integer stock,",
                "             @Attribute(nullable = true) int count,",
                "             @Default(\"x\") java.util.List<String> tags) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("Order.quantity: @Default(\"many\") cannot apply: 'many' is not an integer (such as 42); "
                + "give a value of the attribute's type").inFile(order).onLine(5);
        assertThat(compilation).hadErrorContaining("Order.code: @Pattern cannot apply: Pattern '[a-z' is not a valid regular expression: "
                + "Unclosed character class at index 3; correct it (Java's java.util.regex syntax)")
                .inFile(order).onLine(6);
        assertThat(compilation).hadErrorContaining("Order.stock: @Range cannot apply: min 10 is above max 1; swap them")
                .inFile(order).onLine(7);
        assertThat(compilation).hadErrorContaining("Order.count: @Attribute(nullable = true) cannot apply: the attribute is required "
                + "(a primitive, a key slot or required = true) and never null; remove nullable, or use a non-required reference type")
                .inFile(order).onLine(8);
        assertThat(compilation).hadErrorContaining("Order.tags: @Default(\"x\") cannot apply: defaults are for scalar attributes "
                + "(enums and String, Integer, Long, BigInteger, BigDecimal, Boolean, Instant, LocalDate, UUID, LocalDateTime), and this one "
                + "is List; give a value of the attribute's type")
                .inFile(order).onLine(9);
    }

    // ------------------------------------------------------------------ review of the processor (h37): findings 5, 6, 7, 11, 14

    private static String errors(Compilation compilation) {
        return compilation.errors().stream().map(d -> d.getLineNumber() + ": " + d.getMessage(null))
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    private static final String CONVERT = "; or store it your own way with @Convert(to = \"toX\", from = \"fromX\") and static methods ";

    @Test
    void compile_whenTypesCannotBeStored_advisesTheTypeToChangeAndEmbeddableOnlyForTheUsersOwn() {
        JavaFileObject x = source("test.X",
                "package test;",
                "import dev.singletable.annotations.*;",
                "import java.util.*;",
                "@Entity(pk = \"C#{id}\", sk = \"X\")",
                "record X(String id,",
                "         char c,",
                "         Date d,",
                "         double price,",
                "         List<Inner> inners,",
                "         Map<Integer, String> byNumber,",
                "         Set<Double> scores,",
                "         Inner inner) {",
                "    record Inner(String a, int b) {}",
                "}");

        Compilation compilation = compile(x);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(String.join("\n",
                "6: X.c has type char, which singletable cannot store; store text as a String" + CONVERT
                        + "AttributeValue toX(char) and char fromX(AttributeValue)",
                "7: X.d has type java.util.Date, which singletable cannot store; store a point in time as a java.time.Instant (or a "
                        + "LocalDate for a day)" + CONVERT + "AttributeValue toX(Date) and Date fromX(AttributeValue)",
                "8: X.price has type double, which singletable cannot store; store it as a BigDecimal (exact decimals), or an int or "
                        + "long for whole numbers, as singletable stores no binary floating point (Double values would not read back as "
                        + "written)" + CONVERT + "AttributeValue toX(double) and double fromX(AttributeValue)",
                "9: X.inners has type java.util.List<test.X.Inner>, which singletable cannot store; its element type Inner cannot be "
                        + "stored: annotate Inner with @Embeddable to store it as a map of its properties" + CONVERT
                        + "AttributeValue toX(List) and List fromX(AttributeValue)",
                "10: X.byNumber has type java.util.Map<java.lang.Integer,java.lang.String>, which singletable cannot store; DynamoDB "
                        + "map keys are strings: declare it as Map<String, String> (the keys as text)" + CONVERT
                        + "AttributeValue toX(Map) and Map fromX(AttributeValue)",
                "11: X.scores has type java.util.Set<java.lang.Double>, which singletable cannot store; a Set holds String, Integer, "
                        + "Long, BigInteger, BigDecimal or ByteBuffer elements (DynamoDB's string, number and binary sets), not Double: "
                        + "store it as a BigDecimal (exact decimals), or an int or long for whole numbers, as singletable stores no binary "
                        + "floating point (Double values would not read back as written)" + CONVERT
                        + "AttributeValue toX(Set) and Set fromX(AttributeValue)",
                "12: X.inner has type test.X.Inner, which singletable cannot store; annotate Inner with @Embeddable to store it as a "
                        + "map of its properties" + CONVERT + "AttributeValue toX(Inner) and Inner fromX(AttributeValue)"));
    }

    @Test
    void compile_whenAKeySlotNamesAComponentOfAnUnstorableType_reportsOnlyTheType() {
        JavaFileObject x = source("test.X",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"C#{id}\", sk = \"T#{count}\")",
                "record X(String id, float count) {}");

        Compilation compilation = compile(x);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("4: X.count has type float, which singletable cannot "
                + "store; store it as a BigDecimal (exact decimals), or an int or long for whole numbers, as singletable stores no binary "
                + "floating point (Float values would not read back as written)" + CONVERT
                + "AttributeValue toX(float) and float fromX(AttributeValue)");
    }

    @Test
    void compile_whenAKeySlotNamesAnIgnoredComponent_saysItIsIgnored() {
        JavaFileObject x = source("test.X",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"C#{id}\", sk = \"M#{name}\")",
                "record X(String id, @Ignore String name) {}");

        Compilation compilation = compile(x);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("3: key template 'M#{name}' names {name}, but X.name is "
                + "@Ignore'd (neither written nor read), so it cannot fill a key slot; a slot needs a stored attribute: remove the "
                + "@Ignore, or the slot");
    }

    @Test
    void compile_whenASlotIsOnePropertysNameAndAnothersStoredName_reportsBothAtTheTemplate() {
        JavaFileObject x = source("test.X",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"C#{id}\", sk = \"S#{b}\")",
                "record X(String id, @Attribute(name = \"a2\") String b, @Attribute(name = \"b\") String c) {}");

        Compilation compilation = compile(x);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("3: key template 'S#{b}' names {b}, which is two "
                + "attributes of X: X.b by its property name (stored as 'a2') and X.c by its stored name; write {a2} for the first, {c} "
                + "for the second, or rename one with @Attribute(name = \"...\")");
    }

    @Test
    void compile_whenTheIndexConditionIsPrivateOrReturnsBoolean_saysWhatIsWrongWithIt() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{orderId}\", sk = \"ORDER\")",
                "@Index(name = \"GSI1\", pk = \"SHIPPED\", sk = \"{orderId}\", when = \"isShipped\")",
                "record Order(String orderId) {",
                "    private boolean isShipped() { return true; }",
                "}",
                "@Entity(pk = \"CART#{cartId}\", sk = \"CART\")",
                "@Index(name = \"GSI2\", pk = \"OPEN\", sk = \"{cartId}\", when = \"isOpen\")",
                "record Cart(String cartId) {",
                "    Boolean isOpen() { return null; }",
                "}");
        JavaFileObject table = source("test.Shop",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@TableDesign(name = \"Shop\", indexes = {@TableDesign.GlobalIndex(name = \"GSI1\", partitionKey = \"GSI1PK\", "
                        + "sortKey = \"GSI1SK\"), @TableDesign.GlobalIndex(name = \"GSI2\", partitionKey = \"GSI2PK\", sortKey = \"GSI2SK\")},",
                "        entities = {Order.class, Cart.class})",
                "final class Shop {}");

        Compilation compilation = compile(order, table);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(String.join("\n",
                "4: index GSI1: condition 'isShipped' is a method of Order, but no condition: boolean isShipped() is private, so the "
                        + "generated schema cannot call it: make it package-private or public; declare it as 'boolean isShipped()' in "
                        + "Order or 'static boolean isShipped(Order entity)'",
                "9: index GSI2: condition 'isOpen' is a method of Cart, but no condition: Boolean isOpen() returns Boolean, not "
                        + "boolean (a condition cannot be null); declare it as 'boolean isOpen()' in Cart or 'static boolean "
                        + "isOpen(Cart entity)'"));
        org.assertj.core.api.Assertions.assertThat(compilation.warnings()).isEmpty(); // no "not an @Entity" for the entity with errors
    }

    @Test
    void compile_whenCollectionMembersCanNeverSharePartition_reportsTheirTemplates() {
        JavaFileObject items = source("test.Items",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection",
                "sealed interface Items permits A, B {}",
                "@Entity(pk = \"C#{id}\", sk = \"A#{name}\") record A(String id, String name) implements Items {}",
                "@Entity(pk = \"D#{id}\", sk = \"PROFILE\") record B(String id, String email) implements Items {}");

        Compilation compilation = compile(items);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("4: @ItemCollection Items: members [A, B] can never "
                + "share a partition, as their partition key templates differ (the table: A 'C#{id}', B 'D#{id}'), so no query reads "
                + "them together; give them one partition key template on the table, or on an index they all have keys on");
    }

    @Test
    void compile_whenCollectionMembersShareAPartitionOnAnIndexOnly_compiles() {
        JavaFileObject items = source("test.Items",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection",
                "sealed interface Items permits A, B {}",
                "@Entity(pk = \"C#{id}\", sk = \"A\") @Index(name = \"GSI1\", pk = \"G#{group}\", sk = \"A#{id}\")",
                "record A(String id, String group) implements Items {}",
                "@Entity(pk = \"D#{id}\", sk = \"B\") @Index(name = \"GSI1\", pk = \"G#{team}\", sk = \"B#{id}\")",
                "record B(String id, String team) implements Items {}");

        assertThat(compile(items)).succeeded();
    }

    @Test
    void compile_whenAllWarningsAreErrors_compilesACorrectDesignWithPatterns() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"CUSTOMER#{customerId}\", sk = \"ORDER#{orderId}\")",
                "public record Order(String customerId, String orderId) implements CustomerItems {}");
        JavaFileObject items = source("test.CustomerItems",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection public sealed interface CustomerItems permits Order {}");
        JavaFileObject table = source("test.Shop",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@TableDesign(name = \"Shop\", entities = Order.class)",
                "public final class Shop {}");
        JavaFileObject reads = source("test.Reads",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@AccessPatterns(table = Shop.class)",
                "public interface Reads {",
                "    @Query java.util.List<Order> orders(String customerId);",
                "}");

        Compilation compilation = javac().withOptions("-Xlint:all", "-Werror").withProcessors(new SingleTableProcessor())
                .compile(order, items, table, reads);

        assertThat(compilation).succeededWithoutWarnings();
    }
}
