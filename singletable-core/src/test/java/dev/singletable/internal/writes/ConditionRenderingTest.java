package dev.singletable.internal.writes;

import dev.singletable.NullArgumentException;

import dev.singletable.Condition;
import dev.singletable.ValidationException;
import dev.singletable.internal.expressions.Expressions;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.List;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.internal.writes.WriteFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class ConditionRenderingTest {
    private final Expressions ex = new Expressions();

    private static AttributeValue s(String s) {
        return AttributeValue.fromS(s);
    }

    private static AttributeValue n(String n) {
        return AttributeValue.fromN(n);
    }

    @Test
    void render_whenComparisonsAreJoined_parenthesizesOnlyWhereNeeded() {
        Condition condition = Condition.ge(STOCK, 2).and(Condition.eq(STATUS, Status.ACTIVE).or(Condition.notExists(STATUS)))
                .and(Condition.not(Condition.lt(COUNT, 10L).and(Condition.gt(COUNT, 1L))));

        assertThat(condition.render(ex)).isEqualTo(
                "#stock >= :v0 AND (#status = :v1 OR attribute_not_exists(#status)) AND NOT (#count < :v2 AND #count > :v3)");
        assertThat(ex.names()).containsExactly(entry("#stock", "stock"), entry("#status", "status"), entry("#count", "count"));
        assertThat(ex.values()).containsExactly(entry(":v0", n("2")), entry(":v1", s("ACTIVE")), entry(":v2", n("10")), entry(":v3", n("1")));
    }

    @Test
    void render_whenFunctionsAndRangesAreUsed_rendersEachWithPlaceholders() {
        Condition condition = Condition.between(STOCK, 1, 9)
                .and(Condition.in(STATUS, Status.ACTIVE, Status.PENDING))
                .and(Condition.beginsWith(NAME, "Head"))
                .and(Condition.contains(TAGS, "audio"))
                .and(Condition.exists(CATEGORY))
                .and(Condition.hasType(COUNT, Condition.StoredType.NUMBER))
                .and(Condition.size(TAGS).le(10))
                .and(Condition.ne(NAME, "x"))
                .and(Condition.le(STOCK, 100))
                .and(Condition.eqAttribute(STOCK, RESERVED));

        assertThat(condition.render(ex)).isEqualTo("#stock BETWEEN :v0 AND :v1 AND #status IN (:v2, :v3) AND begins_with(#name, :v4) "
                + "AND contains(#tags, :v5) AND attribute_exists(#category) AND attribute_type(#count, :v6) AND size(#tags) <= :v7 "
                + "AND #name <> :v8 AND #stock <= :v9 AND #stock = #reserved");
        assertThat(ex.names()).containsExactly(entry("#stock", "stock"), entry("#status", "status"), entry("#name", "name"),
                entry("#tags", "tags"), entry("#category", "category"), entry("#count", "count"), entry("#reserved", "reserved"));
        assertThat(ex.values()).containsExactly(entry(":v0", n("1")), entry(":v1", n("9")), entry(":v2", s("ACTIVE")),
                entry(":v3", s("PENDING")), entry(":v4", s("Head")), entry(":v5", s("audio")), entry(":v6", s("N")),
                entry(":v7", n("10")), entry(":v8", s("x")), entry(":v9", n("100")));
    }

    @Test
    void render_whenNameIsNotAnIdentifier_usesNumberedPlaceholder() {
        dev.singletable.Attribute<Order, String> odd = dev.singletable.Attribute.of("a.b-c", dev.singletable.AttributeTypes.STRING, o -> "");
        assertThat(Condition.exists(odd).and(Condition.exists("PK")).render(ex)).isEqualTo("attribute_exists(#n0) AND attribute_exists(#PK)");
        assertThat(ex.names()).containsExactly(entry("#n0", "a.b-c"), entry("#PK", "PK"));
    }

    @Test
    void none_whenCombined_isTheIdentity() {
        Condition c = Condition.eq(TOTAL, new BigDecimal("9.5"));
        assertThat(Condition.none().and(c)).isSameAs(c);
        assertThat(c.or(Condition.none())).isSameAs(c);
        assertThat(Condition.allOf(List.of())).isSameAs(Condition.none());
        assertThat(Condition.none().isNone()).isTrue();
        assertThat(c.toString()).isEqualTo("total = :v0 with :v0=9.5");
    }

    @Test
    void not_whenGivenNone_fails() {
        assertThatThrownBy(() -> Condition.not(Condition.none())).isInstanceOf(ValidationException.class)
                .hasMessage("Condition.not(Condition.none()) would never hold; write the condition to negate");
    }

    @Test
    void eq_whenValueIsNull_failsPointingToNotExists() {
        assertThatThrownBy(() -> Condition.eq(NAME, null)).isInstanceOf(NullArgumentException.class)
                .hasMessage("Condition.eq(value): value is null; use Condition.notExists(NAME) to ask for an absent name");
    }

    @Test
    void in_whenOverOneHundredValues_fails() {
        List<Integer> values = java.util.stream.IntStream.range(0, 101).boxed().toList();
        assertThatThrownBy(() -> Condition.in(STOCK, values)).isInstanceOf(ValidationException.class)
                .hasMessage("Condition stock IN (...) has 101 values; DynamoDB takes 1 to 100: split it with or(...) or use fewer values");
    }

    private record Flagged(boolean paid) {
    }

    private static final dev.singletable.Attribute<Flagged, Boolean> PAID =
            dev.singletable.Attribute.of("paid", dev.singletable.AttributeTypes.BOOLEAN, Flagged::paid);

    @Test
    void lt_whenTheValueIsABoolean_failsBeforeSendingAsDynamoDbOrdersNoBooleans() {
        assertThatThrownBy(() -> Condition.lt(PAID, true)).isInstanceOf(ValidationException.class)
                .hasMessage("Condition.lt(paid, true): < compares by DynamoDB's order, which only strings, numbers and binary values "
                        + "have; the value is a boolean (BOOL): compare it with eq or ne, or test an attribute of a string, number or "
                        + "binary type");
    }

    private record Stamped(java.time.Instant createdAt, Status status) {
    }

    private static final dev.singletable.Attribute<Stamped, java.time.Instant> CREATED_AT =
            dev.singletable.Attribute.of("createdAt", dev.singletable.AttributeTypes.INSTANT, Stamped::createdAt);
    private static final dev.singletable.Attribute<Stamped, Status> STAMPED_STATUS =
            dev.singletable.Attribute.of("status", dev.singletable.AttributeTypes.enumType(Status.class), Stamped::status);

    @Test
    void ltLeGtGeBetween_whenTheAttributeIsAnInstant_failBeforeSendingAsItsStoredTextDoesNotSortInTimeOrder() {
        java.time.Instant at = java.time.Instant.parse("2025-01-01T00:00:00Z");
        String flaw = "compares the stored values of createdAt, and an instant is stored as ISO-8601 text whose fraction varies in "
                + "width and which ends in Z, so 2025-01-01T00:00:00Z sorts after 2025-01-01T00:00:00.500Z, half a second later: DynamoDB would silently "
                + "give wrong answers; compare it through a sort-key slot, whose fixed-width text keeps time order (a query's sort key "
                + "range), or store it as epoch seconds (AttributeTypes.EPOCH_SECONDS), a Number DynamoDB compares by value";

        assertThatThrownBy(() -> Condition.lt(CREATED_AT, at)).isInstanceOf(ValidationException.class)
                .hasMessage("Condition.lt(createdAt, 2025-01-01T00:00:00Z): < " + flaw)
                .satisfies(e -> assertThat(((ValidationException) e).attribute()).contains("createdAt"));
        assertThatThrownBy(() -> Condition.le(CREATED_AT, at)).hasMessage("Condition.le(createdAt, 2025-01-01T00:00:00Z): <= " + flaw);
        assertThatThrownBy(() -> Condition.gt(CREATED_AT, at)).hasMessage("Condition.gt(createdAt, 2025-01-01T00:00:00Z): > " + flaw);
        assertThatThrownBy(() -> Condition.ge(CREATED_AT, at)).hasMessage("Condition.ge(createdAt, 2025-01-01T00:00:00Z): >= " + flaw);
        assertThatThrownBy(() -> Condition.between(CREATED_AT, at, at.plusSeconds(1))).isInstanceOf(ValidationException.class)
                .hasMessage("Condition.between(createdAt, 2025-01-01T00:00:00Z, 2025-01-01T00:00:01Z): BETWEEN " + flaw);
    }

    @Test
    void gt_whenTheAttributeIsAnEnum_failsBeforeSendingAsNamesSortAlphabetically() {
        assertThatThrownBy(() -> Condition.gt(STAMPED_STATUS, Status.ACTIVE)).isInstanceOf(ValidationException.class)
                .hasMessage("Condition.gt(status, ACTIVE): > compares the stored values of status, and an enum is stored as its constant's name, "
                        + "which sorts alphabetically, not in the order the constants are declared: DynamoDB would silently give wrong "
                        + "answers; compare it with eq or in, naming the values wanted");
    }

    @Test
    void eqNeInExists_whenTheAttributeIsAnInstantOrEnum_render() {
        java.time.Instant at = java.time.Instant.parse("2025-01-01T00:00:00.5Z");
        Condition condition = Condition.eq(CREATED_AT, at).and(Condition.ne(CREATED_AT, at)).and(Condition.in(CREATED_AT, at))
                .and(Condition.exists(CREATED_AT)).and(Condition.in(STAMPED_STATUS, Status.ACTIVE));

        assertThat(condition.render(ex)).isEqualTo("#createdAt = :v0 AND #createdAt <> :v1 AND #createdAt IN (:v2) "
                + "AND attribute_exists(#createdAt) AND #status IN (:v3)");
        assertThat(ex.values()).containsExactly(entry(":v0", s("2025-01-01T00:00:00.500Z")), entry(":v1", s("2025-01-01T00:00:00.500Z")),
                entry(":v2", s("2025-01-01T00:00:00.500Z")), entry(":v3", s("ACTIVE")));
    }

    @Test
    void gtAndBetween_whenTheValueIsASet_failBeforeSending() {
        assertThatThrownBy(() -> Condition.gt(TAGS, java.util.Set.of("a"))).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Condition.gt(tags, [a]): > compares by DynamoDB's order");
        assertThatThrownBy(() -> Condition.between(PAID, false, true)).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Condition.between(paid, false, true): BETWEEN compares by DynamoDB's order");
    }

    @Test
    void eqAndNe_whenTheValueIsABoolean_render() {
        assertThat(Condition.eq(PAID, true).and(Condition.ne(PAID, false)).render(ex)).isEqualTo("#paid = :v0 AND #paid <> :v1");
        assertThat(ex.values()).containsExactly(entry(":v0", AttributeValue.fromBool(true)), entry(":v1", AttributeValue.fromBool(false)));
    }

    @Test
    void eq_whenValueCannotBeStored_failsNamingAttributeAndValue() {
        assertThatThrownBy(() -> Condition.eq(TOTAL, new BigDecimal("1e200").add(BigDecimal.ONE)))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Condition on total: value ");
    }
}
