package dev.singletable.examples;

import dev.singletable.ItemDecodingException;
import dev.singletable.KeyValues;
import dev.singletable.NumberOutOfRangeException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.examples.blog.Group;
import dev.singletable.examples.blog.GroupSchema;
import dev.singletable.examples.blog.UserMetrics;
import dev.singletable.examples.blog.UserMetricsSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.time.LocalDate;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The examples' annotated records get the fixes of the core's messages in annotation terms ({@code @Attribute(required = true)},
 * {@code @Version}, a wider component type), not the Java builder's ({@code Attribute.of(...)}), which their authors never wrote.
 */
class AnnotatedFixesOnEngineTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(AppTable.SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.of(db.table().schema(), db.client());
    }

    @Test
    void get_whenStoredItemLacksARequiredAttribute_advisesDroppingRequiredFromTheAnnotation() {
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of("PK", AttributeValue.fromS("GROUP#g1"),
                "SK", AttributeValue.fromS("DETAILS"), "entityType", AttributeValue.fromS("Group"), "groupId", AttributeValue.fromS("g1")))
                .build());

        assertThatThrownBy(() -> table.get(GroupSchema.INSTANCE, KeyValues.of(GroupSchema.GROUP_ID, "g1"), ReadConsistency.STRONG))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Group [PK=GROUP#g1, SK=DETAILS] lacks required attribute 'groupName'; write it, or declare it without "
                        + "@Attribute(required = true), and with a boxed type if it is a primitive (Integer for int), to allow it to be "
                        + "missing");
    }

    @Test
    void update_whenRemovingARequiredAttribute_advisesDroppingRequiredFromTheAnnotation() {
        table.put(new Group("g2", "Readers"));

        assertThatThrownBy(() -> table.update(GroupSchema.INSTANCE, KeyValues.of(GroupSchema.GROUP_ID, "g2"),
                u -> u.remove(GroupSchema.GROUP_NAME)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Group cannot remove groupName: it is required (@Attribute(required = true), or a primitive); set "
                        + "another value, or declare it without @Attribute(required = true), and with a boxed type if it is a primitive "
                        + "(Integer for int), to allow it to be absent");
    }

    @Test
    void put_whenARequiredAttributeIsNull_advisesDroppingRequiredFromTheAnnotation() {
        assertThatThrownBy(() -> table.put(new Group("g3", null)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Group.groupName is null but required; give it a value or declare it without @Attribute(required = true) to "
                        + "allow null");
    }

    @Test
    void update_whenAnIntWouldLeaveItsRange_advisesAWiderComponentType() {
        LocalDate day = LocalDate.parse("2025-05-19");
        table.put(new UserMetrics("ada", day, Integer.MAX_VALUE, 0));

        assertThatThrownBy(() -> table.update(UserMetricsSchema.INSTANCE, KeyValues.of(UserMetricsSchema.USERNAME, "ada")
                .and(UserMetricsSchema.DAY, day), u -> u.add(UserMetricsSchema.LOGIN_COUNT, 1)))
                .isInstanceOf(NumberOutOfRangeException.class)
                .hasMessage("update of UserMetrics {PK=USER#ada, SK=METRICS#2025-05-19} in table " + db.tableName() + " was refused: "
                        + "adding 1 to UserMetrics.loginCount (stored 2147483647) would give 2147483648 outside the range of Integer "
                        + "[-2147483648, 2147483647]; nothing was written. Keep the number in range, or declare UserMetrics.loginCount "
                        + "with a wider Java type (such as long or BigInteger)");
    }

    @Test
    void retryOnConflict_whenTheEntityHasNoVersion_advisesTheVersionAnnotation() {
        assertThatThrownBy(() -> table.retryOnConflict(GroupSchema.INSTANCE, KeyValues.of(GroupSchema.GROUP_ID, "g4"), 3, g -> g))
                .isInstanceOf(ValidationException.class)
                .hasMessage("retryOnConflict on Group: the entity has no version attribute, so a conflicting write could not be "
                        + "detected; declare one with @Version on a long, Long, int or Integer attribute");
    }
}
