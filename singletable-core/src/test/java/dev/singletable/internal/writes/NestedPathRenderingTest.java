package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.AttributePath;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import static dev.singletable.fixtures.ProductsAndOrders.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** Paths into embedded records, lists and maps, rendered: every element a placeholder, values through the element's type. */
class NestedPathRenderingTest {
    record Geo(Long lat, Long lon) {
    }

    record Address(String street, String city, Geo geo, Set<String> labels) {
    }

    record Member(String memberId, String status, Address home, List<String> tags, Map<String, Long> counters,
                  Map<String, Address> addresses, List<Address> history) {
    }

    static final Attribute<Geo, Long> LAT = Attribute.required("lat", AttributeTypes.LONG, Geo::lat);
    static final Attribute<Geo, Long> LON = Attribute.required("lon", AttributeTypes.LONG, Geo::lon);
    static final AttributeType<Geo> GEO_TYPE = AttributeTypes.object(Geo.class, List.of(LAT, LON), i -> new Geo(i.get(LAT), i.get(LON)));

    static final Attribute<Address, String> STREET = Attribute.of("street", AttributeTypes.STRING, Address::street);
    static final Attribute<Address, String> CITY = Attribute.required("city", AttributeTypes.STRING, Address::city);
    static final Attribute<Address, Geo> GEO = Attribute.of("geo", GEO_TYPE, Address::geo);
    static final Attribute<Address, Set<String>> LABELS = Attribute.of("labels", AttributeTypes.STRING_SET, Address::labels);
    static final AttributeType<Address> ADDRESS_TYPE = AttributeTypes.object(Address.class, List.of(STREET, CITY, GEO, LABELS),
            i -> new Address(i.get(STREET), i.get(CITY), i.get(GEO), i.get(LABELS)));

    static final Attribute<Member, String> MEMBER_ID = Attribute.required("memberId", AttributeTypes.STRING, Member::memberId);
    static final Attribute<Member, String> STATUS = Attribute.of("status", AttributeTypes.STRING, Member::status);
    static final Attribute<Member, Address> HOME = Attribute.of("home", ADDRESS_TYPE, Member::home);
    static final Attribute<Member, List<String>> TAGS = Attribute.of("tags", AttributeTypes.STRING_LIST, Member::tags);
    static final Attribute<Member, Map<String, Long>> COUNTERS = Attribute.of("counters", AttributeTypes.mapOf(AttributeTypes.LONG),
            Member::counters);
    static final Attribute<Member, Map<String, Address>> ADDRESSES = Attribute.of("addresses", AttributeTypes.mapOf(ADDRESS_TYPE),
            Member::addresses);
    static final Attribute<Member, List<Address>> HISTORY = Attribute.of("history", AttributeTypes.listOf(ADDRESS_TYPE), Member::history);

    static final EntitySchema<Member> MEMBER = EntitySchema.builder(Member.class)
            .attributes(MEMBER_ID, STATUS, HOME, TAGS, COUNTERS, ADDRESSES, HISTORY)
            .primaryKey("MEMBER#{memberId}", "PROFILE")
            .index("GSI1", "STATUS#{status}", "MEMBER#{memberId}")
            .factory(i -> new Member(i.get(MEMBER_ID), i.get(STATUS), i.get(HOME), i.get(TAGS), i.get(COUNTERS), i.get(ADDRESSES),
                    i.get(HISTORY)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("PathsTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(MEMBER)
            .build();

    private final WritePlans writer = new WritePlans(new BoundTable(SCHEMA, List.of(), CLOCK, CursorCodec.withDefaultKey()));

    private UpdateItemRequest update(UnaryOperator<Update<Member>> changes, Condition condition) {
        UpdatePlan plan = writer.update(MEMBER, KeyValues.of(MEMBER_ID, "m1"), changes.apply(Update.of(MEMBER)), condition,
                EntityWrites.UpdateMode.UPDATE);
        assertThat(plan).isInstanceOf(UpdatePlan.Ready.class);
        return ((UpdatePlan.Ready) plan).action().request(writer.table(), ReturnValue.ALL_NEW);
    }

    private static AttributeValue s(String s) {
        return AttributeValue.fromS(s);
    }

    private static AttributeValue n(String n) {
        return AttributeValue.fromN(n);
    }

    @Test
    void update_whenSettingRemovingAndAddingThroughPaths_rendersEveryElementAsAPlaceholder() {
        UpdateItemRequest request = update(u -> u.set(HOME.then(CITY), "Paris").remove(TAGS.at(2)).add(COUNTERS.key("views"), 1L),
                Condition.none());

        assertThat(request.updateExpression()).isEqualTo(
                "SET #home.#city = :v0, #counters.#views = if_not_exists(#counters.#views, :v1) + :v2 REMOVE #tags[2]");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 "
                + "AND (attribute_not_exists(#counters.#views) OR #counters.#views <= :v4)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#home", "home"), entry("#city", "city"),
                entry("#tags", "tags"), entry("#counters", "counters"), entry("#views", "views"), entry("#PK", "PK"),
                entry("#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("Paris")), entry(":v1", n("0")),
                entry(":v2", n("1")), entry(":v3", s("Member")), entry(":v4", n("9223372036854775806")));
    }

    @Test
    void update_whenPathsGoThroughMapsAndListsOfRecords_rendersKeysAsNamesAndIndexesInBrackets() {
        UpdateItemRequest request = update(u -> u
                .set(ADDRESSES.<Address>key("page views & more").then(STREET), "Rue de Rivoli")
                .setIfAbsent(HISTORY.<Address>at(0).then(GEO).then(LAT), 48L)
                .subtract(HOME.then(GEO).then(LON), 2L)
                .append(TAGS, List.of("new"))
                .addToSet(ADDRESSES.<Address>key("work").then(LABELS), Set.of("office"))
                .deleteFromSet(HOME.then(LABELS), Set.of("old")), Condition.none());

        assertThat(request.updateExpression()).isEqualTo("SET #addresses.#n1.#street = :v0, "
                + "#history[0].#geo.#lat = if_not_exists(#history[0].#geo.#lat, :v1), #home.#geo.#lon = #home.#geo.#lon - :v2, "
                + "#tags = list_append(if_not_exists(#tags, :v3), :v4) ADD #addresses.#work.#labels :v5 DELETE #home.#labels :v6");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#addresses", "addresses"),
                entry("#n1", "page views & more"), entry("#street", "street"), entry("#history", "history"), entry("#geo", "geo"),
                entry("#lat", "lat"), entry("#home", "home"), entry("#lon", "lon"), entry("#tags", "tags"), entry("#work", "work"),
                entry("#labels", "labels"), entry("#PK", "PK"), entry("#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("Rue de Rivoli")), entry(":v1", n("48")),
                entry(":v2", n("2")), entry(":v3", AttributeValue.fromL(List.of())), entry(":v4", AttributeValue.fromL(List.of(s("new")))),
                entry(":v5", AttributeValue.fromSs(List.of("office"))), entry(":v6", AttributeValue.fromSs(List.of("old"))),
                entry(":v7", s("Member")), entry(":v8", n("-9223372036854775806")));
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v7 "
                + "AND attribute_exists(#history[0]) AND (attribute_not_exists(#home.#geo.#lon) OR #home.#geo.#lon >= :v8)");
    }

    @Test
    void update_whenSettingAListElement_requiresTheElementToExist() {
        UpdateItemRequest request = update(u -> u.set(TAGS.at(6), "vip").set(HISTORY.<Address>at(1).then(CITY), "Lyon")
                .remove(HISTORY.at(2)), Condition.none());

        assertThat(request.updateExpression()).isEqualTo("SET #tags[6] = :v0, #history[1].#city = :v1 REMOVE #history[2]");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v2 "
                + "AND attribute_exists(#tags[6]) AND attribute_exists(#history[1])");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#tags", "tags"), entry("#history", "history"),
                entry("#city", "city"), entry("#PK", "PK"), entry("#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("vip")), entry(":v1", s("Lyon")),
                entry(":v2", s("Member")));
    }

    @Test
    void listElement_whenPathGoesThroughLists_isTheDeepestElement() {
        assertThat(TAGS.at(6).listElement()).hasValue(TAGS.at(6));
        assertThat(HISTORY.<Address>at(1).then(GEO).then(LAT).listElement()).hasValue(HISTORY.at(1));
        assertThat(HOME.then(CITY).listElement()).isEmpty();
        assertThat(AttributePath.of(TAGS).listElement()).isEmpty();
        assertThat(HISTORY.<Address>at(1).then(CITY).parent()).hasValue(HISTORY.at(1));
        assertThat(AttributePath.of(TAGS).parent()).isEmpty();
    }

    @Test
    void update_whenConditionComparesPaths_rendersThemInTheConditionExpression() {
        Condition condition = Condition.eq(HOME.then(CITY), "Lyon")
                .and(Condition.exists(TAGS.at(2)))
                .and(Condition.size(HOME.then(LABELS)).le(10))
                .and(Condition.between(COUNTERS.key("views"), 1L, 100L))
                .and(Condition.notExists(COUNTERS.key("likes")).or(Condition.beginsWith(HOME.then(STREET), "Rue")));

        UpdateItemRequest request = update(u -> u.set(HOME.then(CITY), "Paris"), condition);

        assertThat(request.updateExpression()).isEqualTo("SET #home.#city = :v0");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v1 AND #home.#city = :v2 "
                + "AND attribute_exists(#tags[2]) AND size(#home.#labels) <= :v3 AND #counters.#views BETWEEN :v4 AND :v5 "
                + "AND (attribute_not_exists(#counters.#likes) OR begins_with(#home.#street, :v6))");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#home", "home"), entry("#city", "city"), entry("#PK", "PK"),
                entry("#entityType", "entityType"), entry("#tags", "tags"), entry("#labels", "labels"), entry("#counters", "counters"),
                entry("#views", "views"), entry("#likes", "likes"), entry("#street", "street"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("Paris")), entry(":v1", s("Member")),
                entry(":v2", s("Lyon")), entry(":v3", n("10")), entry(":v4", n("1")), entry(":v5", n("100")), entry(":v6", s("Rue")));
    }

    @Test
    void render_whenConditionHasPaths_rendersEveryComparisonAndFunction() {
        Expressions placeholders = new Expressions();
        String text = Condition.ne(HOME.then(GEO).then(LAT), 1L)
                .and(Condition.lt(COUNTERS.key("a"), 2L)).and(Condition.le(COUNTERS.key("a.b"), 3L))
                .and(Condition.gt(HISTORY.<Address>at(1).then(GEO).then(LON), 4L)).and(Condition.ge(COUNTERS.key("c"), 5L))
                .and(Condition.in(HOME.then(CITY), List.of("Paris", "Lyon"))).and(Condition.contains(TAGS, "x"))
                .and(Condition.contains(HOME.then(LABELS), "y")).and(Condition.hasType(HOME.then(GEO), Condition.StoredType.MAP))
                .and(Condition.eqAttribute(HOME.then(CITY), ADDRESSES.<Address>key("work").then(CITY)))
                .render(placeholders);

        assertThat(text).isEqualTo("#home.#geo.#lat <> :v0 AND #counters.#a < :v1 AND #counters.#n5 <= :v2 AND #history[1].#geo.#lon > :v3 "
                + "AND #counters.#c >= :v4 AND #home.#city IN (:v5, :v6) AND contains(#tags, :v7) AND contains(#home.#labels, :v8) "
                + "AND attribute_type(#home.#geo, :v9) AND #home.#city = #addresses.#work.#city");
        assertThat(placeholders.names()).containsExactly(entry("#home", "home"), entry("#geo", "geo"), entry("#lat", "lat"),
                entry("#counters", "counters"), entry("#a", "a"), entry("#n5", "a.b"), entry("#history", "history"), entry("#lon", "lon"),
                entry("#c", "c"), entry("#city", "city"), entry("#tags", "tags"), entry("#labels", "labels"),
                entry("#addresses", "addresses"), entry("#work", "work"));
        assertThat(Expressions.namesOf(Condition.eq(HOME.then(CITY), "x").and(Condition.exists(COUNTERS.key("views")))))
                .containsExactly("home", "counters");
    }

    @Test
    void toString_whenPathHasEveryKindOfElement_readsAsWritten() {
        assertThat(ADDRESSES.<Address>key("page views").then(GEO).then(LAT)).hasToString("addresses[\"page views\"].geo.lat");
        assertThat(HISTORY.<Address>at(3).then(CITY)).hasToString("history[3].city");
        assertThat(Condition.eq(HOME.then(CITY), "Paris")).hasToString("home.city = :v0 with :v0=\"Paris\"");
    }

    // ------------------------------------------------------------------ bad input

    @Test
    void at_whenIndexIsNegative_failsNamingPathAndIndex() {
        assertThatThrownBy(() -> TAGS.at(-1))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Path tags[-1]: list index -1 is negative; DynamoDB counts list elements from 0 (the last one is size - 1)");
    }

    @Test
    void key_whenEmpty_failsNamingPath() {
        assertThatThrownBy(() -> COUNTERS.key(""))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Path counters: the map key is empty; DynamoDB refuses an empty name in a document path: give a key of at "
                        + "least one character");
    }

    @Test
    void pathSteps_whenAttributeIsNotEmbedded_failNamingPathAndType() {
        assertThatThrownBy(() -> AttributePath.of(STATUS).at(0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Path status[0]: status is a String, not a list (AttributeTypes.listOf), so it has no element 0; use at(...) on "
                        + "lists, key(...) on maps and then(...) on embedded records");
        assertThatThrownBy(() -> STATUS.key("x"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Path status[\"x\"]: status is a String, not a map (AttributeTypes.mapOf), so it has no key 'x'; use key(...) on "
                        + "maps, at(...) on lists and then(...) on embedded records");
        Attribute<String, String> length = Attribute.of("length", AttributeTypes.STRING, s -> s);
        assertThatThrownBy(() -> STATUS.then(length))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Path status.length: status is a String, not an embedded record, so it has no attribute 'length'; a path goes "
                        + "into embedded records (@Embeddable, AttributeTypes.object), lists (at) and maps (key)");
    }

    @Test
    void then_whenAttributeBelongsToAnotherRecordType_failsListingTheRecordsAttributes() {
        Attribute<Address, String> zip = Attribute.of("zip", AttributeTypes.STRING, Address::street);
        assertThatThrownBy(() -> HOME.then(zip))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Path home.zip: 'zip' (String) is not an attribute of Address, the record at home; its attributes are "
                        + "[street (String), city (String), geo (Geo), labels (Set<String>)]");
    }

    @Test
    void set_whenInferredElementTypeDoesNotMatch_failsNamingEntityPathValueAndType() {
        assertThatThrownBy(() -> Update.of(MEMBER).set(TAGS.at(0), 42))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Member: set(tags[0], 42): tags[0] holds String, and 42 (Integer) is not a String; give a String");
        assertThatThrownBy(() -> Update.of(MEMBER).set(COUNTERS.key("views"), "many"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Member: set(counters.views, many): counters.views holds Long, and \"many\" is not a Long; "
                        + "give a Long");
    }

    @Test
    void update_whenPathsOverlap_failsNamingBoth() {
        assertThatThrownBy(() -> Update.of(MEMBER).set(HOME.then(CITY), "Paris").remove(HOME))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Member changes home.city (SET) and home (REMOVE), and one path leads into the other; DynamoDB "
                        + "refuses two actions on overlapping document paths in one update: change the inner value in the outer one, or "
                        + "use two updates");
        // two paths side by side in one record are fine
        assertThat(Update.of(MEMBER).set(HOME.then(CITY), "Paris").set(HOME.then(STREET), "Rue").actions()).hasSize(2);
    }

    @Test
    void remove_whenNestedAttributeIsRequired_fails() {
        assertThatThrownBy(() -> Update.of(MEMBER).remove(HOME.then(CITY)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Member cannot remove home.city: it is required (declared with Attribute.required); set another "
                        + "value, or declare it with Attribute.of(...) to allow it to be absent");
    }

    @Test
    void update_whenPathRootSharesTheNameOfAnIndexSlot_isRefusedBeforeSending() {
        Attribute<Member, Map<String, String>> statusMap = Attribute.of("status", AttributeTypes.STRING_MAP, m -> Map.of());
        // a map attribute sharing the name of the index slot 'status', as an entity of another version might declare it
        assertThatThrownBy(() -> update(u -> u.set(statusMap.<String>key("x"), "y"), Condition.none()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Member {PK=MEMBER#m1, SK=PROFILE} changes 'status' as Map<String, String>, but Member.status is "
                        + "String (an attribute of another entity with the same name?); use Member's own attribute constant");
    }

    @Test
    void path_whenDeeperThanDynamoDbNests_failsNamingTheDepth() {
        AttributeType<Map<String, String>> leaf = AttributeTypes.STRING_MAP;
        AttributeType<?> deep = leaf;
        for (int i = 0; i < 40; i++) {
            deep = AttributeTypes.mapOf(deep);
        }
        @SuppressWarnings("unchecked")
        Attribute<Member, Object> root = Attribute.of("deep", (AttributeType<Object>) deep, m -> null);
        AttributePath<Member, Object> path = AttributePath.of(root);
        for (int i = 0; i < 30; i++) {
            path = path.key("k");
        }
        AttributePath<Member, Object> thirty = path;
        assertThat(thirty.depth()).isEqualTo(30);
        assertThatThrownBy(() -> thirty.key("k").key("k"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Path deep.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k is 32 levels deep; "
                        + "DynamoDB nests maps and lists at most 32 levels");
    }

    @Test
    void update_whenExpressionIsOverFourKilobytes_isRefusedNamingItsLength() {
        UnaryOperator<Update<Member>> many = u -> {
            Update<Member> next = u;
            for (int i = 0; i < 300; i++) {
                next = next.add(COUNTERS.key("counter" + i), 1L);
            }
            return next;
        };

        assertThatThrownBy(() -> update(many, Condition.none()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("update of Member {PK=MEMBER#m1, SK=PROFILE} has 300 changes whose UpdateExpression is 22772 bytes, "
                        + "over the 4096 bytes (4 KB) DynamoDB takes: split it into several updates, or set a whole embedded record "
                        + "or map (set(attribute, value)) instead of many paths into it");
    }
}
