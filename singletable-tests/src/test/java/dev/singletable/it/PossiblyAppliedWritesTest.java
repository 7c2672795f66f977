package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.AsyncWriteTransaction;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.WriteTransaction;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Writes whose answer is lost after the engine applied them: an SDK interceptor replaces the response of chosen attempts
 * (after the engine applied the request) with an error, and the SDK's default retries run as in production. A write that
 * is not idempotent must not be applied twice behind the caller's back, and every message must fit what
 * {@code mayHaveBeenApplied()} says.
 */
class PossiblyAppliedWritesTest {
    record Account(String id, BigDecimal balance, List<String> notes, Long version) {}

    static final Attribute<Account, String> ID = Attribute.required("id", AttributeTypes.STRING, Account::id);
    static final Attribute<Account, BigDecimal> BALANCE = Attribute.required("balance", AttributeTypes.DECIMAL, Account::balance);
    static final Attribute<Account, List<String>> NOTES = Attribute.of("notes", AttributeTypes.listOf(AttributeTypes.STRING), Account::notes);
    static final Attribute<Account, Long> VERSION = Attribute.of("version", AttributeTypes.LONG, Account::version);
    static final EntitySchema<Account> ACCOUNT = EntitySchema.builder(Account.class).attributes(ID, BALANCE, NOTES, VERSION)
            .primaryKey("ACCOUNT#{id}", "ACCOUNT").version(VERSION)
            .factory(i -> new Account(i.get(ID), i.get(BALANCE), i.get(NOTES), i.get(VERSION))).build();
    /** Unversioned and without timestamps: its PartiQL updates have one SET clause, which every engine with PartiQL takes. */
    record Tally(String id, long hits) {}

    static final Attribute<Tally, String> TALLY_ID = Attribute.required("id", AttributeTypes.STRING, Tally::id);
    static final Attribute<Tally, Long> HITS = Attribute.required("hits", AttributeTypes.LONG, Tally::hits);
    static final EntitySchema<Tally> TALLY = EntitySchema.builder(Tally.class).attributes(TALLY_ID, HITS)
            .primaryKey("TALLY#{id}", "TALLY").factory(i -> new Tally(i.get(TALLY_ID), i.get(HITS))).build();
    /** An entity holding the table's TTL attribute: a PartiQL INSERT of it writes over an expired item. */
    record Pass(String id, Instant expiresAt) {}

    static final Attribute<Pass, String> PASS_ID = Attribute.required("id", AttributeTypes.STRING, Pass::id);
    static final Attribute<Pass, Instant> EXPIRES = Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Pass::expiresAt);
    static final EntitySchema<Pass> PASS = EntitySchema.builder(Pass.class).attributes(PASS_ID, EXPIRES)
            .primaryKey("PASS#{id}", "PASS").factory(i -> new Pass(i.get(PASS_ID), i.get(EXPIRES))).build();
    /** Its index key has a slot with a default: an upsert that does not give it is sent without the stored item, and read on refusal. */
    record Ticket(String id, String status, String region) {}

    static final Attribute<Ticket, String> TICKET_ID = Attribute.required("id", AttributeTypes.STRING, Ticket::id);
    static final Attribute<Ticket, String> TICKET_STATUS = Attribute.of("status", AttributeTypes.STRING, Ticket::status);
    static final Attribute<Ticket, String> REGION = Attribute.of("region", AttributeTypes.STRING, Ticket::region).withDefault("EU");
    static final EntitySchema<Ticket> TICKET = EntitySchema.builder(Ticket.class).attributes(TICKET_ID, TICKET_STATUS, REGION)
            .primaryKey("TICKET#{id}", "TICKET").index("GSI1", "REGION#{region}", "{id}")
            .factory(i -> new Ticket(i.get(TICKET_ID), i.get(TICKET_STATUS), i.get(REGION))).build();
    static final TableSchema SCHEMA = TableSchema.builder("PossiblyApplied").timeToLiveAttribute("expiresAt")
            .index(dev.singletable.IndexSchema.of("GSI1", "GSI1PK", "GSI1SK")).entities(ACCOUNT, TALLY, PASS, TICKET).build();
    /** Ten years ahead: the clock of the table that writes passes, so that their TTLs lie where no engine sweeps them. */
    static final Instant LATER = Instant.now().plus(Duration.ofDays(3650)).truncatedTo(ChronoUnit.SECONDS);

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    static final String INTERNAL_ERROR = error("InternalServerError", "injected 500");
    static final Faults FAULTS = new Faults();
    static DynamoDbClient client;
    static DynamoDbAsyncClient asyncClient;
    static Table table;
    static AsyncTable asyncTable;

    @BeforeAll
    static void clients() {
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
        client = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(db.engine().endpoint()).credentialsProvider(credentials)
                .overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS)).build();
        asyncClient = DynamoDbAsyncClient.builder().region(Region.US_EAST_1).endpointOverride(db.engine().endpoint())
                .httpClient(NettyNioAsyncHttpClient.create()).credentialsProvider(credentials)
                .overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS)).build();
        table = Table.builder(db.table().schema(), client).build();
        asyncTable = AsyncTable.builder(db.table().schema(), asyncClient).build();
    }

    @AfterAll
    static void close() {
        client.close();
        asyncClient.close();
    }

    @BeforeEach
    void noFaults() {
        FAULTS.answer("", n -> false, 500, INTERNAL_ERROR);
    }

    static String error(String type, String message) {
        return "{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + type + "\",\"message\":\"" + message + "\"}";
    }

    static Account stored(String id) {
        return db.table().get(ACCOUNT, KeyValues.of(ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    static Account created(String id) {
        return db.table().create(new Account(id, new BigDecimal("5"), List.of(), null));
    }

    /** The first UpdateItem attempt is applied, and its answer replaced by a 500. */
    static void firstUpdateAnswered500() {
        FAULTS.answer("UpdateItem", n -> n == 1, 500, INTERNAL_ERROR);
    }

    /** The exception {@code call} throws, from a future's CompletionException too. */
    static SingleTableException thrownBy(Runnable call) {
        try {
            call.run();
        } catch (CompletionException e) {
            return (SingleTableException) e.getCause();
        } catch (SingleTableException e) {
            return e;
        }
        throw new AssertionError("no exception");
    }

    /** The write failed after its only attempt, with an exception that says it may have been applied. */
    static void assertSentOnceAndMayHaveBeenApplied(SingleTableException thrown) {
        assertThat(thrown).isInstanceOf(DynamoDbRequestException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("may have been applied");
        assertThat(FAULTS.attempts()).isEqualTo(1);
    }

    /** The exception {@code call} throws on a table whose client makes at most {@code attempts} attempts of a request. */
    static SingleTableException thrownWithAttempts(int attempts, java.util.function.Consumer<Table> call) {
        try (DynamoDbClient limited = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(db.engine().endpoint())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS).retryStrategy(r -> r.maxAttempts(attempts))).build()) {
            Table table = Table.builder(db.table().schema(), limited).build();
            return thrownBy(() -> call.accept(table));
        }
    }

    // ------------------------------------------------------------------ finding 1: non-idempotent updates

    @Test
    void updateAdd_whenFirstAttemptAppliedButAnswered500_isNotRepeatedAndMayHaveBeenApplied() {
        created("add-sync");
        firstUpdateAnswered500();

        SingleTableException thrown = thrownBy(() -> table.update(ACCOUNT, KeyValues.of(ID, "add-sync"), u -> u.add(BALANCE, BigDecimal.TEN)));

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(stored("add-sync").balance()).isEqualByComparingTo("15");
    }

    @Test
    void updateAddAsync_whenFirstAttemptAppliedButAnswered500_isNotRepeatedAndMayHaveBeenApplied() {
        created("add-async");
        firstUpdateAnswered500();

        SingleTableException thrown = thrownBy(() -> asyncTable.update(ACCOUNT, KeyValues.of(ID, "add-async"),
                u -> u.add(BALANCE, BigDecimal.TEN)).join());

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(stored("add-async").balance()).isEqualByComparingTo("15");
    }

    @Test
    void upsertAdd_whenFirstAttemptAppliedButAnswered500_isNotRepeatedAndMayHaveBeenApplied() {
        firstUpdateAnswered500();

        SingleTableException thrown = thrownBy(() -> table.upsert(ACCOUNT, KeyValues.of(ID, "upsert-sync"), u -> u.add(BALANCE, BigDecimal.TEN)));

        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(stored("upsert-sync")).extracting(Account::balance, Account::version).containsExactly(BigDecimal.TEN, 1L);
    }

    @Test
    void upsertAppendAsync_whenFirstAttemptAppliedButAnswered500_isNotRepeatedAndMayHaveBeenApplied() {
        firstUpdateAnswered500();

        SingleTableException thrown = thrownBy(() -> asyncTable.upsert(ACCOUNT, KeyValues.of(ID, "append-async"),
                u -> u.set(BALANCE, BigDecimal.ONE).append(NOTES, List.of("paid"))).join());

        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(stored("append-async").notes()).containsExactly("paid");
    }

    @Test
    void upsertReadOnRefusal_whenFirstAttemptAppliedAndItsRetryRefused_isNotResentAndMayHaveBeenApplied() {
        db.table().create(new Ticket("t1", "OPEN", "US"));
        firstUpdateAnswered500();

        SingleTableException thrown = thrownBy(() -> table.upsert(TICKET, KeyValues.of(TICKET_ID, "t1"),
                u -> u.set(TICKET_STATUS, "CLOSED"), dev.singletable.Condition.eq(TICKET_STATUS, "OPEN")));

        // the first attempt closed it; the SDK's retry was refused by the status it wrote: not sent a third time
        assertThat(thrown).isInstanceOf(dev.singletable.ConditionFailedException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(db.table().get(TICKET, KeyValues.of(TICKET_ID, "t1"), ReadConsistency.STRONG)).contains(new Ticket("t1", "CLOSED", "US"));
    }

    @Test
    void updateSet_whenFirstAttemptAppliedButAnswered500_isRetriedBySdkAndSucceeds() {
        created("set-sync");
        firstUpdateAnswered500();

        Account updated = table.update(ACCOUNT, KeyValues.of(ID, "set-sync"), u -> u.set(BALANCE, BigDecimal.TEN));

        assertThat(updated.balance()).isEqualByComparingTo("10");
        assertThat(FAULTS.attempts()).isEqualTo(2);
    }

    @Test
    void updateAdd_whenFirstAttemptThrottled_isRetriedBySdkAndAppliedOnce() {
        created("add-throttled");
        FAULTS.answer("UpdateItem", n -> n == 1, 400, error("ThrottlingException", "Rate of requests exceeds the allowed throughput."));

        Account updated = table.update(ACCOUNT, KeyValues.of(ID, "add-throttled"), u -> u.add(BALANCE, BigDecimal.TEN));

        // the injected throttle came after the engine applied the first attempt: a real throttle writes nothing, so a
        // retry is right; here it shows that the SDK still retries a refusal (the stored balance counts both attempts)
        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(updated.balance()).isEqualByComparingTo("25");
    }

    // ------------------------------------------------------------------ PartiQL updates that are not idempotent

    /** The first ExecuteStatement attempt is applied, and its answer replaced by a 500. */
    static void firstStatementAnswered500() {
        FAULTS.answer("ExecuteStatement", n -> n == 1, 500, INTERNAL_ERROR);
    }

    static PartiqlWrite written(dev.singletable.OfflineOperations on, String statement) {
        return on.partiqlWrite("UPDATE \"" + db.tableName() + "\" " + statement + " WHERE \"PK\" = ? AND \"SK\" = ?");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrittenAdd_whenFirstAttemptAppliedButAnswered500_isNotRepeatedAndMayHaveBeenApplied() {
        created("partiql-add");
        firstStatementAnswered500();

        SingleTableException thrown = thrownBy(() -> table.execute(written(table, "SET \"balance\" = balance + ?")
                .parameters(BigDecimal.TEN).key(ACCOUNT, KeyValues.of(ID, "partiql-add"))));

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(stored("partiql-add").balance()).isEqualByComparingTo("15");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrittenAppendAsync_whenFirstAttemptAppliedButAnswered500_isNotRepeated() {
        created("partiql-append");
        firstStatementAnswered500();

        SingleTableException thrown = thrownBy(() -> asyncTable.execute(written(asyncTable, "SET \"notes\" = list_append(notes, ?)")
                .parameter(NOTES, List.of("paid")).key(ACCOUNT, KeyValues.of(ID, "partiql-append"))).join());

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(stored("partiql-append").notes()).containsExactly("paid");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrittenRemoveOfListElement_whenFirstAttemptAppliedButAnswered500_isNotRepeated() {
        db.table().create(new Account("partiql-remove", BigDecimal.ONE, List.of("a", "b", "c"), null));
        firstStatementAnswered500();

        SingleTableException thrown = thrownBy(() -> table.execute(written(table, "REMOVE notes[0]")
                .key(ACCOUNT, KeyValues.of(ID, "partiql-remove"))));

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(stored("partiql-remove").notes()).containsExactly("b", "c");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlBuiltAdd_whenFirstAttemptAppliedButAnswered500_isNotRepeated() {
        db.table().create(new Tally("partiql-built", 1));
        firstStatementAnswered500();

        SingleTableException thrown = thrownBy(() -> table.execute(table.partiqlUpdate(TALLY, KeyValues.of(TALLY_ID, "partiql-built"),
                u -> u.add(HITS, 1L))));

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(db.table().get(TALLY, KeyValues.of(TALLY_ID, "partiql-built"), ReadConsistency.STRONG).orElseThrow().hits()).isEqualTo(2);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlBatchWithAnAdd_whenFirstAttemptAppliedButAnswered500_isNotRepeated() {
        db.table().create(new Tally("partiql-batch", 1));
        FAULTS.answer("BatchExecuteStatement", n -> n == 1, 500, INTERNAL_ERROR);

        SingleTableException thrown = thrownBy(() -> table.executeBatch(List.of(table.partiqlUpdate(TALLY,
                KeyValues.of(TALLY_ID, "partiql-batch"), u -> u.add(HITS, 1L)))));

        assertSentOnceAndMayHaveBeenApplied(thrown);
        assertThat(db.table().get(TALLY, KeyValues.of(TALLY_ID, "partiql-batch"), ReadConsistency.STRONG).orElseThrow().hits()).isEqualTo(2);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrittenSet_whenFirstAttemptAppliedButAnswered500_isRetriedBySdkAndSucceeds() {
        created("partiql-set");
        firstStatementAnswered500();

        table.execute(written(table, "SET \"balance\" = ?").parameters(BigDecimal.TEN).key(ACCOUNT, KeyValues.of(ID, "partiql-set")));

        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(stored("partiql-set").balance()).isEqualByComparingTo("10");
    }

    // ------------------------------------------------------------------ PartiQL INSERT retried

    /** A table on the faulty client whose clock reads {@link #LATER}. */
    static Table later() {
        return Table.builder(db.table().schema(), client).clock(Clock.fixed(LATER, ZoneOffset.UTC)).build();
    }

    static Optional<Pass> storedPass(String id) {
        return db.table().getIncludingExpired(PASS, KeyValues.of(PASS_ID, id), ReadConsistency.STRONG);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlBuiltInsert_whenFirstAttemptAppliedButAnswered500_saysItsOwnEarlierAttemptMayHaveWrittenIt() {
        firstStatementAnswered500();

        SingleTableException thrown = thrownBy(() -> table.execute(table.partiqlInsert(new Tally("partiql-insert", 1))));

        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(thrown).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("an earlier attempt of this same", "may have written it", "read it before writing again")
                .doesNotContain("use put to replace it");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrittenInsert_whenFirstAttemptAppliedButAnswered500_saysItsOwnEarlierAttemptMayHaveWrittenIt() {
        firstStatementAnswered500();
        PartiqlWrite insert = asyncTable.partiqlWrite("INSERT INTO \"" + db.tableName() + "\" VALUE {'PK' : ?, 'SK' : ?, 'entityType' : ?, "
                + "'id' : ?, 'hits' : ?}").parameters("TALLY#partiql-written-insert", "TALLY", "Tally", "partiql-written-insert", 1);

        SingleTableException thrown = thrownBy(() -> asyncTable.execute(insert).join());

        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(thrown).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("an item with this key already exists; an earlier attempt of this same INSERT (the SDK "
                + "sent it again after a 5xx, a timeout or a lost answer) may have written it: read the item before writing again")
                .doesNotContain("UPDATE it, or choose another key");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlInsertOfAnEntityWithTtl_whenFirstAttemptAppliedButAnswered500_saysSoAndCarriesTheItemWritten() {
        Pass pass = new Pass("retried-pass", LATER.plusSeconds(100));
        Table later = later();
        firstStatementAnswered500();

        SingleTableException thrown = thrownBy(() -> later.execute(later.partiqlInsert(pass)));

        assertThat(thrown).isInstanceOfSatisfying(ItemAlreadyExistsException.class,
                e -> assertThat(e.currentEntity(Pass.class)).contains(pass));
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("an earlier attempt of this same", "may have written it");
        assertThat(storedPass("retried-pass")).contains(pass);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlInsertOverAnExpiredItem_whenTheDeletesAnswerIsLostAndItsRetryRefused_insertsAllTheSame() {
        db.table().put(new Pass("cleared-pass", LATER.minusSeconds(100)));
        FAULTS.answer("DeleteItem", n -> n == 1, 500, INTERNAL_ERROR);
        Pass fresh = new Pass("cleared-pass", LATER.plusSeconds(100));
        Table later = later();

        later.execute(later.partiqlInsert(fresh));

        assertThat(FAULTS.attempts()).isEqualTo(2); // the delete was applied, answered 500, retried and refused
        assertThat(storedPass("cleared-pass")).contains(fresh);
    }

    // ------------------------------------------------------------------ finding 3: messages of a refusal met by an earlier attempt

    @Test
    // "most likely applied" is read from the stored version the failed condition returns
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void updateCurrent_whenFirstAttemptAppliedButAnswered500_saysItsOwnEarlierAttemptWasMostLikelyApplied() {
        Account current = created("own-version");
        firstUpdateAnswered500();

        SingleTableException thrown = thrownBy(() -> table.update(current, u -> u.set(BALANCE, BigDecimal.TEN)));

        assertThat(thrown).isInstanceOf(VersionConflictException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("version 2 is the one this write makes", "an earlier attempt of this same request",
                "read the item before repeating").doesNotContain("someone else", "re-apply");
        assertThat(stored("own-version")).extracting(Account::balance, Account::version).containsExactly(BigDecimal.TEN, 2L);
    }

    @Test
    void deleteCurrentAsync_whenFirstAttemptAppliedButAnswered500_isEmptyAsTheItemIsGone() {
        Account current = created("own-delete");
        FAULTS.answer("DeleteItem", n -> n == 1, 500, INTERNAL_ERROR);

        assertThat(asyncTable.delete(current).join()).isEmpty();
        assertThat(db.table().get(ACCOUNT, KeyValues.of(ID, "own-delete"), ReadConsistency.STRONG)).isEmpty();
    }

    @Test
    void create_whenFirstAttemptAppliedButAnswered500_saysItsOwnEarlierAttemptMayHaveWrittenIt() {
        FAULTS.answer("PutItem", n -> n == 1, 500, INTERNAL_ERROR);

        SingleTableException thrown = thrownBy(() -> table.create(new Account("own-create", BigDecimal.ONE, List.of(), null)));

        assertThat(thrown).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("an earlier attempt of this same create", "read it before writing again")
                .doesNotContain("use put to replace it");
    }

    // ------------------------------------------------------------------ finding 6: versioned writes of an item deleted since

    @Test
    void replaceAndUpdateCurrent_whenItemWasDeletedSinceRead_throwItemNotFound() {
        Account current = created("gone");
        db.table().delete(ACCOUNT, KeyValues.of(ID, "gone"));

        assertThatThrownBy(() -> table.replace(current)).isInstanceOf(ItemNotFoundException.class)
                .hasMessageContaining("no Account has this key now: it was deleted since it was read");
        assertThatThrownBy(() -> table.update(current, u -> u.set(BALANCE, BigDecimal.ONE))).isInstanceOf(ItemNotFoundException.class);
        assertThat(thrownBy(() -> asyncTable.update(current, u -> u.set(BALANCE, BigDecimal.ONE)).join()))
                .isInstanceOf(ItemNotFoundException.class);
    }

    @Test
    void deleteCurrent_whenItemWasDeletedSinceRead_isEmptyAsTheUnversionedDelete() {
        Account current = created("gone-delete");
        db.table().delete(ACCOUNT, KeyValues.of(ID, "gone-delete"));

        assertThat(table.delete(current)).isEmpty();
        assertThat(table.delete(ACCOUNT, KeyValues.of(ID, "gone-delete"), dev.singletable.Condition.none())).isEmpty();
    }

    @Test
    void updateCurrent_whenStoredVersionIsNewer_stillThrowsVersionConflictAdvisingReApply() {
        Account current = created("newer");
        db.table().update(current, u -> u.set(BALANCE, BigDecimal.ONE));

        assertThatThrownBy(() -> table.update(current, u -> u.set(BALANCE, BigDecimal.TEN))).isInstanceOf(VersionConflictException.class)
                .hasMessageContaining("someone else changed it. Read it again and re-apply the change");
    }

    // ------------------------------------------------------------------ findings 4 and 5: transactions

    @Test
    void transaction_whenTransactionInProgress_mayHaveBeenAppliedAndAdvisesExecutingAgain() {
        FAULTS.answer("TransactWriteItems", n -> true, 400, error("TransactionInProgressException", "Transaction is in progress with the same token"));

        // the SDK retries this code with long backoffs: one attempt is enough to see how it is reported
        SingleTableException thrown = thrownWithAttempts(1, unretried -> unretried.transaction()
                .create(new Account("in-progress", BigDecimal.ONE, List.of(), null)).execute());

        assertThat(thrown).isInstanceOf(DynamoDbRequestException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("TransactionInProgressException", "is still running", "execute the same transaction again with backoff")
                .doesNotContain("nothing was written");
    }

    static final String IN_PROGRESS = error("TransactionInProgressException", "Transaction from previous request is still in progress");

    @Test
    void transaction_whenAnEarlierAttemptFoundItInProgressAndTheLastIsRefused_mayHaveBeenApplied() {
        FAULTS.answer("TransactWriteItems", n -> Optional.of(n == 1 ? new Faults.Reply(400, IN_PROGRESS)
                : new Faults.Reply(400, error("ValidationException", "injected refusal"))));

        SingleTableException thrown = thrownWithAttempts(2, retried -> retried.transaction()
                .create(new Account("in-progress-then-refused", BigDecimal.ONE, List.of(), null)).execute());

        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(thrown).isInstanceOf(DynamoDbRequestException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).contains("injected refusal", "may have been applied", "still in progress")
                .doesNotContain("nothing was written");
    }

    @Test
    void transaction_whenAnEarlierAttemptFoundItInProgressAndTheLastIsCanceled_mayHaveBeenApplied() {
        String canceled = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#TransactionCanceledException\",\"Message\":\"Transaction "
                + "cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]\",\"CancellationReasons\":"
                + "[{\"Code\":\"ConditionalCheckFailed\",\"Message\":\"The conditional request failed\"}]}";
        FAULTS.answer("TransactWriteItems", n -> Optional.of(n == 1 ? new Faults.Reply(400, IN_PROGRESS) : new Faults.Reply(400, canceled)));

        SingleTableException thrown = thrownWithAttempts(2, retried -> retried.transaction()
                .create(new Account("in-progress-then-canceled", BigDecimal.ONE, List.of(), null)).execute());

        assertThat(FAULTS.attempts()).isEqualTo(2);
        assertThat(thrown).isInstanceOf(dev.singletable.TransactionCanceledException.class);
        assertThat(thrown.mayHaveBeenApplied()).isTrue();
        assertThat(thrown.getMessage()).doesNotContain("nothing was written");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transactionAdd_afterSuccessfulExecute_isRefused() {
        WriteTransaction transaction = table.transaction().create(new Account("tx-1", BigDecimal.ONE, List.of(), null));
        transaction.execute();

        assertThatThrownBy(() -> transaction.create(new Account("tx-2", BigDecimal.ONE, List.of(), null)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("This transaction was executed")
                .hasMessageContaining("Start a new transaction");
        assertThat(db.table().get(ACCOUNT, KeyValues.of(ID, "tx-2"), ReadConsistency.STRONG)).isEmpty();
    }

    @Test
    void asyncTransactionAdd_afterExecuteThatMayHaveBeenApplied_isRefused() {
        FAULTS.answer("TransactWriteItems", n -> true, 500, INTERNAL_ERROR);
        AsyncWriteTransaction transaction = asyncTable.transaction().create(new Account("tx-async-1", BigDecimal.ONE, List.of(), null));
        assertThat(thrownBy(() -> transaction.execute().join()).mayHaveBeenApplied()).isTrue();

        assertThatThrownBy(() -> transaction.create(new Account("tx-async-2", BigDecimal.ONE, List.of(), null)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("execute it again unchanged");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenGivenTokenWasUsedForOtherActions_explainsTheMismatch() {
        table.transaction().idempotencyToken("reused-token").create(new Account("token-1", BigDecimal.ONE, List.of(), null)).execute();

        SingleTableException thrown = thrownBy(() -> table.transaction().idempotencyToken("reused-token")
                .create(new Account("token-2", BigDecimal.ONE, List.of(), null)).execute());

        assertThat(thrown).isInstanceOf(DynamoDbRequestException.class);
        assertThat(thrown.mayHaveBeenApplied()).isFalse();
        assertThat(thrown.getMessage()).contains("IdempotentParameterMismatch", "ClientRequestToken reused-token was sent within the last 10 minutes "
                + "with other actions", "give each transaction a token of its own");
    }

    /** Replaces the response of the chosen attempts of one operation with an error, after the engine applied the request. */
    static final class Faults implements ExecutionInterceptor {
        /** An error response: its HTTP status and body. */
        record Reply(int status, String body) {
        }

        private final AtomicInteger attempts = new AtomicInteger();
        private volatile String target = "";
        private volatile IntFunction<Optional<Reply>> replies = n -> Optional.empty();
        private static final ExecutionAttribute<Reply> REPLACED = new ExecutionAttribute<>("PossiblyAppliedWritesTest.replaced");

        /** Answers the attempts {@code failed} picks (counted from 1) of {@code operation} with {@code status} and {@code body}. */
        void answer(String operation, IntPredicate failed, int status, String body) {
            answer(operation, n -> failed.test(n) ? Optional.of(new Reply(status, body)) : Optional.empty());
        }

        /** Answers each attempt (counted from 1) of {@code operation} with what {@code replies} gives it; empty: the engine's answer. */
        void answer(String operation, IntFunction<Optional<Reply>> replies) {
            this.attempts.set(0);
            this.target = operation;
            this.replies = replies;
        }

        int attempts() {
            return attempts.get();
        }

        @Override
        public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            String called = context.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
            Optional<Reply> reply = !target.isEmpty() && called.endsWith("." + target) ? replies.apply(attempts.incrementAndGet())
                    : Optional.empty();
            attributes.putAttribute(REPLACED, reply.orElse(null));
            if (reply.isEmpty()) {
                return context.httpResponse();
            }
            return context.httpResponse().toBuilder().statusCode(reply.get().status()).removeHeader("x-amz-crc32")
                    .putHeader("Content-Length", String.valueOf(reply.get().body().getBytes(StandardCharsets.UTF_8).length)).build();
        }

        @Override
        public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            Reply reply = attributes.getAttribute(REPLACED);
            return reply != null ? Optional.of(new ByteArrayInputStream(reply.body().getBytes(StandardCharsets.UTF_8))) : context.responseBody();
        }

        @Override
        public Optional<org.reactivestreams.Publisher<ByteBuffer>> modifyAsyncHttpResponseContent(Context.ModifyHttpResponse context,
                                                                                                  ExecutionAttributes attributes) {
            Reply reply = attributes.getAttribute(REPLACED);
            if (reply == null) {
                return context.responsePublisher();
            }
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            return Optional.of(subscriber -> subscriber.onSubscribe(new org.reactivestreams.Subscription() {
                private boolean done;

                @Override
                public void request(long n) {
                    if (!done) {
                        done = true;
                        subscriber.onNext(ByteBuffer.wrap(bytes));
                        subscriber.onComplete();
                    }
                }

                @Override
                public void cancel() {
                    done = true;
                }
            }));
        }
    }
}
