package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

/** Each access pattern that cannot be one call into the query API is a compile error at its method, with the fix. */
class PatternDiagnosticsTest {
    private static final JavaFileObject ORDER = JavaFileObjects.forSourceLines("test.Order",
            "package test;",
            "import dev.singletable.annotations.*;",
            "@Entity(pk = \"CUSTOMER#{customerId}\", sk = \"ORDER#{placedAt}#{orderId}\")",
            "@Index(name = \"GSI1\", pk = \"STATUS#{status}\", sk = \"{placedAt}\")",
            "record Order(String customerId, String orderId, java.time.Instant placedAt, String status,",
            "             @Attribute(required = true) java.math.BigDecimal total) {}");
    private static final JavaFileObject TABLE = JavaFileObjects.forSourceLines("test.Shop",
            "package test;",
            "import dev.singletable.annotations.*;",
            "@TableDesign(name = \"Shop\", indexes = {@TableDesign.GlobalIndex(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\"),",
            "        @TableDesign.GlobalIndex(name = \"GSI2\", partitionKey = \"GSI2PK\", sortKey = \"GSI2SK\")},",
            "        entities = Order.class)",
            "final class Shop {}");

    private JavaFileObject patterns;

    private Compilation compile(String... patternLines) {
        return compileWith(ORDER, patternLines);
    }

    /** The patterns' errors, one line each ({@code line: message}), to assert the whole text and that nothing else is reported. */
    private static String errors(Compilation compilation) {
        return compilation.errors().stream().map(d -> d.getLineNumber() + ": " + d.getMessage(null))
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    private Compilation compileWith(JavaFileObject order, String... patternLines) {
        String[] lines = new String[patternLines.length + 6];
        lines[0] = "package test;";
        lines[1] = "import dev.singletable.annotations.*;";
        lines[2] = "import java.util.*;";
        lines[3] = "@AccessPatterns(table = Shop.class)";
        lines[4] = "interface Patterns {";
        System.arraycopy(patternLines, 0, lines, 5, patternLines.length);
        lines[lines.length - 1] = "}";
        patterns = JavaFileObjects.forSourceLines("test.Patterns", lines);
        return javac().withProcessors(new SingleTableProcessor()).compile(order, TABLE, patterns);
    }

    @Test
    void compile_whenAParameterMatchesNoSlot_reportsTheSlotsAndTheClosestName() {
        Compilation compilation = compile(
                "    @Get",
                "    Optional<Order> order(String customerId, java.time.Instant placedAt,",
                "                          String orderNo);");

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("Patterns.order: parameter 'orderNo' fills slot {orderNo}, but Order's key templates "
                + "on the table have no such slot (their slots are [customerId, placedAt, orderId]); did you mean 'orderId'?; name the "
                + "parameter after a slot, or bind it with @Slot(\"...\")").inFile(patterns).onLine(8);
    }

    @Test
    void compile_whenAParameterNamesAnAttributeThatIsNoSlot_suggestsAFilter() {
        Compilation compilation = compile(
                "    @Query",
                "    List<Order> orders(String customerId, java.math.BigDecimal total);");

        assertThat(compilation).hadErrorContaining("Patterns.orders: parameter 'total' fills slot {total}, but Order's key templates on "
                + "the table have no such slot (their slots are [customerId, placedAt, orderId]); total is an attribute of Order but no "
                + "slot there: to filter on it, annotate the parameter @Filter").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAPartitionSlotIsUnbound_reportsTheParameterToAdd() {
        Compilation compilation = compile(
                "    @Query(index = \"GSI1\")",
                "    List<Order> byDate(@After(\"placedAt\") java.time.Instant since);");

        assertThat(compilation).hadErrorContaining("Patterns.byDate: key template 'STATUS#{status}' of Order on index GSI1 needs {status}, "
                + "which no parameter gives; add a parameter 'String status' (or bind one with @Slot)").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenASortConditionSkipsASlot_reportsTheSlotToGiveFirst() {
        Compilation compilation = compile(
                "    @Query",
                "    List<Order> after(String customerId,",
                "                      @After(\"orderId\") String orderId);");

        assertThat(compilation).hadErrorContaining("Patterns.after: the sort condition @After is on sort slot {orderId}, but the sort key "
                + "template 'ORDER#{placedAt}#{orderId}' reaches it only after {placedAt}, which no parameter gives; add a parameter for "
                + "{placedAt} before it, as sort key values fill the template from its first slot on").inFile(patterns).onLine(8);
    }

    @Test
    void compile_whenARawPrefixAndASortConditionMeet_reportsTheOneToDrop() {
        Compilation compilation = compile(
                "    @Query(sortBeginsWithRaw = \"ORDER#2026\")",
                "    List<Order> orders(String customerId,",
                "                       @After(\"placedAt\") java.time.Instant since);");

        assertThat(compilation).hadErrorContaining("Patterns.orders: @Query(sortBeginsWithRaw = \"ORDER#2026\") is the query's sort "
                + "condition, but parameter 'since' gives one too; a query takes one sort condition: drop the raw prefix, or the other")
                .inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenARawPrefixAndARawRangeMeet_reportsTheOneToDrop() {
        Compilation compilation = compile(
                "    @Query(sortBeginsWithRaw = \"ORDER#\", sortBetweenRaw = {\"ORDER#1\", \"ORDER#2\"})",
                "    List<Order> orders(String customerId);");

        assertThat(compilation).hadErrorContaining("Patterns.orders: @Query(sortBeginsWithRaw = \"ORDER#\") is the query's sort "
                + "condition, but @Query(sortBetweenRaw) gives one too; a query takes one sort condition: drop the raw prefix, or the other")
                .inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenTheIndexIsNotTheTables_reportsTheTablesIndexes() {
        Compilation compilation = compile(
                "    @Query(index = \"GSI3\")",
                "    List<Order> byStatus(String status);");

        assertThat(compilation).hadErrorContaining("Patterns.byStatus: index 'GSI3' is no index of table Shop; did you mean 'GSI1'?; the "
                + "table's indexes are [GSI1, GSI2]").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenTheEntityHasNoTemplateOnTheIndex_reportsTheIndexAnnotationToAdd() {
        Compilation compilation = compile(
                "    @Query(index = \"GSI2\")",
                "    List<Order> byStatus(String status);");

        assertThat(compilation).hadErrorContaining("Patterns.byStatus: Order has no key template on index 'GSI2' (it has keys on [GSI1]); "
                + "add @Index(name = \"GSI2\", pk = \"...\") to Order, or query an index it has keys on").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenTheProjectionLeavesOutARequiredAttribute_givesTheFixInTheAnnotation() {
        Compilation compilation = compile(
                "    @Query(select = {\"customerId\", \"orderId\", \"placedAt\"})",
                "    List<Order> ids(String customerId);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("7: Patterns.ids: Query of Order: the projection "
                + "[customerId, orderId, placedAt] leaves out required attribute total of Order, which cannot be built without it; add "
                + "it to @Query(select = {...}), or leave select out to read whole items");
    }

    @Test
    void compile_whenTheReturnTypeDoesNotFitThePattern_reportsTheFormsItTakes() {
        Compilation compilation = compile(
                "    @Get",
                "    List<Order> order(String customerId, java.time.Instant placedAt, String orderId);");

        assertThat(compilation).hadErrorContaining("Patterns.order: @Get cannot return List<Order>; it returns Optional<Order>").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAParameterHasAnotherTypeThanItsSlot_reportsTheTypeToDeclare() {
        Compilation compilation = compile(
                "    @Query(index = \"GSI1\")",
                "    List<Order> byStatus(int status);");

        assertThat(compilation).hadErrorContaining("Patterns.byStatus: parameter 'status' is int, but it fills Order.status, a String; "
                + "declare the parameter as String").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenTheCursorIsNotOnAPage_reportsHowToDeclareIt() {
        Compilation compilation = compile(
                "    @Query",
                "    List<Order> orders(String customerId, @Cursor String cursor);");

        assertThat(compilation).hadErrorContaining("Patterns.orders: @Cursor parameter 'cursor' must be a String on a query returning Page")
                .inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAMethodIsNoPattern_reportsTheAnnotationsToChooseFrom() {
        Compilation compilation = compile(
                "    @Get Optional<Order> order(String customerId, java.time.Instant placedAt, String orderId);",
                "    List<Order> orders(String customerId);");

        assertThat(compilation).hadErrorContaining("Patterns.orders is not an access pattern: annotate it with one of @Get, @BatchGet, "
                + "@Query, @Scan, @Put, @Create, @Update, @Delete, or make it a default method").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenSynchronousAndAsynchronousPatternsMix_reportsTheInterfaceToSplit() {
        Compilation compilation = compile(
                "    @Get Optional<Order> order(String customerId, java.time.Instant placedAt, String orderId);",
                "    @Query java.util.concurrent.CompletableFuture<List<Order>> orders(String customerId);");

        assertThat(compilation).hadErrorContaining("Patterns.orders returns a CompletableFuture, unlike the first pattern of Patterns, "
                + "which is synchronous; an interface is implemented on a Table or on an AsyncTable: declare the asynchronous patterns "
                + "(returning CompletableFuture) on an interface of their own").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAPublisherIsInAFuture_saysAPublisherIsReturnedAsItIs() {
        Compilation compilation = compile(
                "    @Query java.util.concurrent.CompletableFuture<List<Order>> orders(String customerId);",
                "    @Query java.util.concurrent.CompletableFuture<java.util.concurrent.Flow.Publisher<Order>> stream(String customerId);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("7: Patterns.stream: @Query cannot return "
                + "CompletableFuture<Publisher<Order>>; it returns CompletableFuture<List<Order>>, CompletableFuture<Optional<Order>>, "
                + "CompletableFuture<Page<Order>>, CompletableFuture<Long> (a count), Flow.Publisher<Order> (a stream, not in a "
                + "CompletableFuture)");
    }

    @Test
    void compile_whenTheTableIsNoDesign_reportsTheClassToName() {
        JavaFileObject noDesign = JavaFileObjects.forSourceLines("test.Patterns",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@AccessPatterns(table = String.class)",
                "interface Patterns {}");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(ORDER, TABLE, noDesign);

        assertThat(compilation).hadErrorContaining("@AccessPatterns(table = java.lang.String.class): java.lang.String is not annotated "
                + "@TableDesign, or its design has mistakes; name the class holding the table's @TableDesign").inFile(noDesign).onLine(4);
    }

    @Test
    void compile_whenAnExampleGivesTooFewValues_reportsTheParameters() {
        Compilation compilation = compile(
                "    @Query(index = \"GSI1\") @Example(\"PENDING\")",
                "    List<Order> byStatus(String status, @After(\"placedAt\") java.time.Instant since);");

        assertThat(compilation).hadErrorContaining("Patterns.byStatus: @Example gives 1 values for 2 parameters [status, since]; give "
                + "one per parameter, in order (an empty string for a @Cursor)").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAnExampleValueIsNoNumber_reportsTheParameter() {
        Compilation compilation = compile(
                "    @Query @Example({\"C1\", \"cheap\"})",
                "    List<Order> big(String customerId, @Filter(\"total\") java.math.BigDecimal total);");

        assertThat(compilation).hadErrorContaining("Patterns.big: @Example value 'cheap' for parameter 'total' (BigDecimal) is not a "
                + "decimal (such as 12.50); give such a value").inFile(patterns).onLine(6);
    }

    @Test
    void compile_whenPatternsAreInherited_implementsThemToo() throws java.io.IOException {
        JavaFileObject base = JavaFileObjects.forSourceLines("test.OrderReads",
                "package test;",
                "import dev.singletable.annotations.*;",
                "import java.util.*;",
                "interface OrderReads {",
                "    @Get Optional<Order> order(String customerId, java.time.Instant placedAt, String orderId);",
                "}");
        JavaFileObject patterns = JavaFileObjects.forSourceLines("test.Patterns",
                "package test;",
                "import dev.singletable.annotations.*;",
                "import java.util.*;",
                "@AccessPatterns(table = Shop.class)",
                "interface Patterns extends OrderReads {",
                "    @Query List<Order> orders(String customerId);",
                "}");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(ORDER, TABLE, base, patterns);

        assertThat(compilation).succeeded();
        org.assertj.core.api.Assertions.assertThat(compilation.generatedSourceFile("test.PatternsPatterns").orElseThrow()
                .getCharContent(true).toString()).contains("public List<Order> orders(String customerId)")
                .contains("public Optional<Order> order(String customerId, Instant placedAt, String orderId)");
    }

    @Test
    void compile_whenAScanParameterIsNoFilter_reportsItAtTheParameterWithTheFilterToWrite() {
        Compilation compilation = compile(
                "    @Scan",
                "    List<Order> orders(String status);");

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("Patterns.orders: parameter 'status' of a @Scan is no @Filter; a scan has no key to "
                + "fill: annotate it @Filter(\"status\") to filter on an attribute, or declare a @Query whose key the parameter fills")
                .inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAScanParameterHasASortCondition_saysTheConditionIsForAQuery() {
        Compilation compilation = compile(
                "    @Scan",
                "    List<Order> orders(@After(\"placedAt\") java.time.Instant since);");

        assertThat(compilation).hadErrorContaining("Patterns.orders: parameter 'since' of a @Scan is no @Filter (@After is for a @Query's "
                + "key); a scan has no key to fill: annotate it @Filter(\"attribute\") to filter on an attribute, or declare a @Query "
                + "whose key the parameter fills").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAScanFilterNamesNoAttribute_reportsTheClosestAttribute() {
        Compilation compilation = compile(
                "    @Scan",
                "    List<Order> orders(@Filter(\"totl\") java.math.BigDecimal total);");

        assertThat(compilation).hadErrorContaining("Patterns.orders: @Filter names 'totl', which is no attribute of Order; did you mean "
                + "'total'? (attributes: [customerId, orderId, placedAt, status, total])").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAScanNamesAnUnknownIndexOrANegativeLimit_reportsThem() {
        Compilation compilation = compile(
                "    @Scan(index = \"GSI3\")",
                "    List<Order> onIndex();",
                "    @Scan(limit = -1)",
                "    List<Order> limited();");

        assertThat(compilation).hadErrorContaining("Patterns.onIndex: index 'GSI3' is no index of table Shop; did you mean 'GSI1'?; the "
                + "table's indexes are [GSI1, GSI2]").inFile(patterns).onLine(7);
        assertThat(compilation).hadErrorContaining("Patterns.limited: @Scan(limit = -1) is negative; give 0 (all) or more")
                .inFile(patterns).onLine(9);
    }

    @Test
    void compile_whenAScanReadsAnIndexTheEntityHasNoKeysOn_reportsTheIndexAnnotationToAdd() {
        Compilation compilation = compile(
                "    @Scan(index = \"GSI2\")",
                "    List<Order> onIndex();");

        assertThat(compilation).hadErrorContaining("Patterns.onIndex: Order has no key template on index 'GSI2' (it has keys on [GSI1]); "
                + "add @Index(name = \"GSI2\", pk = \"...\") to Order, or query an index it has keys on").inFile(patterns).onLine(7);
    }

    @Test
    void compile_whenAScanCountNamesNoEntity_listsTheReturnTypesAScanTakes() {
        Compilation compilation = compile(
                "    @Scan",
                "    long orders();");

        assertThat(compilation).hadErrorContaining("Patterns.orders: @Scan cannot return long; it returns List<E>, Stream<E>, "
                + "Optional<E>, Page<E>, long (a count, with @Scan(entity = E.class)) of an @Entity E or an @ItemCollection E of table Shop")
                .inFile(patterns).onLine(7);
    }

    // ------------------------------------------------------------------ review of the processor (h37): findings 1-4, 12, 14

    @Test
    void compile_whenTwoKeyParametersFillOneSlot_reportsTheSecondInsteadOfDroppingTheFirst() {
        Compilation compilation = compile(
                "    @Get Optional<Order> order(String customerId, java.time.Instant placedAt, String orderId,",
                "                               @Slot(\"orderId\") String again);",
                "    @Query List<Order> orders(String customerId,",
                "                              @Slot(\"customerId\") String other);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "7: Patterns.order: parameters 'orderId' and 'again' both fill slot {orderId}; a slot takes one value, so one argument "
                        + "would be dropped: remove one, or make one a @Filter\n"
                        + "9: Patterns.orders: parameters 'customerId' and 'other' both fill slot {customerId}; a slot takes one value, so "
                        + "one argument would be dropped: remove one, or make one a @Filter");
    }

    @Test
    void compile_whenABeginsWithFilterIsOnANumber_reportsItAtTheParameter() {
        Compilation compilation = compile(
                "    @Query",
                "    List<Order> big(String customerId, @Filter(value = \"total\", op = Filter.Op.BEGINS_WITH) java.math.BigDecimal min);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "7: Patterns.big: @Filter(op = BEGINS_WITH) on 'total' needs a String attribute, but Order.total is a BigDecimal; "
                        + "begins_with compares text prefixes: filter it with another op (EQUALS, GREATER_THAN_OR_EQUAL, ...)");
    }

    @Test
    void compile_whenAnOrderedFilterIsOnAnInstant_reportsItAtTheParameterAsItsStoredTextDoesNotSortInTimeOrder() {
        Compilation compilation = compile(
                "    @Query",
                "    List<Order> since(String customerId, @Filter(value = \"placedAt\", op = Filter.Op.GREATER_THAN) java.time.Instant t);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "7: Patterns.since: @Filter(op = GREATER_THAN) on 't' compares the stored values of Order.placedAt (Instant), and an "
                        + "instant is stored as ISO-8601 text whose fraction varies in width and which ends in Z, so 2025-01-01T00:00:00Z "
                        + "sorts after 2025-01-01T00:00:00.500Z, half a second later: DynamoDB would silently give wrong answers; compare "
                        + "it through a sort-key slot, whose fixed-width text keeps time order (a query's sort key range), or store it as "
                        + "epoch seconds (@EpochSeconds on the property), a Number DynamoDB compares by value");
    }

    @Test
    void compile_whenAnOrderedFilterIsOnAnEnumAndAnEqualsFilterOnAnInstant_reportsOnlyTheEnumsAtItsParameter() {
        JavaFileObject order = JavaFileObjects.forSourceLines("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"CUSTOMER#{customerId}\", sk = \"ORDER#{orderId}\")",
                "record Order(String customerId, String orderId, java.time.Instant placedAt, Order.Status status) {",
                "    enum Status { NEW, PAID }",
                "}");
        Compilation compilation = compileWith(order,
                "    @Query",
                "    List<Order> paid(String customerId, @Filter(value = \"status\", op = Filter.Op.LESS_THAN) Order.Status s,",
                "                     @Filter(\"placedAt\") java.time.Instant at);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "7: Patterns.paid: @Filter(op = LESS_THAN) on 's' compares the stored values of Order.status (Status), and an enum is "
                        + "stored as its constant's name, which sorts alphabetically, not in the order the constants are declared: "
                        + "DynamoDB would silently give wrong answers; compare it with op = EQUALS, naming the values wanted");
    }

    @Test
    void compile_whenAnExampleValueIsNoInstant_reportsItAtTheExampleWithTheFormItTakes() {
        Compilation compilation = compile(
                "    @Query @Example({\"C1\", \"yesterday\"})",
                "    List<Order> since(String customerId, @After(\"placedAt\") java.time.Instant t);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "6: Patterns.since: @Example value 'yesterday' for parameter 't' (Instant) is not an instant (such as "
                        + "2025-01-31T12:00:00Z, or epoch seconds); give such a value");
    }

    @Test
    void compile_whenAnExampleValueIsNoConstantOfTheEnum_reportsTheConstants() {
        JavaFileObject order = JavaFileObjects.forSourceLines("test.Order",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"CUSTOMER#{customerId}\", sk = \"ORDER#{placedAt}#{orderId}\")",
                "@Index(name = \"GSI1\", pk = \"STATUS#{status}\", sk = \"{placedAt}\")",
                "record Order(String customerId, String orderId, java.time.Instant placedAt, Status status) {",
                "    enum Status { PLACED, SHIPPED }",
                "}");

        Compilation compilation = compileWith(order,
                "    @Query(index = \"GSI1\") @Example(\"DELIVERED\")",
                "    List<Order> byStatus(Order.Status status);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "6: Patterns.byStatus: @Example value 'DELIVERED' for parameter 'status' (Status) is not one of Status's constants "
                        + "[PLACED, SHIPPED]; give such a value");
    }

    @Test
    void compile_whenOverloadedPatternsHaveExamples_reportsTheSecondPatternName() {
        Compilation compilation = compile(
                "    @Query(index = \"GSI1\") @Example(\"PLACED\")",
                "    List<Order> byStatus(String status);",
                "    @Query(index = \"GSI1\") @Example({\"PLACED\", \"2025-01-01T00:00:00Z\"})",
                "    List<Order> byStatus(String status, @After(\"placedAt\") java.time.Instant t);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "9: Patterns.byStatus: its pattern name in the design file, 'by-status', is already taken by Patterns.byStatus(String); "
                        + "the file names each pattern once: rename one of the methods");
    }

    @Test
    void compile_whenAnUpdateSetsAKeyAttribute_saysAKeyCannotBeUpdated() {
        Compilation compilation = compile(
                "    @Update(set = \"customerId\")",
                "    Order move(String customerId, java.time.Instant placedAt, String orderId);");

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo(
                "7: Patterns.move: @Update(set) names 'customerId', which fills a slot of Order's primary key template "
                        + "'CUSTOMER#{customerId}'; DynamoDB cannot update a key attribute (an item with another key is another item): "
                        + "delete the item and create it with the new key (in one transaction), or set other attributes");
    }

    @Test
    void compile_whenTheCoreRefusesACollectionQuery_namesTheCollectionNotTheStandIn() {
        JavaFileObject items = JavaFileObjects.forSourceLines("test.Items",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection sealed interface Items permits A, B {}",
                "@Entity(pk = \"C#{id}\", sk = \"A\") record A(String id) implements Items {}",
                "@Entity(pk = \"C#{id}\", sk = \"B\") record B(@Attribute(name = \"key\") String id) implements Items {}");
        JavaFileObject table = JavaFileObjects.forSourceLines("test.Shop",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@TableDesign(name = \"Shop\", entities = {A.class, B.class})",
                "final class Shop {}");
        JavaFileObject reads = JavaFileObjects.forSourceLines("test.Patterns",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@AccessPatterns(table = Shop.class)",
                "interface Patterns {",
                "    @Query java.util.List<Items> all(String id);",
                "}");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(items, table, reads);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).startsWith("5: Patterns.all: Query of Items[A, B] on the table: ");
    }

    @Test
    void compile_whenAnIndexDoesNotHoldWhatAQueryNeeds_givesTheFixesAnAnnotatedPatternHas() {
        JavaFileObject table = JavaFileObjects.forSourceLines("test.Shop",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@TableDesign(name = \"Shop\", indexes = @TableDesign.GlobalIndex(name = \"GSI1\", partitionKey = \"GSI1PK\", "
                        + "sortKey = \"GSI1SK\", projection = TableDesign.ProjectionType.KEYS_ONLY),",
                "        entities = Order.class)",
                "final class Shop {}");
        JavaFileObject reads = JavaFileObjects.forSourceLines("test.Patterns",
                "package test;",
                "import dev.singletable.annotations.*;",
                "@AccessPatterns(table = Shop.class)",
                "interface Patterns {",
                "    @Query(index = \"GSI1\") java.util.List<Order> byStatus(String status);",
                "}");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(ORDER, table, reads);

        assertThat(compilation).failed();
        org.assertj.core.api.Assertions.assertThat(errors(compilation)).isEqualTo("5: Patterns.byStatus: Query of Order on index GSI1, "
                + "which projects KEYS_ONLY: the index does not hold [entityType, customerId, orderId, placedAt, status, total], which "
                + "the read needs; select only attributes the index holds with @Query(select = {...}), or add the ones it lacks to "
                + "include of @TableDesign.GlobalIndex(name = \"GSI1\") (or give it projection = ProjectionType.ALL)");
    }
}
