package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.fixtures.ProductsAndOrders.Status;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import dev.singletable.partiql.PartiqlBatchException;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.VersionConflictException;
import dev.singletable.extension.RequestEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The write paths ExpiredItemWritesTest leaves: an upsert onto an expired item writes as onto no item, a versioned put
 * based on a version of an expired item is refused as replace is, and PartiQL UPDATE and conditional DELETE take an
 * expired item as absent.
 */
class ExpiredItemWritePathsTest {
    /** A versioned entity holding the table's TTL attribute. */
    record Lease(String id, String holder, Long version, Instant expiresAt) {}

    static final Attribute<Lease, String> LEASE_ID = Attribute.required("id", AttributeTypes.STRING, Lease::id);
    static final Attribute<Lease, String> HOLDER = Attribute.of("holder", AttributeTypes.STRING, Lease::holder);
    static final Attribute<Lease, Long> LEASE_VERSION = Attribute.of("version", AttributeTypes.LONG, Lease::version);
    static final Attribute<Lease, Instant> LEASE_EXPIRES = Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Lease::expiresAt);
    static final EntitySchema<Lease> LEASE = EntitySchema.builder(Lease.class)
            .attributes(LEASE_ID, HOLDER, LEASE_VERSION, LEASE_EXPIRES)
            .primaryKey("LEASE#{id}", "LEASE")
            .version(LEASE_VERSION)
            .factory(i -> new Lease(i.get(LEASE_ID), i.get(HOLDER), i.get(LEASE_VERSION), i.get(LEASE_EXPIRES)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("ExpiredWritePathsTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(ORDER, LEASE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** Ten years ahead, so that every TTL here is in the real future, where an engine's own TTL sweeper leaves it alone. */
    private static final Instant NOW = Instant.now().plus(Duration.ofDays(3650)).truncatedTo(ChronoUnit.SECONDS);
    private static final Instant EXPIRED = NOW.minusSeconds(100);
    private static final Instant LIVE = NOW.plusSeconds(100);
    private static final Instant LONG_AGO = NOW.minus(Duration.ofDays(30));

    /** The requests the table sent, each with how it ended: {@code ExecuteStatement OK}, {@code DeleteItem ConditionalCheckFailedException}. */
    private static final List<String> REQUESTS = Collections.synchronizedList(new ArrayList<>());
    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        table = Table.builder(db.table().schema(), db.client()).clock(clock)
                .listener((RequestEvent e) -> REQUESTS.add(e.operation() + " " + e.errorCode().orElse("OK"))).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(clock).build();
    }

    private static Order order(String orderId, Instant expiresAt) {
        return new Order("X1", orderId, Status.PENDING, BigDecimal.ONE, LONG_AGO, expiresAt);
    }

    private static KeyValues key(String orderId) {
        return KeyValues.of(CUSTOMER_ID, "X1").and(ORDER_ID, orderId);
    }

    private static Optional<Order> stored(String orderId) {
        return table.getIncludingExpired(ORDER, key(orderId), ReadConsistency.STRONG);
    }

    private static Optional<Lease> storedLease(String id) {
        return table.getIncludingExpired(LEASE, KeyValues.of(LEASE_ID, id), ReadConsistency.STRONG);
    }

    // ---------------------------------------------------------------- upsert

    @Test
    void upsert_whenTheItemHasExpired_writesOnlyTheUpsertsValuesAsOntoNoItem() {
        table.put(order("up1", EXPIRED));

        Order upserted = table.upsert(ORDER, key("up1"), u -> u.set(TOTAL, BigDecimal.TEN).set(EXPIRES, LIVE));

        // the expired item's status and createdAt are gone: createdAt is the upsert's, as on create
        Order expected = new Order("X1", "up1", null, BigDecimal.TEN, NOW, LIVE);
        assertThat(upserted).isEqualTo(expected);
        assertThat(table.get(ORDER, key("up1"))).contains(expected);
    }

    @Test
    void upsert_whenTheItemLivesOrHasNoTtl_keepsItsOtherAttributes() {
        table.put(order("up2", LIVE));
        table.put(order("up3", null));

        assertThat(table.upsert(ORDER, key("up2"), u -> u.set(TOTAL, BigDecimal.TEN)))
                .isEqualTo(new Order("X1", "up2", Status.PENDING, BigDecimal.TEN, LONG_AGO, LIVE));
        assertThat(table.upsert(ORDER, key("up3"), u -> u.set(TOTAL, BigDecimal.TEN)))
                .isEqualTo(new Order("X1", "up3", Status.PENDING, BigDecimal.TEN, LONG_AGO, null));
    }

    @Test
    void upsert_whenTheItemIsMissing_createsIt() {
        assertThat(table.upsert(ORDER, key("up4"), u -> u.set(TOTAL, BigDecimal.TEN)))
                .isEqualTo(new Order("X1", "up4", null, BigDecimal.TEN, NOW, null));
    }

    @Test
    void upsert_whenItsConditionFailsOnALiveItem_isRefusedAndWritesNothing() {
        Order live = order("up5", LIVE);
        table.put(live);

        assertThatThrownBy(() -> table.upsert(ORDER, key("up5"), u -> u.set(TOTAL, BigDecimal.TEN), Condition.eq(ORDER_STATUS, Status.CONFIRMED)))
                .isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(stored("up5")).contains(live);
    }

    @Test
    void upsert_onTheAsyncTableWhenTheItemHasExpired_writesAsOntoNoItem() {
        table.put(order("up6", EXPIRED));

        Order upserted = async.upsert(ORDER, key("up6"), u -> u.set(TOTAL, BigDecimal.TEN)).join();

        assertThat(upserted).isEqualTo(new Order("X1", "up6", null, BigDecimal.TEN, NOW, null));
        assertThat(stored("up6")).contains(upserted);
    }

    @Test
    void upsert_readingStoredValuesWhenTheItemHasExpired_isPlannedAsForNoItem() {
        table.put(order("up8", EXPIRED));
        UnaryOperator<Update<Order>> changes = u -> u.set(ORDER_STATUS, Status.CONFIRMED).readingStoredValuesForIndexKeys();

        // the expired item's values are not planned with (they would pin values the cleared item no longer has): the
        // upsert writes what an upsert of a missing Order writes, key apart
        Order ontoNoItem = table.upsert(ORDER, key("up9"), changes);
        Order ontoExpired = table.upsert(ORDER, key("up8"), changes);

        assertThat(ontoExpired).isEqualTo(new Order(ontoNoItem.customerId(), "up8", ontoNoItem.status(), ontoNoItem.total(),
                ontoNoItem.createdAt(), ontoNoItem.expiresAt()));
        assertThat(ontoExpired.total()).isNull();
        assertThat(stored("up8")).contains(ontoExpired);
    }

    @Test
    // the expiry in the refusal is read from the stored item the cancellation reason returns
    @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE})
    void upsert_inATransactionWhenTheItemHasExpired_isRefusedSayingToUpsertAloneAndWritesNothing() {
        Order expired = order("up7", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.transaction().upsert(ORDER, key("up7"), u -> u.set(TOTAL, BigDecimal.TEN)).execute())
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> assertThat(e.failures()).singleElement()
                        .satisfies(reason -> assertThat(reason.message()).endsWith("reads treat it as absent until DynamoDB deletes it; an "
                                + "upsert writes over an expired item only when sent alone, not in a transaction: upsert it alone, or "
                                + "delete it first")));
        assertThat(stored("up7")).contains(expired);
    }

    // ---------------------------------------------------------------- versioned put

    @Test
    void put_whenVersionedAndTheItemHasExpiredAtThatVersion_isRefusedAndWritesNothing() {
        table.put(new Lease("l1", "ann", null, EXPIRED));
        Lease read = storedLease("l1").orElseThrow();

        assertThatThrownBy(() -> table.put(new Lease("l1", "bob", read.version(), LIVE))).isInstanceOf(ConditionFailedException.class);
        assertThat(storedLease("l1")).contains(read);
    }

    @Test
    // the expiry in the refusal is read from the stored item the failed condition returns
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void put_whenVersionedAndTheItemHasExpired_throwsItemNotFoundNamingTheExpiry() {
        table.put(new Lease("l2", "ann", null, EXPIRED));
        Lease read = storedLease("l2").orElseThrow();

        assertThatThrownBy(() -> table.put(new Lease("l2", "bob", read.version(), LIVE)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("put of Lease {PK=LEASE#l2, SK=LEASE} in table " + db.tableName() + " was refused: the item at this key has "
                        + "expired (its TTL attribute 'expiresAt' is " + EXPIRED.getEpochSecond() + ", not after now) and reads treat it "
                        + "as absent until DynamoDB deletes it; create it again");
    }

    @Test
    void put_whenVersionedAndTheItemLives_writesTheNextVersion() {
        table.put(new Lease("l3", "ann", null, LIVE));
        Lease read = table.get(LEASE, KeyValues.of(LEASE_ID, "l3")).orElseThrow();

        assertThat(table.put(new Lease("l3", "bob", read.version(), LIVE))).isEqualTo(new Lease("l3", "bob", read.version() + 1, LIVE));
    }

    // ---------------------------------------------------------------- versioned writes from an expired current

    /** A Lease stored at version 1 that has expired, as read (reads that hide expired items would not return it). */
    private static Lease expiredLease(String id) {
        table.put(new Lease(id, "ann", null, EXPIRED));
        return storedLease(id).orElseThrow();
    }

    private static KeyValues leaseKey(String id) {
        return KeyValues.of(LEASE_ID, id);
    }

    @Test
    void deleteCurrent_whenTheItemHasExpiredAtTheVersionRead_isEmptyAsForNoItem() {
        Lease current = expiredLease("v1");

        assertThat(table.delete(current)).isEmpty();
        assertThat(async.delete(current).join()).isEmpty();
        assertThat(table.get(LEASE, leaseKey("v1"))).isEmpty();
    }

    @Test
    void deleteCurrent_whenTheItemHasExpiredAtALaterVersion_isEmptyAsForAnItemDeletedSince() {
        Lease current = expiredLease("v2");
        db.table().put(new Lease("v2", "bob", current.version(), EXPIRED)); // version 2, expired too (live by the real clock)

        assertThat(table.delete(current)).isEmpty();
        assertThat(table.get(LEASE, leaseKey("v2"))).isEmpty();
    }

    @Test
    void deleteCurrent_whenTheItemLivesAtALaterVersion_stillThrowsVersionConflict() {
        table.put(new Lease("v3", "ann", null, LIVE));
        Lease current = storedLease("v3").orElseThrow();
        table.put(new Lease("v3", "bob", current.version(), LIVE));

        assertThatThrownBy(() -> table.delete(current)).isInstanceOf(VersionConflictException.class);
        assertThat(storedLease("v3").map(Lease::holder)).contains("bob");
    }

    @Test
    // the expiry in the refusal is read from the stored item the failed condition returns
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void replaceAndUpdateCurrent_whenTheItemHasExpired_throwItemNotFoundNamingTheExpiryAndWriteNothing() {
        Lease current = expiredLease("v4");

        assertThatThrownBy(() -> table.replace(new Lease("v4", "bob", current.version(), LIVE)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage(expiredRefusal("replace", "v4", "create it again"));
        assertThatThrownBy(() -> table.update(current, u -> u.set(HOLDER, "bob")))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage(expiredRefusal("update", "v4", "create it again, or use upsert"));
        assertThatThrownBy(() -> async.update(current, u -> u.set(HOLDER, "bob")).join())
                .hasCauseInstanceOf(ItemNotFoundException.class);
        assertThat(storedLease("v4")).contains(current);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void replaceCurrent_whenTheItemHasExpiredAtALaterVersion_throwsItemNotFoundNamingTheExpiry() {
        Lease current = expiredLease("v5");
        Lease later = db.table().put(new Lease("v5", "bob", current.version(), EXPIRED)); // live by the real clock

        assertThatThrownBy(() -> table.replace(new Lease("v5", "carl", current.version(), LIVE)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage(expiredRefusal("replace", "v5", "create it again"));
        assertThat(storedLease("v5")).contains(later);
    }

    @Test
    void deleteAndReplaceCurrent_onAnEngineReturningNoItemWithARefusal_takeAnExpiredItemAsAbsent() {
        Lease current = expiredLease("v6");

        try (DynamoDbClient client = NoItemOnRefusal.client(db.engine().endpoint())) {
            Table itemless = Table.builder(db.table().schema(), client).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();

            // the refusal alone cannot tell an expired item from another version: the key is read, with its TTL attribute
            assertThat(itemless.delete(current)).isEmpty();
            assertThatThrownBy(() -> itemless.replace(new Lease("v6", "bob", current.version(), LIVE)))
                    .isInstanceOf(ItemNotFoundException.class)
                    .hasMessage(expiredRefusal("replace", "v6", "create it again"));
        }
        assertThat(storedLease("v6")).contains(current);
    }

    /**
     * Answers a refused condition without the stored item, as engines that ignore ReturnValuesOnConditionCheckFailure
     * (dynalite) do.
     */
    static final class NoItemOnRefusal implements ExecutionInterceptor {
        private static final String REFUSED = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException\","
                + "\"message\":\"The conditional request failed\"}";
        private static final ExecutionAttribute<byte[]> BODY = new ExecutionAttribute<>("NoItemOnRefusal.body");

        static DynamoDbClient client(java.net.URI endpoint) {
            return DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(endpoint)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                    .overrideConfiguration(o -> o.addExecutionInterceptor(new NoItemOnRefusal())).build();
        }

        @Override
        public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            byte[] body = context.responseBody().map(NoItemOnRefusal::read).orElse(new byte[0]);
            boolean refused = new String(body, StandardCharsets.UTF_8).contains("ConditionalCheckFailedException");
            byte[] answered = refused ? REFUSED.getBytes(StandardCharsets.UTF_8) : body;
            attributes.putAttribute(BODY, answered);
            return context.httpResponse().toBuilder().removeHeader("x-amz-crc32")
                    .putHeader("Content-Length", String.valueOf(answered.length)).build();
        }

        @Override
        public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            return Optional.of(new ByteArrayInputStream(attributes.getAttribute(BODY)));
        }

        private static byte[] read(InputStream in) {
            try (in) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The refusal of a versioned write whose item has expired: reads hide it, so it is absent. */
    private static String expiredRefusal(String operation, String id, String fix) {
        return operation + " of Lease {PK=LEASE#" + id + ", SK=LEASE} in table " + db.tableName() + " was refused: the item at this "
                + "key has expired (its TTL attribute 'expiresAt' is " + EXPIRED.getEpochSecond() + ", not after now) and reads "
                + "treat it as absent until DynamoDB deletes it; " + fix;
    }

    // ---------------------------------------------------------------- PartiQL

    @Test
    void partiqlUpdateAndConditionalDelete_ofAnEntityWithTheTtlAttribute_requireALiveItemLast() {
        PartiqlWrite update = table.partiqlUpdate(ORDER, key("p0"), u -> u.set(TOTAL, BigDecimal.TEN));
        PartiqlWrite delete = table.partiqlDelete(ORDER, key("p0"), Condition.eq(ORDER_STATUS, Status.PENDING));
        PartiqlWrite plainDelete = table.partiqlDelete(ORDER, key("p0"), Condition.none());

        String live = " AND (\"expiresAt\" IS MISSING OR \"expiresAt\" > ?)";
        assertThat(update.statement()).endsWith("AND \"entityType\" = ?" + live);
        assertThat(delete.statement()).endsWith("AND \"status\" = ?" + live);
        assertThat(plainDelete.statement()).doesNotContain("expiresAt"); // deleting an expired item removes what reads already hide
        AttributeValue now = AttributeValue.fromN(Long.toString(NOW.getEpochSecond()));
        assertThat(update.parameters()).last().isEqualTo(now);
        assertThat(delete.parameters()).last().isEqualTo(now);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlUpdateOfAnExpiredItem_throwsItemNotFoundAndWritesNothing() {
        Order expired = order("p1", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.execute(table.partiqlUpdate(ORDER, key("p1"), u -> u.set(TOTAL, BigDecimal.TEN))))
                .isInstanceOf(ItemNotFoundException.class);
        assertThat(stored("p1")).contains(expired);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlUpdateOfALiveItem_updatesIt() {
        table.put(order("p2", LIVE));

        table.execute(table.partiqlUpdate(ORDER, key("p2"), u -> u.set(TOTAL, BigDecimal.TEN)));

        assertThat(stored("p2").map(Order::total)).contains(BigDecimal.TEN);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlDeleteWithAConditionOfAnExpiredItem_isRefusedAsForNoItem() {
        Order expired = order("p3", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.execute(table.partiqlDelete(ORDER, key("p3"), Condition.eq(ORDER_STATUS, Status.PENDING))))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(stored("p3")).contains(expired);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlDeleteWithAConditionOfALiveItem_deletesIt() {
        table.put(order("p4", LIVE));

        table.execute(table.partiqlDelete(ORDER, key("p4"), Condition.eq(ORDER_STATUS, Status.PENDING)));

        assertThat(stored("p4")).isEmpty();
    }

    @Test
    void delete_withAConditionWhenTheItemHasExpired_isRefusedAndKeepsIt() {
        Order expired = order("d1", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.delete(ORDER, key("d1"), Condition.eq(ORDER_STATUS, Status.PENDING)))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(stored("d1")).contains(expired);
    }

    @Test
    void delete_withAnOrConditionWhenTheItemHasExpired_isRefusedAsForNoItemAndKeepsIt() {
        Order expired = order("d6", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.delete(ORDER, key("d6"),
                Condition.eq(ORDER_STATUS, Status.PENDING).or(Condition.eq(ORDER_STATUS, Status.CONFIRMED))))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(stored("d6")).contains(expired);
    }
    // ---------------------------------------------------------------- unconditional delete

    @Test
    void delete_whenTheItemHasExpired_returnsEmptyAsForNoItemAndDeletesIt() {
        table.put(order("d2", EXPIRED));

        assertThat(table.delete(ORDER, key("d2"), Condition.none())).isEmpty();
        assertThat(stored("d2")).isEmpty();
    }

    @Test
    void delete_onTheAsyncTableWhenTheItemHasExpired_returnsEmptyAndDeletesIt() {
        table.put(order("d3", EXPIRED));

        assertThat(async.delete(ORDER, key("d3"), Condition.none()).join()).isEmpty();
        assertThat(stored("d3")).isEmpty();
    }

    @Test
    void delete_whenTheItemLivesOrHasNoTtl_returnsIt() {
        Order live = order("d4", LIVE);
        Order forever = order("d5", null);
        table.put(live);
        table.put(forever);

        assertThat(table.delete(ORDER, key("d4"), Condition.none())).contains(live);
        assertThat(table.delete(ORDER, key("d5"), Condition.none())).contains(forever);
    }

    // ---------------------------------------------------------------- PartiQL INSERT

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlInsertOverAnExpiredItem_writesItAsCreateDoes() {
        table.put(order("i1", EXPIRED));
        Order fresh = new Order("X1", "i1", Status.CONFIRMED, BigDecimal.TEN, LONG_AGO, LIVE);

        table.execute(table.partiqlInsert(fresh));

        assertThat(stored("i1")).contains(fresh);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlInsertOverAnExpiredItem_readsTheItemDeletesItWhileExpiredAndInsertsAgain() {
        table.put(order("i7", EXPIRED));
        Order fresh = new Order("X1", "i7", Status.CONFIRMED, BigDecimal.TEN, LONG_AGO, LIVE);
        REQUESTS.clear();

        table.execute(table.partiqlInsert(fresh));

        assertThat(REQUESTS).containsExactly("ExecuteStatement DuplicateItemException", "GetItem OK", "DeleteItem OK", "ExecuteStatement OK");
        assertThat(stored("i7")).contains(fresh);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlInsertOverALiveItem_readsItInsteadOfSendingAFailingDeleteAndCarriesIt() {
        Order live = order("i8", LIVE);
        table.put(live);
        REQUESTS.clear();

        assertThatThrownBy(() -> table.execute(table.partiqlInsert(order("i8", null))))
                .isInstanceOfSatisfying(ItemAlreadyExistsException.class, e -> {
                    assertThat(e.mayHaveBeenApplied()).isFalse();
                    assertThat(e.currentEntity(Order.class)).contains(live);
                })
                .hasMessage("Cannot create Order {PK=USER#X1, SK=ORDER#i8} in table " + db.tableName()
                        + ": an item with this key already exists; use put to replace it, or choose another key");
        // a strongly consistent read (1 read unit per 4 KB) tells a live item from an expired one; a delete conditioned on
        // the expiry would be refused on a live item and still cost write units (1 per KB) for nothing
        assertThat(REQUESTS).containsExactly("ExecuteStatement DuplicateItemException", "GetItem OK");
        assertThat(stored("i8")).contains(live);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlInsertOnTheAsyncTableOverAnExpiredItem_writesIt() {
        table.put(order("i2", EXPIRED));
        Order fresh = new Order("X1", "i2", Status.CONFIRMED, BigDecimal.TEN, LONG_AGO, null);

        async.execute(async.partiqlInsert(fresh)).join();

        assertThat(stored("i2")).contains(fresh);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void execute_partiqlInsertOverALiveItemOrOneWithoutTtl_throwsItemAlreadyExistsAndKeepsIt() {
        Order live = order("i3", LIVE);
        Order forever = order("i4", null);
        table.put(live);
        table.put(forever);

        assertThatThrownBy(() -> table.execute(table.partiqlInsert(order("i3", null)))).isInstanceOf(ItemAlreadyExistsException.class);
        assertThatThrownBy(() -> table.execute(table.partiqlInsert(order("i4", LIVE)))).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(stored("i3")).contains(live);
        assertThat(stored("i4")).contains(forever);
    }

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.TRANSACTIONS})
    void executeTransaction_partiqlInsertOverAnExpiredItem_isRefusedNamingTheExpiryAndTheFix() {
        Order expired = order("i5", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.executeTransaction(List.of(table.partiqlInsert(order("i5", LIVE)))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> assertThat(e.failures()).singleElement()
                        .satisfies(reason -> assertThat(reason.message()).isEqualTo(insertRefusal("i5"))));
        assertThat(stored("i5")).contains(expired);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void executeBatch_partiqlInsertOverAnExpiredItem_isRefusedNamingTheExpiryAndTheFix() {
        Order expired = order("i6", EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.executeBatch(List.of(table.partiqlInsert(order("i6", LIVE)))))
                .isInstanceOfSatisfying(PartiqlBatchException.class, e -> assertThat(e.failures()).singleElement()
                        .satisfies(f -> assertThat(f.error()).isInstanceOf(ItemAlreadyExistsException.class)
                                .hasMessage(insertRefusal("i6"))));
        assertThat(stored("i6")).contains(expired);
    }

    /** What an INSERT in a batch or transaction is told when its key is taken, on an entity holding the TTL attribute. */
    private static String insertRefusal(String orderId) {
        return "insert of Order {PK=USER#X1, SK=ORDER#" + orderId + "} in table " + db.tableName() + " was refused: an item "
                + "with this key already exists, or one has expired (its TTL attribute 'expiresAt' at or before "
                + NOW.getEpochSecond() + ") that reads treat as absent until DynamoDB deletes it; an INSERT writes over an expired "
                + "item only when executed alone (execute), not in a batch or transaction: execute it alone, or delete the item "
                + "first";
    }
}
