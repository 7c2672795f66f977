package dev.singletable.internal.writes;

import dev.singletable.Condition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A guard goes by the members' names on every conditional write builder, as the typed setters would put it. */
class GuardTest {
    private static final Expectation ANY = Expectation.of(Expectation.Existence.ANY, Optional.empty(), Condition.none());
    private static final Map<String, String> NAMES = Map.of("#v", "version");
    private static final Map<String, AttributeValue> VALUES = Map.of(":v", AttributeValue.fromN("3"));
    private static final String CONDITION = "#v = :v";
    private static final ReturnValuesOnConditionCheckFailure ALL_OLD = ReturnValuesOnConditionCheckFailure.ALL_OLD;
    private static final Guard GUARD = new Guard(Optional.of(CONDITION), NAMES, VALUES, ANY);

    /** Each conditional write builder with the guard put on by name, and the same written with the SDK's typed setters. */
    static Stream<Arguments> conditionalWrites() {
        return Stream.of(
                Arguments.of(GUARD.onto(PutItemRequest.builder()).build(), PutItemRequest.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()),
                Arguments.of(GUARD.onto(UpdateItemRequest.builder()).build(), UpdateItemRequest.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()),
                Arguments.of(GUARD.onto(DeleteItemRequest.builder()).build(), DeleteItemRequest.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()),
                Arguments.of(GUARD.onto(Put.builder()).build(), Put.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()),
                Arguments.of(GUARD.onto(Update.builder()).build(), Update.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()),
                Arguments.of(GUARD.onto(Delete.builder()).build(), Delete.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()),
                Arguments.of(GUARD.onto(ConditionCheck.builder()).build(), ConditionCheck.builder().conditionExpression(CONDITION)
                        .expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).returnValuesOnConditionCheckFailure(ALL_OLD).build()));
    }

    @ParameterizedTest
    @MethodSource("conditionalWrites")
    void onto_whenConditional_setsWhatTheTypedSettersWould(Object guarded, Object typed) {
        assertThat(guarded).isEqualTo(typed);
    }

    @Test
    void onto_whenUnconditionalWithUpdatePlaceholders_setsOnlyThePlaceholders() {
        Guard placeholdersOnly = new Guard(Optional.empty(), NAMES, VALUES, ANY);

        UpdateItemRequest request = placeholdersOnly.onto(UpdateItemRequest.builder()).build();

        assertThat(request).isEqualTo(UpdateItemRequest.builder().expressionAttributeNames(NAMES).expressionAttributeValues(VALUES).build());
        assertThat(request.returnValuesOnConditionCheckFailure()).isNull();
    }

    @Test
    void onto_whenUnconditional_leavesTheRequestWithoutAnyGuardMember() {
        PutItemRequest request = Guard.unconditional(ANY).onto(PutItemRequest.builder()).build();

        assertThat(request).isEqualTo(PutItemRequest.builder().build());
        assertThat(request.hasExpressionAttributeNames()).isFalse();
        assertThat(request.hasExpressionAttributeValues()).isFalse();
    }

    @Test
    void onto_whenTheBuilderHasNoGuardMembers_failsNamingTheBuilderAndMember() {
        assertThatThrownBy(() -> GUARD.onto(AttributeValue.builder()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("AttributeValue")
                .hasMessageContaining("has no member ConditionExpression");
    }
}
