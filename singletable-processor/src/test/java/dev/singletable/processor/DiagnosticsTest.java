package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

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
                + "cannot store; annotate AtomicLong with @Embeddable, or add @Convert(to = \"toX\", from = \"fromX\") with static "
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
    void compile_whenKeySlotIsAList_reportsStorage() {
        JavaFileObject order = source("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"ORDER#{tags}\", sk = \"ORDER\")",
                "record Order(",
                "        java.util.List<String> tags) {}");

        Compilation compilation = compile(order);

        assertThat(compilation).hadErrorContaining("Order.tags fills a slot of key template 'ORDER#{tags}' but is stored as "
                + "AttributeTypes.STRING_LIST").inFile(order).onLine(5);
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

        assertThat(compile(order)).hadErrorContaining("key template 'ORDER#{orderId}{day}' is malformed: slots {orderId} and the one "
                + "at index 15 touch; separate them with literal text such as '#', or the key cannot be parsed back")
                .inFile(order).onLine(3);
    }

    @Test
    void compile_whenTimeToLiveIsAString_reportsTheTypesItTakes() {
        JavaFileObject session = source("test.Session",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"SESSION#{id}\", sk = \"SESSION\")",
                "record Session(String id,",
                "               @TimeToLive String expires) {}");

        assertThat(compile(session)).hadErrorContaining("Session.expires: @TimeToLive needs an Instant or a long of epoch seconds, "
                + "not java.lang.String").inFile(session).onLine(5);
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
}
