package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.Update;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Why an addition out of a bounded number's range was refused, its fix in the words of the entity's declaration. */
class RangeGuardTest {
    record Counter(String id, Integer count, Long total) {
    }

    static final Attribute<Counter, String> ID = Attribute.required("id", AttributeTypes.STRING, Counter::id);
    static final Attribute<Counter, Integer> COUNT = Attribute.of("count", AttributeTypes.INTEGER, Counter::count);
    static final Attribute<Counter, Long> TOTAL = Attribute.of("total", AttributeTypes.LONG, Counter::total);

    private static EntitySchema<Counter> counter(Declaration declaration) {
        return EntitySchema.builder(Counter.class).attributes(ID, COUNT, TOTAL).primaryKey("COUNTER#{id}")
                .factory(item -> new Counter(item.get(ID), item.get(COUNT), item.get(TOTAL))).declaredWith(declaration).build();
    }

    private static String countReason(Declaration declaration) {
        EntitySchema<Counter> counter = counter(declaration);
        RangeGuard guard = RangeGuard.of(Update.of(counter).add(COUNT, 1).actions().get(0)).orElseThrow();
        return guard.reason(counter, BigInteger.valueOf(Integer.MAX_VALUE));
    }

    private static String totalReason(Declaration declaration) {
        EntitySchema<Counter> counter = counter(declaration);
        RangeGuard guard = RangeGuard.of(Update.of(counter).add(TOTAL, 1L).actions().get(0)).orElseThrow();
        return guard.reason(counter, BigInteger.valueOf(Long.MAX_VALUE));
    }

    private static final String COUNT_LEAD = "adding 1 to Counter.count (stored 2147483647) would give 2147483648 outside the range "
            + "of Integer [-2147483648, 2147483647]; nothing was written. Keep the number in range, or ";
    private static final String TOTAL_LEAD = "adding 1 to Counter.total (stored 9223372036854775807) would give 9223372036854775808 "
            + "outside the range of Long [-9223372036854775808, 9223372036854775807]; nothing was written. Keep the number in range, or ";

    @Test
    void reason_whenEntityIsDeclaredWithTheBuilder_advisesAWiderJavaType() {
        assertThat(countReason(Declaration.BUILDER)).isEqualTo(COUNT_LEAD + "declare Counter.count with a wider type (such as BigInteger)");
    }

    @Test
    void reason_whenEntityIsOfASchemaFile_advisesAWiderFileType() {
        assertThat(countReason(Declaration.SCHEMA_FILE)).isEqualTo(COUNT_LEAD
                + "give Counter.count a wider type in the schema file (type: long or decimal)");
        assertThat(totalReason(Declaration.SCHEMA_FILE)).isEqualTo(TOTAL_LEAD
                + "give Counter.total a wider type in the schema file (type: decimal)");
    }

    @Test
    void reason_whenEntityIsAnnotated_advisesAWiderComponentType() {
        assertThat(countReason(Declaration.ANNOTATIONS)).isEqualTo(COUNT_LEAD
                + "declare Counter.count with a wider Java type (such as long or BigInteger)");
        assertThat(totalReason(Declaration.ANNOTATIONS)).isEqualTo(TOTAL_LEAD
                + "declare Counter.total with a wider Java type (such as BigInteger)");
    }
}
