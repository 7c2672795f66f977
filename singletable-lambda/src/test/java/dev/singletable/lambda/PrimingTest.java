package dev.singletable.lambda;

import dev.singletable.Explanation;
import dev.singletable.KeyValues;
import dev.singletable.SingleTableException;
import dev.singletable.TableSchema;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.util.List;
import java.util.Map;

import static dev.singletable.lambda.LambdaTestModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The priming workload: each step's requests rendered against empty answers, none sent. */
class PrimingTest {
    static final TableSchema SCHEMA = schema("Priming");

    @Test
    void render_whenPutAndGet_returnsBothRequestsInOrderAndTheGetReadsAbsent() {
        boolean[] absent = {false};
        Priming priming = Priming.of(SCHEMA)
                .step(table -> table.put(new User("u1", "Ada")))
                .step(table -> absent[0] = table.get(USER, KeyValues.of(USER_ID, "u1")).isEmpty());

        List<Explanation> rendered = priming.render();

        assertThat(rendered).extracting(Explanation::operation).containsExactly("PutItem", "GetItem");
        assertThat(rendered.get(0).request()).isEqualTo(PutItemRequest.builder().tableName("Priming")
                .item(Map.of("PK", s("USER#u1"), "SK", s("PROFILE"), "entityType", s("User"), "userId", s("u1"),
                        "name", s("Ada")))
                .build());
        assertThat(rendered.get(1).request()).isEqualTo(GetItemRequest.builder().tableName("Priming")
                .key(Map.of("PK", s("USER#u1"), "SK", s("PROFILE"))).consistentRead(false).build());
        assertThat(absent[0]).isTrue();
    }

    @Test
    void render_whenRunTwice_rendersTheSameRequestsAgain() {
        Priming priming = Priming.of(SCHEMA).step(table -> table.get(USER, KeyValues.of(USER_ID, "u1")));

        assertThat(priming.render()).extracting(Explanation::request)
                .isEqualTo(priming.render().stream().map(Explanation::request).toList());
        assertThat(priming.size()).isEqualTo(1);
    }

    @Test
    void render_whenQueryPaginates_rendersOneRequestForTheEmptyPage() {
        Priming priming = Priming.of(SCHEMA).step(table -> table.query(USER).partition(USER_ID, "u1").list());

        assertThat(priming.render()).extracting(Explanation::operation).containsExactly("Query");
    }

    @Test
    void render_whenAStepThrows_namesTheStepAndTable() {
        Priming priming = Priming.of(SCHEMA)
                .step(table -> table.get(USER, KeyValues.of(USER_ID, "u1")))
                .step(table -> {
                    throw new IllegalStateException("no such customer");
                });

        assertThatThrownBy(priming::render)
                .isInstanceOf(SingleTableException.class)
                .hasMessage("priming step 2 of 2 on table Priming failed: no such customer; a step runs against empty "
                        + "answers (a get finds nothing, a query no item), so make it one that works on an empty table")
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void step_whenNull_failsNamingTheParameter() {
        assertThatThrownBy(() -> Priming.of(SCHEMA).step(null)).isInstanceOf(SingleTableException.class)
                .hasMessageContaining("Priming.step").hasMessageContaining("step");
    }

    private static AttributeValue s(String value) {
        return AttributeValue.builder().s(value).build();
    }
}
