package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ListElementNotFoundException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.ValidationException;
import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Entity;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.singletable.it.NestedPathsTest_CustomerSchema.ADDRESSES;
import static dev.singletable.it.NestedPathsTest_CustomerSchema.COUNTERS;
import static dev.singletable.it.NestedPathsTest_CustomerSchema.CUSTOMER_ID;
import static dev.singletable.it.NestedPathsTest_CustomerSchema.HOME_CITY;
import static dev.singletable.it.NestedPathsTest_CustomerSchema.HOME_LABELS;
import static dev.singletable.it.NestedPathsTest_CustomerSchema.HOME_STREET;
import static dev.singletable.it.NestedPathsTest_CustomerSchema.TAGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Updates and conditions through paths into embedded records, lists and maps, on the embedded engine, both ways:
 * the item read back whole after each update, conditions on nested values, and the engine's refusals typed.
 */
class NestedPathsTest {
    @Embeddable
    public record Address(String street, @Attribute(required = true) String city, Set<String> labels) {
    }

    @Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
    public record Customer(String customerId, String name, Address home, List<String> tags, Map<String, Long> counters,
                           Map<String, Address> addresses) {
    }

    static final TableSchema SCHEMA = TableSchema.builder("NestedPaths").entities(NestedPathsTest_CustomerSchema.INSTANCE).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table sync;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        sync = Table.builder(db.table().schema(), db.client()).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).build();
    }

    static Stream<Way> ways() {
        return Way.both(sync, async);
    }

    private static Customer update(Way way, String id, UnaryOperator<Update<Customer>> changes, Condition condition) {
        KeyValues key = KeyValues.of(CUSTOMER_ID, id);
        return way.run(t -> t.update(NestedPathsTest_CustomerSchema.INSTANCE, key, changes, condition),
                t -> t.update(NestedPathsTest_CustomerSchema.INSTANCE, key, changes, condition));
    }

    private static Customer created(String id) {
        return sync.create(new Customer(id, "Ada", new Address("1 Rue Verte", "Lyon", Set.of("home")), List.of("a", "b", "c"),
                Map.of("views", 10L), Map.of("work", new Address("2 Quai Bleu", "Lyon", Set.of("office")))));
    }

    private static Customer stored(String id) {
        return sync.get(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenChangingInsideRecordsListsAndMaps_storesExactlyThoseChanges(Way way) {
        String id = way + "-1";
        created(id);

        Customer updated = update(way, id, u -> u
                .set(HOME_CITY, "Paris")
                .remove(TAGS.at(1))
                .add(COUNTERS.key("views"), 1L)
                .add(COUNTERS.key("likes"), 5L)
                .set(ADDRESSES.<Address>key("work").then(NestedPathsTest_AddressSchema.CITY), "Nice"), Condition.none());

        Customer expected = new Customer(id, "Ada", new Address("1 Rue Verte", "Paris", Set.of("home")), List.of("a", "c"),
                Map.of("views", 11L, "likes", 5L), Map.of("work", new Address("2 Quai Bleu", "Nice", Set.of("office"))));
        assertThat(updated).isEqualTo(expected);
        assertThat(stored(id)).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenAddingToAndDeletingFromANestedSet_changesOnlyThatSet(Way way) {
        String id = way + "-2";
        created(id);

        update(way, id, u -> u.addToSet(HOME_LABELS, Set.of("billing", "shipping")), Condition.none());
        Customer updated = update(way, id, u -> u.deleteFromSet(HOME_LABELS, Set.of("home")), Condition.none());

        assertThat(updated.home()).isEqualTo(new Address("1 Rue Verte", "Lyon", Set.of("billing", "shipping")));
        assertThat(stored(id)).isEqualTo(updated);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenNestedConditionFails_failsTypedAndChangesNothing(Way way) {
        String id = way + "-3";
        Customer before = created(id);

        assertThatThrownBy(() -> update(way, id, u -> u.set(HOME_STREET, "3 Rue Rouge"), Condition.eq(HOME_CITY, "Paris")))
                .isInstanceOfSatisfying(ConditionFailedException.class, e -> {
                    assertThat(e.entityType()).isEqualTo("Customer");
                    assertThat(e.key()).isEqualTo(Map.of("PK", "CUSTOMER#" + id, "SK", "PROFILE"));
                });
        assertThat(stored(id)).isEqualTo(before);

        Customer updated = update(way, id, u -> u.set(HOME_STREET, "3 Rue Rouge"),
                Condition.eq(HOME_CITY, "Lyon").and(Condition.size(TAGS).eq(3)).and(Condition.exists(TAGS.at(2)))
                        .and(Condition.notExists(COUNTERS.key("likes"))));
        assertThat(updated.home().street()).isEqualTo("3 Rue Rouge");
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenTheMapAPathGoesIntoIsAbsent_failsTypedNamingThePath(Way way) {
        String id = way + "-4";
        sync.create(new Customer(id, "Bob", null, List.of(), Map.of(), Map.of()));

        assertThatThrownBy(() -> update(way, id, u -> u.set(HOME_CITY, "Paris"), Condition.none()))
                .isInstanceOfSatisfying(DynamoDbRequestException.class, e -> assertThat(e.errorCode()).isEqualTo("ValidationException"))
                .hasMessage("DynamoDB refused UpdateItem of Customer {PK=CUSTOMER#" + id + ", SK=PROFILE} in table " + db.tableName()
                        + ": ValidationException: The document path provided in the update expression is invalid for update; nothing "
                        + "was written; a path of the update (such as home.city) goes into an embedded record, map or list the stored "
                        + "item does not hold (absent, or of another shape): set the whole attribute first (set(HOME, value)), or guard "
                        + "the update with Condition.exists on the attribute the path goes into");
        assertThat(stored(id).home()).isNull();
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenSettingAListElementThatExists_replacesIt(Way way) {
        String id = way + "-5";
        created(id);

        Customer updated = update(way, id, u -> u.set(TAGS.at(2), "z"), Condition.none());

        assertThat(updated.tags()).containsExactly("a", "b", "z");
        assertThat(stored(id)).isEqualTo(updated);
    }

    /**
     * Past the end of a list, DynamoDB would append and Dynoxide pads with NULLs (an item whose List of String no longer
     * reads): the update requires the element, so nothing is written on any engine. Without the stored item back
     * (dynalite), the refusal cannot tell the element from the item, so it is a condition failure of either kind.
     */
    @ParameterizedTest
    @MethodSource("ways")
    void update_whenSettingAListElementPastTheEnd_writesNothingOnAnyEngine(Way way) {
        String id = way + "-6";
        Customer before = created(id);

        assertThatThrownBy(() -> update(way, id, u -> u.set(TAGS.at(6), "z"), Condition.none()))
                .isInstanceOf(ConditionFailedException.class);
        assertThatThrownBy(() -> update(way, id, u -> u.setIfAbsent(TAGS.at(3), "z"), Condition.none()))
                .isInstanceOf(ConditionFailedException.class);

        assertThat(stored(id)).isEqualTo(before);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the element is named from the stored item
    void update_whenSettingAListElementPastTheEnd_isRefusedNamingTheElementAndTheListsSize() {
        Customer before = created("past-end");

        assertThatThrownBy(() -> sync.update(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, "past-end"),
                u -> u.set(TAGS.at(6), "z"), Condition.none()))
                .isInstanceOfSatisfying(ListElementNotFoundException.class, e -> {
                    assertThat(e.path()).isEqualTo("tags[6]");
                    assertThat(e.entityType()).isEqualTo("Customer");
                    assertThat(e.currentEntity()).hasValue(before);
                })
                .hasMessage("update of Customer {PK=CUSTOMER#past-end, SK=PROFILE} in table " + db.tableName() + " was refused: "
                        + "set(tags[6]) needs Customer.tags[6], but the stored tags holds 3 elements (tags[0] to tags[2]); nothing was "
                        + "written. A change at a list element changes one that exists (set replaces it): add elements with "
                        + "append(tags, ...) or prepend");
        assertThat(stored("past-end")).isEqualTo(before);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the element is named from the stored item
    void update_whenTheListIsAbsent_isRefusedSayingSo() {
        sync.create(new Customer("no-tags", "Bob", null, null, Map.of(), Map.of()));
        Customer before = stored("no-tags");

        assertThatThrownBy(() -> sync.update(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, "no-tags"),
                u -> u.set(TAGS.at(0), "z"), Condition.none()))
                .isInstanceOf(ListElementNotFoundException.class)
                .hasMessageContaining("was refused: set(tags[0]) needs Customer.tags[0], but the stored item has no tags; nothing was "
                        + "written.");
        assertThat(stored("no-tags")).isEqualTo(before);
    }

    @Test
    @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE})
    void transaction_whenSettingAListElementPastTheEnd_isCanceledWithTheReason() {
        Customer before = created("t-past-end");

        assertThatThrownBy(() -> sync.transaction()
                .update(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, "t-past-end"), u -> u.set(TAGS.at(3), "d"))
                .execute())
                .isInstanceOfSatisfying(dev.singletable.TransactionCanceledException.class, e -> assertThat(e.getMessage())
                        .contains("set(tags[3]) needs Customer.tags[3], but the stored tags holds 3 elements (tags[0] to tags[2])"));
        assertThat(stored("t-past-end")).isEqualTo(before);
    }

    @Test
    void update_whenAPathLeadsIntoAnotherActionsPath_isRefusedBeforeSending() {
        created("o-1");

        assertThatThrownBy(() -> sync.update(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, "o-1"),
                u -> u.remove(TAGS.at(1)).append(TAGS, List.of("d"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Customer changes tags[1] (REMOVE) and tags (APPEND), and one path leads into the other; DynamoDB "
                        + "refuses two actions on overlapping document paths in one update: change the inner value in the outer one, or "
                        + "use two updates");
        assertThat(stored("o-1").tags()).containsExactly("a", "b", "c");
    }

    @Test
    @dev.singletable.local.RequiresEngineFeature(dev.singletable.local.EngineFeature.TRANSACTIONS)
    void transaction_whenUpdatingThroughPaths_appliesOnlyWhenEveryNestedConditionHolds() {
        created("t-1");
        created("t-2");
        KeyValues first = KeyValues.of(CUSTOMER_ID, "t-1");
        KeyValues second = KeyValues.of(CUSTOMER_ID, "t-2");

        assertThatThrownBy(() -> sync.transaction()
                .update(NestedPathsTest_CustomerSchema.INSTANCE, first, u -> u.set(HOME_CITY, "Rome"))
                .update(NestedPathsTest_CustomerSchema.INSTANCE, second, u -> u.add(COUNTERS.key("views"), 1L),
                        Condition.eq(HOME_CITY, "Paris"))
                .execute())
                .isInstanceOfSatisfying(dev.singletable.TransactionCanceledException.class, e ->
                        assertThat(e.failures()).extracting(r -> r.index() + " " + r.entityType() + " " + r.key() + " " + r.code())
                                .containsExactly("1 Customer {PK=CUSTOMER#t-2, SK=PROFILE} ConditionalCheckFailed"));
        assertThat(stored("t-1").home().city()).isEqualTo("Lyon");

        sync.transaction()
                .update(NestedPathsTest_CustomerSchema.INSTANCE, first, u -> u.set(HOME_CITY, "Rome"))
                .update(NestedPathsTest_CustomerSchema.INSTANCE, second, u -> u.add(COUNTERS.key("views"), 1L),
                        Condition.eq(HOME_CITY, "Lyon"))
                .execute();
        assertThat(stored("t-1").home().city()).isEqualTo("Rome");
        assertThat(stored("t-2").counters()).isEqualTo(Map.of("views", 11L));
    }

    @Test
    void update_whenWrittenAsInTheModellingPatternsPage_changesTheCityUnderItsConditionAndRendersAsThePageSays() {
        created("doc-1");
        Table table = sync;
        EntitySchema<Customer> CUSTOMER = NestedPathsTest_CustomerSchema.INSTANCE;
        KeyValues key = KeyValues.of(CUSTOMER_ID, "doc-1");

        table.update(CUSTOMER, key, u -> u.set(HOME_CITY, "Paris"),
                Condition.eq(HOME_CITY, "Lyon").and(Condition.exists(TAGS.at(2))));

        UpdateItemRequest request = (UpdateItemRequest) table.explainUpdate(CUSTOMER, key, u -> u.set(HOME_CITY, "Paris"),
                Condition.eq(HOME_CITY, "Lyon").and(Condition.exists(TAGS.at(2)))).request();
        assertThat(request.updateExpression()).isEqualTo("SET #home.#city = :v0");
        assertThat(request.conditionExpression())
                .isEqualTo("attribute_exists(#PK) AND #entityType = :v1 AND #home.#city = :v2 AND attribute_exists(#tags[2])");
        assertThat(stored("doc-1").home()).isEqualTo(new Address("1 Rue Verte", "Paris", Set.of("home")));
    }

    @Test
    void query_whenFilteredOnANestedValue_returnsOnlyMatchingItems() {
        created("q-1");
        sync.update(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, "q-1"), u -> u.set(HOME_CITY, "Paris"));

        List<Customer> found = sync.query(NestedPathsTest_CustomerSchema.INSTANCE).partition(CUSTOMER_ID, "q-1")
                .filter(Condition.eq(HOME_CITY, "Paris")).list();
        List<Customer> none = sync.query(NestedPathsTest_CustomerSchema.INSTANCE).partition(CUSTOMER_ID, "q-1")
                .filter(Condition.eq(HOME_CITY, "Lyon")).list();

        assertThat(found).containsExactly(stored("q-1"));
        assertThat(none).isEmpty();
    }

    @Test
    void update_whenMapKeyIsNotAnIdentifier_storesItUnderThatExactKey() {
        created("k-1");

        sync.update(NestedPathsTest_CustomerSchema.INSTANCE, KeyValues.of(CUSTOMER_ID, "k-1"),
                u -> u.add(COUNTERS.key("page views.#1 :v0"), 2L));

        Map<String, AttributeValue> item = db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("CUSTOMER#k-1"), "SK", AttributeValue.fromS("PROFILE"))).build()).item();
        assertThat(item.get("counters")).isEqualTo(AttributeValue.fromM(Map.of("views", AttributeValue.fromN("10"),
                "page views.#1 :v0", AttributeValue.fromN("2"))));
    }
}
