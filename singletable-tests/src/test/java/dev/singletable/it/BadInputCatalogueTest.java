package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.BatchOptions;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.InvalidCursorException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemDecodingException;
import dev.singletable.ItemKey;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.Page;
import dev.singletable.ReadConsistency;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.singletable.it.BadInputModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Issue 14's catalogue: bad inputs through the public API, one row each (what is given, the call, the
 * exception type, a fragment of its message), each proving by a read-back of the whole table that
 * nothing was written; and inputs that look odd but must work, each reading back the stored item and
 * the entity exactly. Rows needing transactions or PartiQL are in their own tests, which declare it.
 */
class BadInputCatalogueTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;
    private static AsyncTable asyncTable;

    /** A call that is expected to fail. */
    @FunctionalInterface
    interface Call {
        void run() throws Exception;
    }

    /** One bad input: what it is, the call, and what it must throw. */
    record Bad(String input, Call call, Class<? extends Throwable> type, String fragment) {
        @Override
        public String toString() {
            return input;
        }
    }

    private static Bad bad(String input, Call call, Class<? extends Throwable> type, String fragment) {
        return new Bad(input, call, type, fragment);
    }

    // an entity no table holds
    record Stray(String id) {}

    static final Attribute<Stray, String> S_ID = Attribute.required("id", AttributeTypes.STRING, Stray::id);
    static final EntitySchema<Stray> STRAY = EntitySchema.builder(Stray.class).attributes(S_ID).primaryKey("STRAY#{id}", "STRAY")
            .factory(i -> new Stray(i.get(S_ID))).build();

    // an attribute of Order's Java type under Order's attribute name "note", but of another type
    static final Attribute<Order, Integer> NOTE_AS_NUMBER = Attribute.of("note", AttributeTypes.INTEGER, o -> 1);

    private static final String BIG = "x".repeat(250 * 1024);

    @BeforeAll
    static void seed() {
        table = Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
        asyncTable = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(CLOCK).build();
        table.create(new Customer("C1", "Ada", "ada@example.com"));
        table.create(order("C1", "O1"));
        table.create(order("C1", "O2"));
        table.create(new Account("A1", 100, null));
        table.create(new Reading("S1", 1, 10, Set.of("a")));
        table.create(new Customer("BIG", BIG, null));
    }

    // ------------------------------------------------------------------ bad inputs

    static Stream<Arguments> badInputs() {
        KeyValues o1 = orderKey("C1", "O1");
        List<Bad> rows = new ArrayList<>();
        // nulls
        rows.add(bad("put(null)", () -> table.put(null), NullArgumentException.class, "Table.put(entity): entity is null"));
        rows.add(bad("put(order, null condition)", () -> table.put(order("C1", "N1"), null), NullArgumentException.class,
                "Table.put(condition): condition is null; use Condition.none()"));
        rows.add(bad("create(null)", () -> table.create(null), NullArgumentException.class, "Table.create(entity): entity is null"));
        rows.add(bad("replace(null)", () -> table.replace(null), NullArgumentException.class, "Table.replace(entity): entity is null"));
        rows.add(bad("get(null, key)", () -> table.get(null, o1), NullArgumentException.class, "Table.get(entity): entity is null"));
        rows.add(bad("get(ORDER, null)", () -> table.get(ORDER, null), NullArgumentException.class, "Table.get(key): key is null"));
        rows.add(bad("get(ORDER, key, null consistency)", () -> table.get(ORDER, o1, null), NullArgumentException.class,
                "Table.get(consistency): consistency is null; give ReadConsistency.EVENTUAL"));
        rows.add(bad("query(null entity)", () -> table.query((EntitySchema<Order>) null), NullArgumentException.class,
                "Table.query(entities): entities is null; give the EntitySchema or the EntityCollection to read"));
        rows.add(bad("query(null collection)", () -> table.query((EntityCollection<Order>) null), NullArgumentException.class,
                "Table.query(entities): entities is null"));
        rows.add(bad("scan(null)", () -> table.scan((EntitySchema<Order>) null), NullArgumentException.class,
                "Table.scan(entities): entities is null; give the EntitySchema or the EntityCollection to read"));
        rows.add(bad("update(ORDER, null key, changes)", () -> table.update(ORDER, null, u -> u.set(O_NOTE, "n")),
                NullArgumentException.class, "Table.update(key): key is null"));
        rows.add(bad("update(ORDER, key, null changes)", () -> table.update(ORDER, o1, null), NullArgumentException.class,
                "Table.update(changes): changes is null"));
        rows.add(bad("upsert(ORDER, key, null changes)", () -> table.upsert(ORDER, o1, null), NullArgumentException.class,
                "Table.upsert(changes): changes is null"));
        rows.add(bad("delete(ORDER, null key)", () -> table.delete(ORDER, null), NullArgumentException.class, "Table.delete(key): key is null"));
        rows.add(bad("delete(null current)", () -> table.delete((Object) null), NullArgumentException.class,
                "Table.delete(current): current is null"));
        rows.add(bad("move(ORDER, key, null moved)", () -> table.move(ORDER, o1, null), NullArgumentException.class,
                "Table.move(moved): moved is null"));
        rows.add(bad("batchGet(null)", () -> table.batchGet(null), NullArgumentException.class, "Table.batchGet(keys): keys is null"));
        rows.add(bad("transactGet(null)", () -> table.transactGet(null), NullArgumentException.class, "Table.transactGet(keys): keys is null"));
        rows.add(bad("keyOf(null)", () -> table.keyOf(null), NullArgumentException.class, "Table.keyOf(entity): entity is null"));
        rows.add(bad("partiql(ORDER, null)", () -> table.partiql(ORDER, null), NullArgumentException.class,
                "Table.partiql(statement): statement is null"));
        rows.add(bad("retryOnConflict(ACCOUNT, key, null change)", () -> table.retryOnConflict(ACCOUNT, KeyValues.of(A_ID, "A1"), null),
                NullArgumentException.class, "Table.retryOnConflict(change): change is null"));
        rows.add(bad("toItem(null)", () -> table.toItem(null), NullArgumentException.class, "Table.toItem(entity): entity is null"));
        rows.add(bad("fromItem(ORDER, null)", () -> table.fromItem(ORDER, null), NullArgumentException.class,
                "Table.fromItem(item): item is null"));
        rows.add(bad("asyncTable.put(null): the future fails", () -> join(asyncTable.put(null)), NullArgumentException.class,
                "AsyncTable.put(entity): entity is null"));
        rows.add(bad("asyncTable.get(ORDER, null): the future fails", () -> join(asyncTable.get(ORDER, null)), NullArgumentException.class,
                "AsyncTable.get(key): key is null"));
        rows.add(bad("query(ORDER).partition(null)", () -> table.query(ORDER).partition(null), NullArgumentException.class,
                "Query.partition(values): values is null"));
        rows.add(bad("query(ORDER).filter(null)", () -> table.query(ORDER).filter(null), NullArgumentException.class,
                "Query.filter(filter): filter is null; use Condition.none()"));
        rows.add(bad("asyncTable.query(ORDER).filter(null)", () -> asyncTable.query(ORDER).filter(null), NullArgumentException.class,
                "AsyncQuery.filter(filter): filter is null"));
        rows.add(bad("query(ORDER).page(null cursor)", () -> table.query(ORDER).partition(O_CUSTOMER, "C1").page(null),
                NullArgumentException.class, "Query.page(cursor): cursor is null"));
        rows.add(bad("KeyValues.of(ORDER_ID, null)", () -> KeyValues.of(O_ID, null), NullArgumentException.class,
                "KeyValues.of(value): value is null; key slot 'orderId' needs a value"));
        rows.add(bad("Condition.eq(NOTE, null)", () -> Condition.eq(O_NOTE, null), NullArgumentException.class,
                "use Condition.notExists(NOTE) to ask for an absent note"));
        rows.add(bad("Condition.eq(null path, value)", () -> Condition.eq((dev.singletable.DocumentPath<Order, String>) null, "n"),
                NullArgumentException.class, "Condition.eq(path): path is null; give an Attribute, or an AttributePath such as "
                        + "HOME.then(CITY), TAGS.at(0) or COUNTERS.key(\"views\")"));
        rows.add(bad("update set(null path, value)", () -> table.update(ORDER, o1, u -> u.set((dev.singletable.DocumentPath<Order, String>) null, "n")),
                NullArgumentException.class, "Update.set(path): path is null; give an Attribute, or an AttributePath"));
        rows.add(bad("update set(NOTE, null)", () -> table.update(ORDER, o1, u -> u.set(O_NOTE, null)), NullArgumentException.class,
                "Update.set(value): value is null; null is not a value of Order.note: use remove(note)"));
        rows.add(bad("Table.builder(null schema, client)", () -> Table.builder(null, db.client()), NullArgumentException.class,
                "Table.builder(schema): schema is null"));
        rows.add(bad("transaction().put(null)", () -> table.transaction().put(null), NullArgumentException.class,
                "WriteTransaction.put(entity): entity is null"));
        rows.add(bad("batchWrite().put(null)", () -> table.batchWrite().put(null), NullArgumentException.class,
                "BatchWrite.put(entity): entity is null"));
        // keys
        rows.add(bad("get with the sort key slot missing", () -> table.get(ORDER, KeyValues.of(O_CUSTOMER, "C1")), ValidationException.class,
                "needs a value for 'orderId'"));
        rows.add(bad("get with a name that is no slot", () -> table.get(ORDER, o1.and("nope", "x")), ValidationException.class, "nope"));
        rows.add(bad("get with a number for a String slot", () -> table.get(ORDER, KeyValues.of("customerId", 42).and("orderId", "O1")),
                ValidationException.class, "customerId"));
        rows.add(bad("put with a null key attribute", () -> table.put(order(null, "O9")), ValidationException.class, "customerId"));
        rows.add(bad("put with a partition key over 2048 bytes", () -> table.put(order("c".repeat(2100), "O1")), ValidationException.class,
                "2048"));
        rows.add(bad("put with a sort key over 1024 bytes", () -> table.put(order("C1", "o".repeat(1100))), ValidationException.class,
                "1024"));
        rows.add(bad("put of an entity no table holds", () -> table.put(new Stray("s")), SchemaDefinitionException.class, "Stray"));
        rows.add(bad("get of an entity not in the table", () -> table.get(STRAY, KeyValues.of(S_ID, "s")), SchemaDefinitionException.class,
                "Stray"));
        rows.add(bad("KeyValues with one name given twice", () -> KeyValues.of(O_ID, "a").and(O_ID, "b"), ValidationException.class,
                "given twice"));
        // queries
        rows.add(bad("query without partition", () -> table.query(ORDER).list(), ValidationException.class, "has no partition key"));
        rows.add(bad("query partition given the sort key slot too (issue 14)", () -> table.query(ORDER).partition(o1).list(),
                ValidationException.class, "'orderId' is a slot of the sort key template 'ORDER#{orderId}': give it with sortEquals"));
        rows.add(bad("query partition given an unknown name", () -> table.query(ORDER).partition(KeyValues.of(O_CUSTOMER, "C1").and("nope", 1))
                .list(), ValidationException.class, "partition(...) was given 'nope'"));
        rows.add(bad("query sortEquals on a name that is no sort slot", () -> table.query(ORDER).partition(O_CUSTOMER, "C1")
                .sortEquals(KeyValues.of(O_STATUS, Status.NEW)).list(), ValidationException.class, "has no slot for 'status'"));
        rows.add(bad("query with two sort key conditions", () -> table.query(ORDER).partition(O_CUSTOMER, "C1")
                .sortEquals(KeyValues.of(O_ID, "O1")).sortBeginsWith(KeyValues.of(O_ID, "O")), ValidationException.class,
                "already has sort key condition"));
        rows.add(bad("query sortBetween reversed", () -> table.query(READING).partition(R_SENSOR, "S1")
                .sortBetween(KeyValues.of(R_SEQ, 10L), KeyValues.of(R_SEQ, 5L)).list(), ValidationException.class, "swap them"));
        rows.add(bad("query sortBetweenRaw reversed", () -> table.query(READING).partition(R_SENSOR, "S1").sortBetweenRaw("SEQ#b", "SEQ#a")
                .list(), ValidationException.class, "swap them"));
        rows.add(bad("query sortBeginsWithRaw empty", () -> table.query(ORDER).partition(O_CUSTOMER, "C1").sortBeginsWithRaw(""),
                ValidationException.class, "non-empty prefix"));
        rows.add(bad("consistent read on a GSI", () -> table.query(ORDER).index("GSI1").consistentRead(), ValidationException.class,
                "consistent reads are not available on GSI 'GSI1'"));
        rows.add(bad("query of an unknown index", () -> table.query(ORDER).index("GSI9"), ValidationException.class, "has no index 'GSI9'"));
        rows.add(bad("query of an index the entity is not on", () -> table.query(ACCOUNT).index("GSI1").partition(A_ID, "A1").list(),
                ValidationException.class, "Account has no keys on index GSI1"));
        rows.add(bad("limit(0)", () -> table.query(ORDER).limit(0), ValidationException.class, "limit must be at least 1, got 0"));
        rows.add(bad("pageSize(-1)", () -> table.query(ORDER).pageSize(-1), ValidationException.class, "page size must be at least 1"));
        rows.add(bad("select leaving out required attributes", () -> table.query(ORDER).select(O_NOTE), ValidationException.class,
                "leaves out required attributes"));
        rows.add(bad("select of another entity's attribute", () -> table.query(ORDER).select(C_EMAIL), ValidationException.class,
                "projected attribute 'email' is not an attribute of Order"));
        rows.add(bad("selectMaps of nothing", () -> table.query(ORDER).selectMaps(), ValidationException.class,
                "a projection needs at least one attribute"));
        rows.add(bad("filter on another entity's attribute (issue 14)", () -> table.query(ORDER).partition(O_CUSTOMER, "C1")
                .filter(Condition.eq(C_EMAIL, "ada@example.com")), ValidationException.class,
                "names 'email', which is not an attribute of Order"));
        rows.add(bad("filter on a misspelt name", () -> table.query(ORDER).partition(O_CUSTOMER, "C1").filter(Condition.exists("totl")),
                ValidationException.class, "did you mean 'total'?"));
        rows.add(bad("query filter on the table's key attribute", () -> table.query(ORDER).partition(O_CUSTOMER, "C1")
                .filter(Condition.beginsWith(rawStringAttribute("SK"), "ORDER#")).list(), ValidationException.class,
                "names key attribute 'SK', which DynamoDB takes only in the key condition"));
        rows.add(bad("GSI query filter on the index's key attribute", () -> table.query(ORDER).index("GSI1").partition(O_STATUS, Status.NEW)
                .filter(Condition.exists("GSI1SK")).list(), ValidationException.class, "names key attribute 'GSI1SK'"));
        rows.add(bad("scan filter on another entity's attribute", () -> table.scan(ACCOUNT).filter(Condition.exists(C_NAME)),
                ValidationException.class, "names 'name', which is not an attribute of Account"));
        rows.add(bad("Condition.between reversed numbers (issue 14)", () -> Condition.between(O_TOTAL, new BigDecimal("10"),
                new BigDecimal("5")), ValidationException.class, "low 10 is above high 5"));
        rows.add(bad("Condition.between reversed strings", () -> Condition.between(O_NOTE, "b", "a"), ValidationException.class,
                "low \"b\" is above high \"a\""));
        rows.add(bad("Condition.between on an enum (stored as names, which sort alphabetically)",
                () -> Condition.between(O_STATUS, Status.NEW, Status.SHIPPED), ValidationException.class,
                "an enum is stored as its constant's name, which sorts alphabetically"));
        rows.add(bad("Condition.in with no values", () -> Condition.in(O_NOTE, List.of()), ValidationException.class, "DynamoDB takes 1 to 100"));
        rows.add(bad("Condition.in with 101 values", () -> Condition.in(O_NOTE, IntStream.range(0, 101).mapToObj(Integer::toString).toList()),
                ValidationException.class, "has 101 values"));
        rows.add(bad("Condition.not(none())", () -> Condition.not(Condition.none()), ValidationException.class, "would never hold"));
        rows.add(bad("Condition.exists(\"\")", () -> Condition.exists(""), ValidationException.class, "empty attribute name"));
        rows.add(bad("scan segment out of range", () -> table.scan(ORDER).segment(5, 2), ValidationException.class, "segment 5 of 2"));
        rows.add(bad("a cursor that is not one", () -> table.query(ORDER).partition(O_CUSTOMER, "C1").page("garbage"),
                InvalidCursorException.class, "cursor"));
        rows.add(bad("a cursor of another query", () -> {
            Page<Order> first = table.query(ORDER).partition(O_CUSTOMER, "C1").limit(1).page();
            table.query(ORDER).partition(O_CUSTOMER, "C2").limit(1).page(first.cursor().orElseThrow());
        }, InvalidCursorException.class, "another query"));
        // writes
        rows.add(bad("create of an existing item", () -> table.create(order("C1", "O1")), ItemAlreadyExistsException.class, "O1"));
        rows.add(bad("replace of a missing item", () -> table.replace(order("C1", "NOPE")), ItemNotFoundException.class, "NOPE"));
        rows.add(bad("put whose condition fails", () -> table.put(order("C1", "O1"), Condition.eq(O_NOTE, "never")),
                ConditionFailedException.class, "note"));
        rows.add(bad("put condition on another entity's attribute (issue 14)", () -> table.put(order("C1", "O1"),
                Condition.eq(C_EMAIL, "x")), ValidationException.class, "put of Order: the condition email = :v0 with :v0=\"x\" names 'email'"));
        rows.add(bad("update condition on another entity's attribute (issue 14)", () -> table.update(ORDER, o1, u -> u.set(O_NOTE, "n"),
                Condition.exists(A_BALANCE)), ValidationException.class, "update of Order: the condition attribute_exists(balance)"));
        rows.add(bad("upsert that would create an item lacking required attributes (it was written, then failed to decode)",
                () -> table.upsert(ORDER, orderKey("C1", "U1"), u -> u.set(O_NOTE, "n")), ValidationException.class,
                "does not set required attributes [status, placedAt]: an item it creates could not be read back as Order"));
        rows.add(bad("upsert condition on a name no entity has", () -> table.upsert(ORDER, o1, u -> u.set(O_NOTE, "n"),
                Condition.exists("nope")), ValidationException.class, "names 'nope'"));
        rows.add(bad("delete condition on another entity's attribute", () -> table.delete(ORDER, o1, Condition.exists(R_LEVEL)),
                ValidationException.class, "delete of Order: the condition attribute_exists(level) names 'level'"));
        rows.add(bad("delete whose condition fails", () -> table.delete(ORDER, o1, Condition.eq(O_NOTE, "never")),
                ConditionFailedException.class, "note"));
        rows.add(bad("update of a missing item", () -> table.update(ORDER, orderKey("C1", "NOPE"), u -> u.set(O_NOTE, "n")),
                ItemNotFoundException.class, "NOPE"));
        rows.add(bad("update changing a primary key slot", () -> table.update(ORDER, o1, u -> u.set(O_ID, "O9")), ValidationException.class,
                "an item cannot change its key in place"));
        rows.add(bad("update changing nothing", () -> table.update(ORDER, o1, u -> u), ValidationException.class, "changes nothing"));
        rows.add(bad("update of one attribute twice", () -> table.update(ORDER, o1, u -> u.set(O_NOTE, "a").set(O_NOTE, "b")),
                ValidationException.class, "changes note twice"));
        rows.add(bad("update removing a required attribute", () -> table.update(ORDER, o1, u -> u.remove(O_STATUS)),
                ValidationException.class, "cannot remove status: it is required"));
        rows.add(bad("update of another entity's attribute", () -> table.update(ORDER, o1, u -> u.set(rawOrderAttribute(C_EMAIL), "x")),
                ValidationException.class, "changes 'email', which is not an attribute of Order"));
        rows.add(bad("update of an attribute named like one of Order's but of another type", () -> table.update(ORDER, o1,
                u -> u.set(NOTE_AS_NUMBER, 5)), ValidationException.class, "but Order.note is String"));
        rows.add(bad("update copying from another entity's attribute", () -> table.update(ORDER, o1,
                u -> u.setFrom(O_NOTE, rawOrderAttribute(C_NAME))), ValidationException.class, "copies 'name' into 'note'"));
        rows.add(bad("update whose values alone are over 400 KB (issue 14)", () -> table.update(ORDER, o1,
                u -> u.set(O_NOTE, "n".repeat(410 * 1024))), ValidationException.class, "over the 409600 bytes (400 KB)"));
        rows.add(bad("update growing a stored item past 400 KB: DynamoDB refuses, explained", () -> table.update(CUSTOMER,
                customerKey("BIG"), u -> u.set(C_EMAIL, BIG)), DynamoDbRequestException.class, "the stored item and the update's values"));
        rows.add(bad("update of a read entity growing past 400 KB: known from the entity read", () -> table.update(
                table.get(CUSTOMER, customerKey("BIG")).orElseThrow(), u -> u.set(C_EMAIL, BIG)), ValidationException.class,
                "and with this update's values it would be"));
        rows.add(bad("put of an item over 400 KB", () -> table.put(new Customer("C9", BIG, BIG)), ValidationException.class, "400"));
        rows.add(bad("addToSet with no elements", () -> table.update(READING, KeyValues.of(R_SENSOR, "S1").and(R_SEQ, 1L),
                u -> u.addToSet(R_TAGS, List.of())), ValidationException.class, "DynamoDB sets are never empty"));
        rows.add(bad("update setting the maintained version", () -> table.update(ACCOUNT, KeyValues.of(A_ID, "A1"),
                u -> u.set(A_VERSION, 5L)), ValidationException.class, "singletable maintains on every write"));
        rows.add(bad("put with a stale version", () -> table.put(new Account("A1", 5, 7L)), VersionConflictException.class, "A1"));
        rows.add(bad("update from an entity never read", () -> table.update(new Account("A1", 0, null), u -> u.set(A_BALANCE, 1L)),
                ValidationException.class, "the entity was not read from the table"));
        rows.add(bad("retryOnConflict on an entity without a version", () -> table.retryOnConflict(ORDER, o1, o -> o),
                ValidationException.class, "version"));
        rows.add(bad("retryOnConflict with no attempts", () -> table.retryOnConflict(ACCOUNT, KeyValues.of(A_ID, "A1"), 0, a -> a),
                ValidationException.class, "maxAttempts must be at least 1, got 0"));
        rows.add(bad("a number over 38 significant digits", () -> table.put(new Order("C1", "N2", Status.NEW,
                new BigDecimal("1234567890123456789012345678901234567890"), NOW, null)), ValidationException.class, "has 39 significant digits"));
        rows.add(bad("a number beyond DynamoDB's range", () -> table.put(new Order("C1", "N3", Status.NEW, new BigDecimal("1E+200"), NOW,
                null)), ValidationException.class, "total"));
        rows.add(bad("batch write of a versioned entity", () -> table.batchWrite().put(new Account("A2", 1, null)).execute(),
                ValidationException.class, "the entity is versioned"));
        rows.add(bad("batchGet of one key twice", () -> table.batchGet(List.of(ItemKey.of(ORDER, o1), ItemKey.of(ORDER, o1))),
                ValidationException.class, "twice"));
        rows.add(bad("transactGet of no keys", () -> table.transactGet(List.of()), ValidationException.class, "asks for 0 keys"));
        rows.add(bad("fromItem of another entity's item", () -> table.fromItem(ORDER, table.toItem(new Customer("C1", "Ada", null))),
                EntityTypeMismatchException.class, "Customer"));
        rows.add(bad("fromItem of an item lacking a required attribute", () -> table.fromItem(ORDER, without(table.toItem(order("C1", "O1")),
                "status")), ItemDecodingException.class, "status"));
        rows.add(bad("a cursor key of 8 bytes", () -> Table.builder(SCHEMA, db.client()).cursorKey(new byte[8]), ValidationException.class,
                "the cursor key has 8 bytes"));
        rows.add(bad("a zero table wait", () -> Table.builder(SCHEMA, db.client()).tableWaitTimeout(java.time.Duration.ZERO),
                ValidationException.class, "must be positive"));
        rows.add(bad("BatchOptions with no attempts", () -> BatchOptions.defaults().maxAttempts(0), ValidationException.class, "0"));
        rows.add(bad("an attribute with an empty name", () -> Attribute.of("", AttributeTypes.STRING, Order::note),
                SchemaDefinitionException.class, "cannot be empty"));
        rows.add(bad("a key template with adjacent slots", () -> KeyTemplate.parse("A#{a}{b}"), KeyTemplateException.class, "{a}{b}"));
        rows.add(bad("an entity without a primary key", () -> EntitySchema.builder(Stray.class).attributes(S_ID)
                .factory(i -> new Stray(i.get(S_ID))).build(), SchemaDefinitionException.class, "primary key"));
        rows.add(bad("a table of an entity whose template names a missing attribute", () -> TableSchema.builder("Tbl")
                .entities(EntitySchema.builder(Stray.class).attributes(S_ID).primaryKey("S#{nope}", "S").factory(i -> new Stray(i.get(S_ID)))
                        .build()).build(), SchemaDefinitionException.class, "nope"));
        rows.add(bad("batchGet of an entity not in the table", () -> table.batchGet(List.of(ItemKey.of(STRAY, KeyValues.of(S_ID, "s")))),
                SchemaDefinitionException.class, "Stray"));
        rows.add(bad("transactGet of 101 keys", () -> table.transactGet(IntStream.range(0, 101)
                .mapToObj(i -> ItemKey.of(ORDER, orderKey("C1", "K" + i))).toList()), ValidationException.class, "asks for 101 keys"));
        rows.add(bad("batch delete of an incomplete key", () -> table.batchWrite().delete(ItemKey.of(ORDER, KeyValues.of(O_CUSTOMER, "C1")))
                .execute(), ValidationException.class, "needs a value for 'orderId'"));
        rows.add(bad("update setting a number beyond DynamoDB's range", () -> table.update(ORDER, o1,
                u -> u.set(O_TOTAL, new BigDecimal("1E+200"))), ValidationException.class, "total"));
        rows.add(bad("a condition comparing with a number beyond DynamoDB's range", () -> Condition.eq(O_TOTAL, new BigDecimal("1E+200")),
                ValidationException.class, "total"));
        rows.add(bad("Condition.in with a null among the values", () -> Condition.in(O_NOTE, "a", null), ValidationException.class,
                "compares with null"));
        rows.add(bad("a sort key value of the wrong type", () -> table.query(READING).partition(R_SENSOR, "S1")
                .sortBeginsWith(KeyValues.of("seq", "one")).list(), ValidationException.class, "seq"));
        rows.add(bad("retryOnConflict of a missing item", () -> table.retryOnConflict(ACCOUNT, KeyValues.of(A_ID, "NOPE"), a -> a),
                ItemNotFoundException.class, "NOPE"));
        rows.add(bad("retryOnConflict whose change returns null", () -> table.retryOnConflict(ACCOUNT, KeyValues.of(A_ID, "A1"), a -> null),
                ValidationException.class, "null"));
        rows.add(bad("retryOnConflict whose change moves the key", () -> table.retryOnConflict(ACCOUNT, KeyValues.of(A_ID, "A1"),
                a -> new Account("A9", a.balance(), a.version())), ValidationException.class, "A9"));
        rows.add(bad("update whose changes function returns null", () -> table.update(ORDER, o1, u -> null), ValidationException.class,
                "returned null instead of an Update"));
        rows.add(bad("update of a read entity whose changes function returns null", () -> table.update(
                table.get(ORDER, o1).orElseThrow(), u -> null), ValidationException.class, "returned null instead of an Update"));
        rows.add(bad("a collection of no entities", () -> EntityCollection.of(CustomerItems.class), SchemaDefinitionException.class,
                "CustomerItems"));
        rows.add(bad("a collection naming one entity twice", () -> EntityCollection.of(CustomerItems.class, CUSTOMER, CUSTOMER),
                SchemaDefinitionException.class, "Customer"));
        rows.add(bad("query of a collection with a member outside the table", () -> table.query(EntityCollection.of(Object.class, ORDER,
                STRAY)).partition(O_CUSTOMER, "C1").list(), SchemaDefinitionException.class, "Stray"));
        rows.add(bad("collection query projecting away a member's required attribute", () -> table.query(CUSTOMER_ITEMS)
                .select(O_TOTAL), ValidationException.class, "leaves out required attribute"));
        rows.add(bad("BatchOptions backoff whose maximum is below its base", () -> BatchOptions.defaults().backoff(
                java.time.Duration.ofSeconds(2), java.time.Duration.ofSeconds(1)), ValidationException.class, "backoff"));
        rows.add(bad("BatchOptions with a negative duration", () -> BatchOptions.defaults().maxDuration(java.time.Duration.ofSeconds(-1)),
                ValidationException.class, "-1"));
        rows.add(bad("an index with an empty key attribute name", () -> dev.singletable.IndexSchema.of("GSI9", "", "SK9"),
                SchemaDefinitionException.class, "GSI9"));
        rows.add(bad("async query partition given the sort key slot: the future fails", () -> join(asyncTable.query(ORDER).partition(o1)
                .list()), ValidationException.class, "'orderId' is a slot of the sort key template"));
        rows.add(bad("batch write of one key twice", () -> table.batchWrite().put(order("C1", "B1")).put(order("C1", "B1")).execute(),
                ValidationException.class, "B1"));
        rows.add(bad("batch write putting and deleting one key", () -> table.batchWrite().put(order("C1", "B2"))
                .delete(ItemKey.of(ORDER, orderKey("C1", "B2"))).execute(), ValidationException.class, "B2"));
        rows.add(bad("a lone surrogate in a key value (UTF-8 cannot hold it)", () -> table.put(order("\uD800", "O1")),
                ValidationException.class, "surrogate"));
        rows.add(bad("a lone surrogate in a non-key value", () -> table.put(new Order("C1", "S1", Status.NEW, BigDecimal.ONE, NOW,
                "bad\uDC00")), ValidationException.class, "surrogate"));
        rows.add(bad("a key value of the wrong type on a GSI query", () -> table.query(ORDER).index("GSI1")
                .partition(KeyValues.of("status", "NOT_A_STATUS")).list(), ValidationException.class, "status"));
        // issue 35: an integer attribute given a Long by an unchecked call was stored, to fail only when read
        rows.add(bad("update setting a Long in an int attribute (unchecked)", () -> table.update(READING,
                KeyValues.of(R_SENSOR, "S1").and(R_SEQ, 1L), u -> u.set(uncheckedInt(R_LEVEL), 5_000_000_000L)),
                ValidationException.class, "5000000000"));
        rows.add(bad("a cursor on a table at Amazon DynamoDB signed with the published default key", () -> {
            try (software.amazon.awssdk.services.dynamodb.DynamoDbClient aws = software.amazon.awssdk.services.dynamodb.DynamoDbClient
                    .builder().region(software.amazon.awssdk.regions.Region.EU_WEST_1)
                    .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                            software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("unused", "unused"))).build()) {
                Table.of(db.table().schema(), aws).query(ORDER).partition(O_CUSTOMER, "C1").page("anything");
            }
        }, ValidationException.class, "published default key"));
        rows.add(bad("a transaction of 101 actions, no listener told", () -> {
            List<dev.singletable.extension.RequestEvent> heard = new ArrayList<>();
            Table listened = Table.builder(db.table().schema(), db.client()).listener(heard::add).build();
            dev.singletable.WriteTransaction transaction = listened.transaction();
            IntStream.range(0, 101).forEach(i -> transaction.put(order("C1", "T" + i)));
            try {
                transaction.execute();
            } finally {
                assertThat(heard).isEmpty();
            }
        }, ValidationException.class, "has 101 actions"));
        return rows.stream().map(row -> Arguments.of(row.input(), row));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInput_whenGiven_isRefusedWithItsTypedExceptionAndNothingIsWritten(String input, Bad row) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> before = wholeTable();

        Throwable thrown = catchThrowable(() -> row.call().run());

        assertThat(thrown).as(input).isInstanceOf(row.type()).hasMessageContaining(row.fragment());
        assertThat(wholeTable()).as("the table after " + input).isEqualTo(before);
    }

    static Stream<Arguments> badTransactionInputs() {
        KeyValues o1 = orderKey("C1", "O1");
        List<Bad> rows = new ArrayList<>();
        rows.add(bad("transaction with two actions on one item", () -> table.transaction().put(order("C1", "O1"))
                .delete(ORDER, o1).execute(), ValidationException.class, "are on the same item"));
        rows.add(bad("transaction check without a condition", () -> table.transaction().check(ORDER, o1, Condition.none()).execute(),
                ValidationException.class, "has no condition"));
        rows.add(bad("transaction check on another entity's attribute", () -> table.transaction()
                .check(ORDER, o1, Condition.exists(C_EMAIL)).execute(), ValidationException.class, "names 'email'"));
        rows.add(bad("transaction of 101 actions", () -> {
            var transaction = table.transaction();
            for (int i = 0; i < 101; i++) {
                transaction.put(order("T", "T" + i));
            }
            transaction.execute();
        }, ValidationException.class, "100"));
        rows.add(bad("move onto a taken key", () -> table.move(ORDER, o1, order("C1", "O2")), TransactionCanceledException.class, "O2"));
        rows.add(bad("move of a missing item", () -> table.move(ORDER, orderKey("C1", "NOPE"), order("C1", "N7")),
                TransactionCanceledException.class, "NOPE"));
        return rows.stream().map(row -> Arguments.of(row.input(), row));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTransactionInputs")
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void badTransactionInput_whenGiven_isRefusedWithItsTypedExceptionAndNothingIsWritten(String input, Bad row) {
        badInput_whenGiven_isRefusedWithItsTypedExceptionAndNothingIsWritten(input, row);
    }

    @SuppressWarnings("unchecked")
    private static Attribute<Reading, Object> uncheckedInt(Attribute<Reading, Integer> attribute) {
        return (Attribute<Reading, Object>) (Attribute<Reading, ?>) attribute;
    }

    static Stream<Arguments> badPartiqlInputs() {
        List<Bad> rows = new ArrayList<>();
        rows.add(bad("PartiQL statement that is not a SELECT", () -> table.partiql(ORDER, "DELETE FROM \"" + db.tableName()
                + "\" WHERE \"PK\" = 'CUSTOMER#C1' AND \"SK\" = 'ORDER#O1'").list(), ValidationException.class, "is not a SELECT"));
        rows.add(bad("PartiQL statement on another table", () -> table.partiql(ORDER, "SELECT * FROM \"Other\"").list(),
                ValidationException.class, "reads table 'Other', but this Table is 'BadInput-"));
        rows.add(bad("PartiQL statement whose comment hides a DELETE", () -> table.partiql(ORDER, "/* SELECT * FROM \"" + db.tableName()
                + "\" */ DELETE FROM \"" + db.tableName() + "\" WHERE \"PK\" = 'CUSTOMER#C1' AND \"SK\" = 'ORDER#O1'").list(),
                ValidationException.class, "is not a SELECT"));
        rows.add(bad("PartiQL with a null parameter", () -> table.partiql(ORDER, "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ?")
                .parameters((Object) null).list(), ValidationException.class, "null"));
        return rows.stream().map(row -> Arguments.of(row.input(), row));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badPartiqlInputs")
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void badPartiqlInput_whenGiven_isRefusedWithItsTypedExceptionAndNothingIsWritten(String input, Bad row) {
        badInput_whenGiven_isRefusedWithItsTypedExceptionAndNothingIsWritten(input, row);
    }

    @Test
    void catalogue_whenCounted_holdsAtLeast80BadAnd20OddInputs() throws Exception {
        long bad = badInputs().count() + badTransactionInputs().count() + badPartiqlInputs().count();
        assertThat(bad).isGreaterThanOrEqualTo(80);
        assertThat(oddInputs().count()).isGreaterThanOrEqualTo(20);
    }

    // ------------------------------------------------------------------ odd inputs that must work

    /** An odd input: an entity to write, the key it must be stored under, and how to read it back. */
    record Odd(String input, Object entity, EntitySchema<?> schema, KeyValues key, String pk, String sk) {
        @Override
        public String toString() {
            return input;
        }
    }

    private static Odd odd(String input, Object entity, EntitySchema<?> schema, KeyValues key, String pk, String sk) {
        return new Odd(input, entity, schema, key, pk, sk);
    }

    private static Odd oddOrder(String input, Order order, String pk, String sk) {
        return odd(input, order, ORDER, orderKey(order.customerId(), order.orderId()), pk, sk);
    }

    private static Odd oddReading(String input, long seq, String sk) {
        return odd(input, new Reading("EXTREMES", seq, 1, Set.of()), READING, KeyValues.of(R_SENSOR, "EXTREMES").and(R_SEQ, seq),
                "SENSOR#EXTREMES", sk);
    }

    static Stream<Arguments> oddInputs() {
        List<Odd> rows = new ArrayList<>();
        rows.add(odd("reserved words as attribute names (name, data, count, comment)", new Reserved("r1", "name", "data", 7L, "comment"),
                RESERVED, KeyValues.of(W_ID, "r1"), "RESERVED#r1", "RESERVED"));
        rows.add(odd("reserved words with empty strings", new Reserved("r2", "", "", 0L, ""), RESERVED, KeyValues.of(W_ID, "r2"),
                "RESERVED#r2", "RESERVED"));
        rows.add(oddOrder("emoji in keys and values", new Order("😀🎉", "🛒", Status.NEW, BigDecimal.ONE, NOW, "🚀 launch"),
                "CUSTOMER#😀🎉", "ORDER#🛒"));
        rows.add(oddOrder("CJK in keys and values", new Order("顧客", "注文一", Status.PAID, BigDecimal.TEN, NOW, "山田太郎"),
                "CUSTOMER#顧客", "ORDER#注文一"));
        rows.add(oddOrder("Arabic and Hebrew (right to left)", new Order("عميل", "הזמנה", Status.NEW, BigDecimal.ONE, NOW, "مرحبا שלום"),
                "CUSTOMER#عميل", "ORDER#הזמנה"));
        rows.add(oddOrder("the delimiter # in key values", new Order("C#1#2", "ORDER#O1", Status.NEW, BigDecimal.ONE, NOW, null),
                "CUSTOMER#C\\#1\\#2", "ORDER#ORDER\\#O1")); // '#' is in PK's and SK's escape sets
        rows.add(oddOrder("backslashes in key values", new Order("C\\1", "O\\\\", Status.NEW, BigDecimal.ONE, NOW, null),
                "CUSTOMER#C\\\\1", "ORDER#O\\\\\\\\"));
        rows.add(oddOrder("# and \\ in a non-key value", new Order("C1", "ODD1", Status.NEW, BigDecimal.ONE, NOW, "a#b\\c#"),
                "CUSTOMER#C1", "ORDER#ODD1"));
        rows.add(oddOrder("braces of a template in key values", new Order("{customerId}", "{orderId}", Status.NEW, BigDecimal.ONE, NOW,
                "{note}"), "CUSTOMER#{customerId}", "ORDER#{orderId}"));
        rows.add(oddOrder("an empty string in a non-key attribute", new Order("C1", "ODD2", Status.NEW, BigDecimal.ONE, NOW, ""),
                "CUSTOMER#C1", "ORDER#ODD2"));
        rows.add(oddOrder("whitespace-only key values", new Order("   ", "\t", Status.NEW, BigDecimal.ONE, NOW, " "),
                "CUSTOMER#   ", "ORDER#\t"));
        rows.add(oddOrder("newlines in key values", new Order("line\nbreak", "a\r\nb", Status.NEW, BigDecimal.ONE, NOW, "x\ny"),
                "CUSTOMER#line\nbreak", "ORDER#a\r\nb"));
        rows.add(oddOrder("quotes and SQL wildcards in key values", new Order("'\"%_", "O'1", Status.NEW, BigDecimal.ONE, NOW, "\"q\""),
                "CUSTOMER#'\"%_", "ORDER#O'1"));
        rows.add(oddOrder("composed and decomposed é stay two customers (composed)", new Order("caf\u00e9", "O1", Status.NEW, BigDecimal.ONE,
                NOW, null), "CUSTOMER#caf\u00e9", "ORDER#O1"));
        rows.add(oddOrder("composed and decomposed é stay two customers (decomposed)", new Order("cafe\u0301", "O1", Status.NEW,
                BigDecimal.ONE, NOW, null), "CUSTOMER#cafe\u0301", "ORDER#O1"));
        rows.add(oddOrder("case-distinct keys (lower)", new Order("abc", "O1", Status.NEW, BigDecimal.ONE, NOW, "lower"),
                "CUSTOMER#abc", "ORDER#O1"));
        rows.add(oddOrder("case-distinct keys (upper)", new Order("ABC", "O1", Status.NEW, BigDecimal.ONE, NOW, "upper"),
                "CUSTOMER#ABC", "ORDER#O1"));
        rows.add(oddOrder("38 significant digits", new Order("C1", "ODD3", Status.NEW, new BigDecimal("12345678901234567890.123456789012345678"),
                NOW, null), "CUSTOMER#C1", "ORDER#ODD3"));
        rows.add(oddOrder("the smallest positive number", new Order("C1", "ODD4", Status.NEW, new BigDecimal("1E-130"), NOW, null),
                "CUSTOMER#C1", "ORDER#ODD4"));
        rows.add(oddOrder("a partition key of exactly 2048 bytes", new Order("k".repeat(2048 - "CUSTOMER#".length()), "O1", Status.NEW,
                BigDecimal.ONE, NOW, null), "CUSTOMER#" + "k".repeat(2048 - "CUSTOMER#".length()), "ORDER#O1"));
        rows.add(oddOrder("a sort key of exactly 1024 bytes (of 3-byte characters)", new Order("C1", "€".repeat((1024 - 6) / 3) + "a",
                Status.NEW, BigDecimal.ONE, NOW, null), "CUSTOMER#C1", "ORDER#" + "€".repeat((1024 - 6) / 3) + "a"));
        rows.add(oddReading("Long.MIN_VALUE in a sort key", Long.MIN_VALUE, "SEQ#" + sortable(Long.MIN_VALUE)));
        rows.add(oddReading("Long.MAX_VALUE in a sort key", Long.MAX_VALUE, "SEQ#" + sortable(Long.MAX_VALUE)));
        rows.add(oddReading("zero in a sort key", 0, "SEQ#" + sortable(0)));
        rows.add(oddReading("-1 in a sort key", -1, "SEQ#" + sortable(-1)));
        rows.add(odd("emoji, # and \\ as set elements", new Reading("S2", 1, Integer.MIN_VALUE, Set.of("😀", "#", "\\", "{}")), READING,
                KeyValues.of(R_SENSOR, "S2").and(R_SEQ, 1L), "SENSOR#S2", "SEQ#" + sortable(1)));
        return rows.stream().map(row -> Arguments.of(row.input(), row));
    }

    /** The sort key text of a long, read from the library once so that this test checks storage, not the encoding's design. */
    private static String sortable(long value) {
        String sk = table.keyOf(READING, KeyValues.of(R_SENSOR, "X").and(R_SEQ, value)).get("SK");
        return sk.substring("SEQ#".length());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oddInputs")
    void oddInput_whenWritten_isStoredAndReadBackExactly(String input, Odd row) {
        Object written = table.put(row.entity());
        Object read = get(row.schema(), row.key());
        Map<String, AttributeValue> stored = db.client().getItem(r -> r.tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS(row.pk()), "SK", AttributeValue.fromS(row.sk())))).item();

        assertThat(written).as("put returns").isEqualTo(row.entity());
        assertThat(read).as("get returns").isEqualTo(row.entity());
        assertThat(unordered(stored)).as("the stored item").isEqualTo(unordered(table.toItem(row.entity())));
        assertThat(stored.get("PK").s()).isEqualTo(row.pk());
        assertThat(stored.get("SK").s()).isEqualTo(row.sk());
    }

    @Test
    void extremeSortKeys_whenQueried_comeBackInNumericOrder() {
        for (long seq : new long[] {Long.MAX_VALUE, 0, Long.MIN_VALUE, -1, 1}) {
            table.put(new Reading("ORDERED", seq, 1, null));
        }

        List<Long> seqs = table.query(READING).partition(R_SENSOR, "ORDERED").list().stream().map(Reading::seq).toList();

        assertThat(seqs).containsExactly(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE);
    }

    @Test
    void reservedWords_whenFilteredAndUpdated_work() {
        table.put(new Reserved("r3", "n", "d", 1L, "c"));

        Reserved updated = table.update(RESERVED, KeyValues.of(W_ID, "r3"), u -> u.add(W_COUNT, 2L).set(W_DATA, "data"),
                Condition.eq(W_NAME, "n").and(Condition.exists(W_COMMENT)));
        List<Reserved> found = table.query(RESERVED).partition(W_ID, "r3").filter(Condition.eq(W_COUNT, 3L)).list();

        assertThat(updated).isEqualTo(new Reserved("r3", "n", "data", 3L, "c"));
        assertThat(found).containsExactly(updated);
    }

    @Test
    void upsert_whenSettingRequiredAttributes_createsAReadableItem() {
        Order created = table.upsert(ORDER, orderKey("C1", "U2"), u -> u.set(O_STATUS, Status.PAID).set(O_PLACED, NOW)
                .setIfAbsent(O_NOTE, "upserted"));

        assertThat(created).isEqualTo(new Order("C1", "U2", Status.PAID, null, NOW, "upserted"));
        assertThat(table.get(ORDER, orderKey("C1", "U2"), ReadConsistency.STRONG)).contains(created);
    }

    @Test
    void filters_whenNamingAMemberOrTableAttribute_areAccepted() {
        Customer customer = table.put(new Customer("F1", "Fay", "fay@example.com"));
        Order fresh = table.put(order("F1", "O1"));
        table.put(new Order("F1", "O2", Status.PAID, BigDecimal.ONE, NOW, null));

        List<CustomerItems> items = table.query(CUSTOMER_ITEMS).partition(C_ID, "F1")
                .filter(Condition.exists(C_EMAIL).or(Condition.eq(O_STATUS, Status.NEW)).and(Condition.exists("entityType"))).list();
        Order updated = table.update(ORDER, orderKey("F1", "O2"), u -> u.set(O_NOTE, "seen"),
                Condition.exists("entityType").and(Condition.notExists("GSI1PK").negate()));

        assertThat(items).containsExactly(fresh, customer);
        assertThat(updated).isEqualTo(new Order("F1", "O2", Status.PAID, BigDecimal.ONE, NOW, "seen"));
    }

    // ------------------------------------------------------------------ helpers

    @SuppressWarnings("unchecked")
    private static Object get(EntitySchema<?> schema, KeyValues key) {
        return table.get((EntitySchema<Object>) schema, key, ReadConsistency.STRONG).orElseThrow();
    }

    /** Another entity's attribute typed as Order's, as raw code or a reflective caller could give it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <V> Attribute<Order, V> rawOrderAttribute(Attribute<?, V> attribute) {
        return (Attribute) attribute;
    }

    /** The item with its string sets as sets: DynamoDB keeps no order in a set. */
    private static Map<String, Object> unordered(Map<String, AttributeValue> item) {
        Map<String, Object> copy = new LinkedHashMap<>();
        item.forEach((name, value) -> copy.put(name, value.hasSs() ? new HashSet<>(value.ss()) : value));
        return copy;
    }

    /** A String attribute of Order by name, such as a table key attribute. */
    private static Attribute<Order, String> rawStringAttribute(String name) {
        return Attribute.of(name, AttributeTypes.STRING, o -> "");
    }

    private static Map<String, AttributeValue> without(Map<String, AttributeValue> item, String name) {
        Map<String, AttributeValue> copy = new LinkedHashMap<>(item);
        copy.remove(name);
        return copy;
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    /** Every item of the table by its key, read strongly consistent. */
    private static Map<Map<String, AttributeValue>, Map<String, AttributeValue>> wholeTable() {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> items = new LinkedHashMap<>();
        db.client().scanPaginator(ScanRequest.builder().tableName(db.tableName()).consistentRead(true).build()).items()
                .forEach(item -> items.put(Map.of("PK", item.get("PK"), "SK", item.get("SK")), item));
        return items;
    }
}
