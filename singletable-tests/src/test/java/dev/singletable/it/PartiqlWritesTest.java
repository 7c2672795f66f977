package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.ItemNotFoundException;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.extension.RequestEvent;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.fixtures.ProductsAndOrders.Product;
import dev.singletable.fixtures.ProductsAndOrders.Status;
import dev.singletable.fixtures.RecordingClient;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import dev.singletable.partiql.PartiqlBatchException;
import dev.singletable.partiql.PartiqlWrite;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

import static dev.singletable.fixtures.ProductsAndOrders.CATEGORY;
import static dev.singletable.fixtures.ProductsAndOrders.CLOCK;
import static dev.singletable.fixtures.ProductsAndOrders.COUNT;
import static dev.singletable.fixtures.ProductsAndOrders.HISTORY;
import static dev.singletable.fixtures.ProductsAndOrders.NAME;
import static dev.singletable.fixtures.ProductsAndOrders.ORDER;
import static dev.singletable.fixtures.ProductsAndOrders.ORDER_STATUS;
import static dev.singletable.fixtures.ProductsAndOrders.PRODUCT;
import static dev.singletable.fixtures.ProductsAndOrders.STATUS;
import static dev.singletable.fixtures.ProductsAndOrders.STOCK;
import static dev.singletable.fixtures.ProductsAndOrders.TAGS;
import static dev.singletable.fixtures.ProductsAndOrders.order;
import static dev.singletable.fixtures.ProductsAndOrders.sku;
import static dev.singletable.it.WriteModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * PartiQL writes (issue 17) against the embedded engine: INSERT, UPDATE and DELETE built from the schema write what
 * create, update and delete write; hand-written statements are checked before sending; batches and transactions
 * report each statement's failure as the item operations' exceptions; SELECT takes typed parameters.
 */
class PartiqlWritesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** Every request the table sent, refused ones included, as the client saw them. */
    private static final List<DynamoDbRequest> SENT = Collections.synchronizedList(new ArrayList<>());
    /** The operations the async table's listener heard of, and how each ended ({@code ExecuteStatement OK}). */
    private static final List<String> ASYNC_REQUESTS = Collections.synchronizedList(new ArrayList<>());
    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        table = Table.builder(db.table().schema(), RecordingClient.recording(db.client(), SENT)).clock(CLOCK).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(CLOCK)
                .listener((RequestEvent e) -> ASYNC_REQUESTS.add(e.operation() + " " + e.errorCode().orElse("OK"))).build();
    }

    @BeforeEach
    void forgetRequests() {
        SENT.clear();
        ASYNC_REQUESTS.clear();
    }

    /** The operations of the requests sent, in order: {@code ExecuteStatement}, {@code GetItem}... */
    private static List<String> requests() {
        return SENT.stream().map(r -> r.getClass().getSimpleName().replaceFirst("Request$", "")).toList();
    }

    private static Product product(String sku) {
        return new Product(sku, "Headphones", "audio", 5, Status.ACTIVE, Set.of("new"), List.of("made"), null, 0, null, null, null);
    }

    private static Map<String, AttributeValue> stored(String sku) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS("PRODUCT#" + sku), "SK", AttributeValue.fromS("METADATA"))).build()).item();
    }

    private static String t() {
        return "\"" + db.tableName() + "\"";
    }

    // ---------------------------------------------------------------- INSERT

    @Test
    void partiqlInsert_rendersEveryStoredAttributeAsAParameter() {
        PartiqlWrite insert = table.partiqlInsert(product("p-1"));

        assertThat(insert.statement()).isEqualTo("INSERT INTO " + t() + " VALUE {'PK' : ?, 'SK' : ?, 'entityType' : ?, 'sku' : ?, "
                + "'name' : ?, 'category' : ?, 'stock' : ?, 'status' : ?, 'tags' : ?, 'history' : ?, 'reserved' : ?, 'version' : ?, "
                + "'createdAt' : ?, 'updatedAt' : ?, 'GSI1PK' : ?, 'GSI1SK' : ?}");
        assertThat(insert.parameters()).containsExactly(AttributeValue.fromS("PRODUCT#p-1"), AttributeValue.fromS("METADATA"),
                AttributeValue.fromS("Product"), AttributeValue.fromS("p-1"), AttributeValue.fromS("Headphones"),
                AttributeValue.fromS("audio"), AttributeValue.fromN("5"), AttributeValue.fromS("ACTIVE"), AttributeValue.fromSs(List.of("new")),
                AttributeValue.fromL(List.of(AttributeValue.fromS("made"))), AttributeValue.fromN("0"), AttributeValue.fromN("1"),
                AttributeValue.fromS("2025-05-19T10:00:00Z"), AttributeValue.fromS("2025-05-19T10:00:00Z"),
                AttributeValue.fromS("CATEGORY#audio"), AttributeValue.fromS("NAME#Headphones"));
        assertThat(insert.operation()).isEqualTo("insert");
        assertThat(insert.item()).contains(ItemKey.of(PRODUCT, sku("p-1")));
        assertThat(requests()).isEmpty();
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_insert_storesTheItemCreateStores() {
        PartiqlWrite insert = table.partiqlInsert(product("p-2"));
        table.execute(insert);
        Map<String, AttributeValue> inserted = stored("p-2");
        table.delete(PRODUCT, sku("p-2"));
        table.create(product("p-2"));

        assertThat(inserted).isEqualTo(stored("p-2"));
        assertThat(requests()).containsExactly("ExecuteStatement", "DeleteItem", "PutItem");
        assertThat(SENT.get(0)).isEqualTo(insert.toRequest());
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_insertWhenKeyIsTaken_throwsItemAlreadyExists() {
        table.create(product("p-3"));

        assertThatThrownBy(() -> table.execute(table.partiqlInsert(product("p-3"))))
                .isInstanceOfSatisfying(ItemAlreadyExistsException.class, e -> {
                    assertThat(e.entityType()).isEqualTo("Product");
                    assertThat(e.key()).isEqualTo(Map.of("PK", "PRODUCT#p-3", "SK", "METADATA"));
                })
                .hasMessage("Cannot create Product {PK=PRODUCT#p-3, SK=METADATA} in table " + db.tableName()
                        + ": an item with this key already exists; use put to replace it, or choose another key");
        assertThat(requests()).containsExactly("PutItem", "ExecuteStatement");
    }

    // ---------------------------------------------------------------- UPDATE

    private static final UnaryOperator<dev.singletable.Update<Product>> CHANGES = u -> u.set(CATEGORY, "audio").set(NAME, "Earbuds").subtract(STOCK, 2)
            .set(STATUS, Status.RETIRED).append(HISTORY, List.of("renamed")).addToSet(TAGS, Set.of("sale"));

    @Test
    void partiqlUpdate_rendersChangesTimestampVersionAndIndexKeys() {
        PartiqlWrite update = table.partiqlUpdate(PRODUCT, sku("p-4"), CHANGES);

        assertThat(update.statement()).isEqualTo("UPDATE " + t() + " SET \"category\" = ? SET \"name\" = ? SET \"stock\" = stock - ? SET \"status\" = ? "
                + "SET \"history\" = list_append(history, ?) SET \"tags\" = set_add(tags, ?) SET \"updatedAt\" = ? "
                + "SET \"version\" = version + ? SET \"GSI1PK\" = ? SET \"GSI1SK\" = ? "
                + "WHERE \"PK\" = ? AND \"SK\" = ? AND \"entityType\" = ? AND (stock IS MISSING OR stock >= ?)");
        assertThat(update.parameters()).containsExactly(AttributeValue.fromS("audio"), AttributeValue.fromS("Earbuds"), AttributeValue.fromN("2"),
                AttributeValue.fromS("RETIRED"), AttributeValue.fromL(List.of(AttributeValue.fromS("renamed"))),
                AttributeValue.fromSs(List.of("sale")), AttributeValue.fromS("2025-05-19T10:00:00Z"), AttributeValue.fromN("1"),
                AttributeValue.fromS("CATEGORY#audio"), AttributeValue.fromS("NAME#Earbuds"),
                AttributeValue.fromS("PRODUCT#p-4"), AttributeValue.fromS("METADATA"), AttributeValue.fromS("Product"),
                AttributeValue.fromN("-2147483646"));
    }

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void execute_update_storesTheItemUpdateStores() {
        table.create(product("p-5"));
        table.execute(table.partiqlUpdate(PRODUCT, sku("p-5"), CHANGES));
        Map<String, AttributeValue> viaPartiql = stored("p-5");
        table.delete(PRODUCT, sku("p-5"));
        table.create(product("p-5"));
        table.update(PRODUCT, sku("p-5"), CHANGES);

        assertThat(viaPartiql).isEqualTo(stored("p-5"));
        assertThat(viaPartiql.get("version")).isEqualTo(AttributeValue.fromN("2"));
        assertThat(requests()).containsExactly("PutItem", "ExecuteStatement", "DeleteItem", "PutItem", "UpdateItem");
    }

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void execute_updateOfMissingItem_throwsItemNotFound() {
        assertThatThrownBy(() -> table.execute(table.partiqlUpdate(PRODUCT, sku("p-missing"), u -> u.set(STOCK, 1))))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("update of Product {PK=PRODUCT#p-missing, SK=METADATA} in table " + db.tableName()
                        + " was refused: no Product item has this key; create it first, or use upsert to create it when missing");
        assertThat(requests()).containsExactly("ExecuteStatement");
    }

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void execute_updateAddingPastIntegerMaximum_isRefusedAndWritesNothing() {
        table.create(product("p-max"));
        table.update(PRODUCT, sku("p-max"), u -> u.set(STOCK, Integer.MAX_VALUE));
        Map<String, AttributeValue> before = stored("p-max");

        assertThatThrownBy(() -> table.execute(table.partiqlUpdate(PRODUCT, sku("p-max"), u -> u.add(STOCK, 1))))
                .isInstanceOf(dev.singletable.NumberOutOfRangeException.class)
                .hasMessageContaining("adding 1 to Product.stock (stored 2147483647) would give 2147483648 outside the range of Integer");
        assertThat(stored("p-max")).isEqualTo(before);
        table.delete(PRODUCT, sku("p-max"));
    }

    @Test
    void partiqlUpdate_whenSettingAListElement_requiresTheElementToExist() {
        PartiqlWrite update = table.partiqlUpdate(PRODUCT, sku("p-7"), u -> u.set(HISTORY.at(1), "checked"));

        assertThat(update.statement()).isEqualTo("UPDATE " + t() + " SET \"history\"[1] = ? SET \"updatedAt\" = ? "
                + "SET \"version\" = version + ? WHERE \"PK\" = ? AND \"SK\" = ? AND \"entityType\" = ? AND history[1] IS NOT MISSING");
        assertThat(update.parameters()).containsExactly(AttributeValue.fromS("checked"), AttributeValue.fromS("2025-05-19T10:00:00Z"),
                AttributeValue.fromN("1"), AttributeValue.fromS("PRODUCT#p-7"), AttributeValue.fromS("METADATA"),
                AttributeValue.fromS("Product"));
        assertThat(requests()).isEmpty();
    }

    @Test
    void partiqlUpdate_whenSetIfAbsent_isRefusedBeforeSending() {
        assertThatThrownBy(() -> table.partiqlUpdate(PRODUCT, sku("p-6"), u -> u.setIfAbsent(COUNT, 1L)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL update of Product {PK=PRODUCT#p-6, SK=METADATA} sets count only if absent, but PartiQL has no "
                        + "if_not_exists: use table.update (UpdateItem) for it, or set the value");
        assertThat(requests()).isEmpty();
    }

    // ---------------------------------------------------------------- DELETE

    @Test
    void partiqlDelete_rendersTheConditionAsPartiql() {
        PartiqlWrite delete = table.partiqlDelete(PRODUCT, sku("p-7"), Condition.notExists(COUNT)
                .and(Condition.in(STATUS, Status.ACTIVE, Status.PENDING).or(Condition.beginsWith(NAME, "Head")))
                .and(Condition.exists(CATEGORY)));

        assertThat(delete.statement()).isEqualTo("DELETE FROM " + t() + " WHERE \"PK\" = ? AND \"SK\" = ? AND \"count\" IS MISSING AND "
                + "(\"status\" IN [?, ?] OR begins_with(\"name\", ?)) AND \"category\" IS NOT MISSING");
        assertThat(delete.parameters()).containsExactly(AttributeValue.fromS("PRODUCT#p-7"), AttributeValue.fromS("METADATA"),
                AttributeValue.fromS("ACTIVE"), AttributeValue.fromS("PENDING"), AttributeValue.fromS("Head"));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_deleteWhenConditionFails_throwsConditionFailedAndKeepsTheItem() {
        table.create(product("p-8"));

        assertThatThrownBy(() -> table.execute(table.partiqlDelete(PRODUCT, sku("p-8"), Condition.eq(STATUS, Status.RETIRED))))
                .isInstanceOfSatisfying(ConditionFailedException.class, e -> assertThat(e.key())
                        .isEqualTo(Map.of("PK", "PRODUCT#p-8", "SK", "METADATA")))
                .hasMessageStartingWith("delete of Product {PK=PRODUCT#p-8, SK=METADATA} in table " + db.tableName()
                        + " was refused: its condition status = :v0 with :v0=\"RETIRED\" did not hold");
        table.execute(table.partiqlDelete(PRODUCT, sku("p-8"), Condition.eq(STATUS, Status.ACTIVE)));

        assertThat(stored("p-8")).isEmpty();
        assertThat(requests()).containsExactly("PutItem", "ExecuteStatement", "ExecuteStatement");
    }

    // ---------------------------------------------------------------- statements written by hand

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrite_withTypedParameterAndKey_updatesTheItem() {
        table.create(product("p-9"));
        PartiqlWrite retire = table.partiqlWrite("UPDATE " + t() + " SET \"status\" = ? WHERE \"PK\" = ? AND \"SK\" = ?")
                .parameter(STATUS, Status.RETIRED).key(PRODUCT, sku("p-9"));

        assertThat(retire.parameters()).containsExactly(AttributeValue.fromS("RETIRED"), AttributeValue.fromS("PRODUCT#p-9"),
                AttributeValue.fromS("METADATA"));
        table.execute(retire);
        assertThat(table.get(PRODUCT, sku("p-9")).orElseThrow().status()).isEqualTo(Status.RETIRED);
        assertThat(requests()).containsExactly("PutItem", "ExecuteStatement", "GetItem");
    }

    @Test
    void partiqlWrite_whenItSetsAnIndexKeySlotButNotTheKey_isRefusedNamingEntityAttributeIndexAndKey() {
        String statement = "UPDATE " + t() + " SET \"status\" = ? WHERE \"PK\" = ? AND \"SK\" = ?";
        String refusal = "sets 'status', which GSI1PK, Order's key of index GSI1, is built from ('STATUS#{status}'), but does not "
                + "set or remove GSI1PK: a hand-written statement is sent as written, so GSI1 would keep the item under its old key. "
                + "Use table.partiqlUpdate(entity, key, u -> ...), which rewrites index keys, or also SET \"GSI1PK\" in the statement";

        assertThatThrownBy(() -> table.partiqlWrite(statement).parameter(ORDER_STATUS, Status.CONFIRMED).key(ORDER, order("C1", "O1")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL update of Order {PK=USER#C1, SK=ORDER#O1} ('" + statement + "') " + refusal);
        assertThatThrownBy(() -> table.execute(table.partiqlWrite(statement).parameters("CONFIRMED", "USER#C1", "ORDER#O1")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL update of ('" + statement + "') " + refusal + " (if the item is no Order, name its entity with "
                        + "key(ENTITY, key))");
        assertThat(requests()).isEmpty();
    }

    @Test
    void partiqlWrite_whenItRemovesAnIndexKeySlotButNotTheKey_isRefused() {
        String statement = "UPDATE " + t() + " REMOVE \"createdAt\" WHERE \"PK\" = ? AND \"SK\" = ?";

        assertThatThrownBy(() -> table.partiqlWrite(statement).key(ORDER, order("C1", "O1")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("removes 'createdAt', which GSI1SK, Order's key of index GSI1, is built from ('{createdAt}'), but "
                        + "does not set or remove GSI1SK")
                .hasMessageEndingWith("or also REMOVE \"GSI1SK\" in the statement");
    }

    @Test
    void partiqlWrite_whenTheAttributeFeedsAnIndexKeyOfAnotherEntityOnly_isSentForTheEntityNamed() {
        PartiqlWrite retire = table.partiqlWrite("UPDATE " + t() + " SET \"status\" = ? WHERE \"PK\" = ? AND \"SK\" = ?")
                .parameter(STATUS, Status.RETIRED).key(PRODUCT, sku("p-12"));      // Product's indexes do not read status

        assertThat(retire.toRequest().statement()).startsWith("UPDATE");
    }

    @Test
    void partiqlWrite_whenItAlsoSetsTheIndexKey_passesTheCheck() {
        String statement = "UPDATE " + t() + " SET \"status\" = ? SET \"GSI1PK\" = ? WHERE \"PK\" = ? AND \"SK\" = ?";

        PartiqlWrite confirm = table.partiqlWrite(statement).parameters("CONFIRMED", "STATUS#CONFIRMED").key(ORDER, order("C7", "O7"));

        assertThat(confirm.toRequest().statement()).isEqualTo(statement);
        assertThat(confirm.toRequest().parameters()).containsExactly(AttributeValue.fromS("CONFIRMED"),
                AttributeValue.fromS("STATUS#CONFIRMED"), AttributeValue.fromS("USER#C7"), AttributeValue.fromS("ORDER#O7"));
        assertThat(table.partiqlWrite(statement).parameters("CONFIRMED", "STATUS#CONFIRMED", "USER#C7", "ORDER#O7").toRequest()
                .statement()).isEqualTo(statement);
    }

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void partiqlWrite_whenItAlsoSetsTheIndexKey_isSentAndTheIndexListsTheItemUnderItsNewKey() {
        table.create(new Order("C7", "O7", Status.PENDING, null, null, null));
        PartiqlWrite confirm = table.partiqlWrite("UPDATE " + t() + " SET \"status\" = ? SET \"GSI1PK\" = ? WHERE \"PK\" = ? AND \"SK\" = ?")
                .parameters("CONFIRMED", "STATUS#CONFIRMED").key(ORDER, order("C7", "O7"));

        table.execute(confirm);

        assertThat(table.query(ORDER).index("GSI1").partition(ORDER_STATUS, Status.CONFIRMED).list())
                .extracting(Order::orderId).contains("O7");
        assertThat(table.query(ORDER).index("GSI1").partition(ORDER_STATUS, Status.PENDING).list())
                .extracting(Order::orderId).doesNotContain("O7");
    }

    @Test
    void partiqlWrite_whenAttributeIsUnknown_isRefusedNamingIt() {
        assertThatThrownBy(() -> table.partiqlWrite("UPDATE " + t() + " SET \"Status\" = ? WHERE \"PK\" = ? AND \"SK\" = ?"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL statement 'UPDATE " + t() + " SET \"Status\" = ? WHERE \"PK\" = ? AND \"SK\" = ?' names attribute "
                        + "'Status', which no entity of table " + db.tableName() + " has (did you mean 'status'?); the attributes are "
                        + "[GSI1PK, GSI1SK, PK, SK, author, category, count, createdAt, customerId, entityType, expiresAt, group, history, "
                        + "name, orderId, postId, reserved, role, sku, status, stock, tag, tags, title, total, updatedAt, user, version]");
    }

    @Test
    void partiqlWrite_whenTableOrKindIsWrong_isRefused() {
        assertThatThrownBy(() -> table.partiqlWrite("DELETE FROM \"Other\" WHERE \"PK\" = ?"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL statement 'DELETE FROM \"Other\" WHERE \"PK\" = ?' writes to table 'Other', but this Table is '"
                        + db.tableName() + "': write " + t() + " (a statement on another table needs that table's Table)");
        assertThatThrownBy(() -> table.partiqlWrite("SELECT * FROM " + t()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL statement 'SELECT * FROM " + t() + "' is a SELECT: read with table.partiql(ENTITY, statement), "
                        + "which decodes the items");
    }

    @Test
    void execute_whenParametersDoNotMatchPlaceholders_isRefusedBeforeSending() {
        PartiqlWrite write = table.partiqlWrite("DELETE FROM " + t() + " WHERE \"PK\" = ? AND \"SK\" = ? AND \"name\" = 'a?'")
                .parameters("PRODUCT#p-10");

        assertThatThrownBy(() -> table.execute(write))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL delete of ('DELETE FROM " + t() + " WHERE \"PK\" = ? AND \"SK\" = ? AND \"name\" = 'a?'') has 2 ? "
                        + "placeholders but 1 parameter is given; give one value per ?, in order");
        assertThat(requests()).isEmpty();
    }

    @Test
    void parameters_onAStatementBuiltFromTheSchema_isRefused() {
        assertThatThrownBy(() -> table.partiqlDelete(PRODUCT, sku("p-11")).parameters("x"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL delete of Product {PK=PRODUCT#p-11, SK=METADATA} ('DELETE FROM " + t() + " WHERE \"PK\" = ? AND "
                        + "\"SK\" = ?') was built from the schema and holds its parameters; parameters(...) is for statements written "
                        + "with table.partiqlWrite(statement)");
    }

    // ---------------------------------------------------------------- batches

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void executeBatch_whenOneStatementFails_reportsItAndWhichWereApplied() {
        table.create(product("b-2"));
        table.create(product("b-3"));
        SENT.clear();
        List<PartiqlWrite> batch = List.of(table.partiqlInsert(product("b-1")), table.partiqlInsert(product("b-2")),
                table.partiqlUpdate(PRODUCT, sku("b-3"), u -> u.set(CATEGORY, "audio").set(NAME, "Renamed")));

        assertThatThrownBy(() -> table.executeBatch(batch))
                .isInstanceOfSatisfying(PartiqlBatchException.class, e -> {
                    assertThat(e.succeeded()).containsExactly(0, 2);
                    assertThat(e.failures()).hasSize(1);
                    assertThat(e.failures().get(0).index()).isEqualTo(1);
                    assertThat(e.failures().get(0).code()).isEqualTo("DuplicateItem");
                    assertThat(e.failures().get(0).statement()).isSameAs(batch.get(1));
                    assertThat(e.failures().get(0).error()).isInstanceOf(ItemAlreadyExistsException.class)
                            .hasMessage("Cannot create Product {PK=PRODUCT#b-2, SK=METADATA} in table " + db.tableName()
                                    + ": an item with this key already exists; use put to replace it, or choose another key");
                })
                .hasMessage("BatchExecuteStatement on table " + db.tableName() + ": 1 of 3 statements failed and 2 were applied "
                        + "(statements [0, 2]); statement 1 (insert Product {PK=PRODUCT#b-2, SK=METADATA}): DuplicateItem: Cannot create "
                        + "Product {PK=PRODUCT#b-2, SK=METADATA} in table " + db.tableName() + ": an item with this key already exists; "
                        + "use put to replace it, or choose another key");
        assertThat(stored("b-1")).isEqualTo(table.toItem(table.get(PRODUCT, sku("b-1")).orElseThrow()));
        assertThat(table.get(PRODUCT, sku("b-3")).orElseThrow().name()).isEqualTo("Renamed");
        assertThat(requests()).containsExactly("BatchExecuteStatement", "GetItem", "GetItem");
    }

    @Test
    void executeBatch_twoStatementsOnOneItem_isRefusedBeforeSending() {
        List<PartiqlWrite> batch = List.of(table.partiqlDelete(PRODUCT, sku("b-4")), table.partiqlUpdate(PRODUCT, sku("b-4"),
                u -> u.set(STOCK, 1)));

        assertThatThrownBy(() -> table.executeBatch(batch))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BatchExecuteStatement statements 0 (delete of Product {PK=PRODUCT#b-4, SK=METADATA} ('DELETE FROM " + t()
                        + " WHERE \"PK\" = ? AND \"SK\" = ?')) and 1 (update of Product {PK=PRODUCT#b-4, SK=METADATA} ('UPDATE " + t()
                        + " SET \"stock\" = ? SET \"updatedAt\" = ? SET \"version\" = version + ? WHERE \"PK\" = ? AND \"SK\" = ? AND "
                        + "\"entityType\" = ?')) are on the same item; DynamoDB allows one statement per item in a batch: combine them");
        assertThat(requests()).isEmpty();
    }

    @Test
    void executeBatch_overTwentyFiveStatements_isRefusedBeforeSending() {
        List<PartiqlWrite> batch = IntStream.range(0, 26).mapToObj(i -> table.partiqlDelete(PRODUCT, sku("x" + i))).toList();

        assertThatThrownBy(() -> table.executeBatch(batch))
                .isInstanceOf(ValidationException.class)
                .hasMessage("executeBatch on table " + db.tableName() + " has 26 statements; BatchExecuteStatement takes at most 25 "
                        + "statements: split them into several batches");
        assertThat(requests()).isEmpty();
    }

    // ---------------------------------------------------------------- transactions

    @Test
    @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void executeTransaction_whenAStatementFails_writesNothingAndMapsEachReason() {
        table.create(product("t-1"));
        SENT.clear();
        List<PartiqlWrite> statements = List.of(table.partiqlUpdate(PRODUCT, sku("t-1"), u -> u.set(CATEGORY, "audio").set(NAME, "Renamed")),
                table.partiqlInsert(product("t-1b")), table.partiqlUpdate(PRODUCT, sku("t-missing"), u -> u.set(STOCK, 1)));

        assertThatThrownBy(() -> table.executeTransaction(statements))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.reasons()).extracting(TransactionCanceledException.Reason::code)
                            .containsExactly("None", "None", "ConditionalCheckFailed");
                    assertThat(e.failures().get(0).conditionFailure()).get().isInstanceOf(ItemNotFoundException.class);
                    assertThat(e.failures().get(0).key()).isEqualTo(Map.of("PK", "PRODUCT#t-missing", "SK", "METADATA"));
                });
        assertThat(table.get(PRODUCT, sku("t-1")).orElseThrow().name()).isEqualTo("Headphones");
        assertThat(stored("t-1b")).isEmpty();

        table.executeTransaction(statements.subList(0, 2));
        assertThat(table.get(PRODUCT, sku("t-1")).orElseThrow().name()).isEqualTo("Renamed");
        assertThat(table.get(PRODUCT, sku("t-1b"))).isPresent();
        assertThat(requests()).containsExactly("ExecuteTransaction", "GetItem", "ExecuteTransaction", "GetItem", "GetItem");
    }

    @Test
    @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.PARTIQL})
    void executeTransaction_whenAnInsertsKeyIsTaken_mapsItsReasonToItemAlreadyExists() {
        table.create(product("t-3"));
        List<PartiqlWrite> statements = List.of(table.partiqlInsert(product("t-3")), table.partiqlDelete(PRODUCT, sku("t-4")));

        assertThatThrownBy(() -> table.executeTransaction(statements))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.failures()).hasSize(1);
                    assertThat(e.failures().get(0).index()).isZero();
                    assertThat(e.failures().get(0).conditionFailure()).get().isInstanceOf(ItemAlreadyExistsException.class);
                    assertThat(e.failures().get(0).message()).isEqualTo("Cannot create Product {PK=PRODUCT#t-3, SK=METADATA} in table "
                            + db.tableName() + ": an item with this key already exists; use put to replace it, or choose another key");
                });
        assertThat(requests()).containsExactly("PutItem", "ExecuteTransaction");
    }

    @Test
    void executeTransaction_twoStatementsOnOneItem_isRefusedBeforeSending() {
        List<PartiqlWrite> statements = List.of(table.partiqlUpdate(PRODUCT, sku("t-2"), u -> u.set(STOCK, 1)),
                table.partiqlDelete(PRODUCT, sku("t-2")));

        assertThatThrownBy(() -> table.executeTransaction(statements))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("ExecuteTransaction statements 0 (update of Product {PK=PRODUCT#t-2, SK=METADATA} ('UPDATE ");
        assertThat(requests()).isEmpty();
    }

    @Test
    @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.PARTIQL})
    void executeTransactionAndExecute_whenWrittenAsInTheModellingPatternsPage_insertAndDeleteThenUpdateTheStatus() {
        table.create(product("d-2"));
        String tableName = t();

        PartiqlWrite insert = table.partiqlInsert(product("d-1"));
        PartiqlWrite remove = table.partiqlDelete(PRODUCT, sku("d-2"));
        table.executeTransaction(List.of(insert, remove));

        table.execute(table.partiqlWrite("UPDATE " + tableName + " SET \"status\" = ? WHERE \"PK\" = ? AND \"SK\" = ?")
                .parameter(STATUS, Status.RETIRED)
                .key(PRODUCT, sku("d-1")));

        assertThat(table.get(PRODUCT, sku("d-1")).orElseThrow().status()).isEqualTo(Status.RETIRED);
        assertThat(table.get(PRODUCT, sku("d-2"))).isEmpty();
        assertThat(requests()).containsExactly("PutItem", "ExecuteTransaction", "ExecuteStatement", "GetItem", "GetItem");
    }

    // ---------------------------------------------------------------- async

    @Test
    @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.PARTIQL, EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES})
    void async_executeAndTransaction_writeAsTheSyncTable() {
        async.execute(async.partiqlInsert(product("a-1"))).join();
        async.executeTransaction(List.of(async.partiqlUpdate(PRODUCT, sku("a-1"), u -> u.set(CATEGORY, "audio").set(NAME, "Async")),
                async.partiqlInsert(product("a-2")))).join();

        assertThat(table.get(PRODUCT, sku("a-1")).orElseThrow().name()).isEqualTo("Async");
        assertThatThrownBy(() -> async.execute(async.partiqlInsert(product("a-2"))).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(ItemAlreadyExistsException.class);
        // listeners hear of every request sent, the refused INSERT too, with the engine's error code (DynamoDB Local 2.6.1
        // says DuplicateItem where Amazon DynamoDB's API reference says DuplicateItemException)
        assertThat(ASYNC_REQUESTS).containsExactly("ExecuteStatement OK", "ExecuteTransaction OK", "ExecuteStatement DuplicateItem");
    }

    // ---------------------------------------------------------------- SELECT with typed parameters

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlSelect_withKeyAndTypedParameter_readsTheItem() {
        table.create(product("s-1"));
        String statement = "SELECT * FROM " + t() + " WHERE \"PK\" = ? AND \"SK\" = ? AND \"status\" = ?";

        assertThat(table.partiql(PRODUCT, statement).key(PRODUCT, sku("s-1")).parameter(STATUS, Status.ACTIVE).list())
                .containsExactly(table.get(PRODUCT, sku("s-1")).orElseThrow());
        assertThat(table.partiql(PRODUCT, statement).key(PRODUCT, sku("s-1")).parameter(STATUS, Status.RETIRED).list()).isEmpty();
        assertThatThrownBy(() -> table.partiql(PRODUCT, statement).key(PRODUCT, sku("s-1")).list())
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL statement for Product '" + statement + "' has 3 ? placeholders but 2 parameters are given; give one "
                        + "value per ?, in order");
    }
}
