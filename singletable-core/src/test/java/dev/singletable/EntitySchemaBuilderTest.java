package dev.singletable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The builder refuses, when the entity is built, every mistake the annotation processor reports at compile time,
 * with the same rules and messages naming entity, index, template, slot and the fix.
 */
class EntitySchemaBuilderTest {
    record Order(String customerId, String orderId, Instant createdAt, Instant updatedAt, Long version, Long revision,
                 BigDecimal total, Integer rank, Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> extra) {
    }

    static final Attribute<Order, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, Instant> CREATED_AT = Attribute.of("createdAt", AttributeTypes.INSTANT, Order::createdAt);
    static final Attribute<Order, Instant> UPDATED_AT = Attribute.of("updatedAt", AttributeTypes.INSTANT, Order::updatedAt);
    static final Attribute<Order, Long> VERSION = Attribute.of("version", AttributeTypes.LONG, Order::version);
    static final Attribute<Order, Long> REVISION = Attribute.of("revision", AttributeTypes.LONG, Order::revision);
    static final Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    static final Attribute<Order, Integer> RANK = Attribute.of("rank", AttributeTypes.INTEGER, Order::rank);

    private static EntitySchema.Builder<Order> order() {
        return EntitySchema.builder(Order.class)
                .attributes(CUSTOMER_ID, ORDER_ID, CREATED_AT, UPDATED_AT, VERSION, REVISION, TOTAL, RANK)
                .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
                .factory(item -> new Order(item.get(CUSTOMER_ID), item.get(ORDER_ID), item.get(CREATED_AT), item.get(UPDATED_AT),
                        item.get(VERSION), item.get(REVISION), item.get(TOTAL), item.get(RANK), item.unmappedAttributes()));
    }

    @Test
    void build_whenEveryDeclarationFits_builds() {
        EntitySchema<Order> schema = order().index("GSI1", "DAY#{createdAt:yyyy-MM-dd}", "{createdAt}#{orderId}")
                .index("GSI2", "MONTH#{createdAt:yyyy-MM}", "RANK#{rank}").version(VERSION).createdAt(CREATED_AT)
                .updatedAt(UPDATED_AT).attributeBag(Order::extra).build();

        assertThat(schema.indexKeys()).containsOnlyKeys("GSI1", "GSI2");
    }

    /** One row per template mistake: where the template goes (pk, sk, gsi pk, gsi sk), the template, the message. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            pk     | CUSTOMER#{customerId}{orderId} | Order primary partition key template 'CUSTOMER#{customerId}{orderId}': slots {customerId} and {orderId} touch (index 21); separate them with literal text such as '#', or the key cannot be parsed back
            sk     | A\\B#{orderId}                 | Order primary sort key template 'A\\B#{orderId}': literal text may not contain '\\' (index 1); singletable uses it to escape delimiters inside slot values: remove it or use another character, such as '#'
            pk     | ""                             | Order primary partition key template '': a template cannot be empty, as DynamoDB key values never are; give literal text, a slot or both, such as 'PROFILE' or 'CUSTOMER#{customerId}'
            gsiPk  | ""                             | Order index GSI1 partition key template '': a template cannot be empty, as DynamoDB key values never are; give literal text, a slot or both, such as 'PROFILE' or 'CUSTOMER#{customerId}'
            gsiSk  | ""                             | Order index GSI1 sort key template '': a template cannot be empty, as DynamoDB key values never are; give literal text, a slot or both, such as 'PROFILE' or 'CUSTOMER#{customerId}'
            gsiSk  | X#{orderId                     | Order index GSI1 sort key template 'X#{orderId': slot opened at index 2 is never closed; add '}'
            pk     | C#{customerId:yyyy-MM-dd}      | Order primary partition key template 'C#{customerId:yyyy-MM-dd}', slot {customerId:yyyy-MM-dd}: format 'yyyy-MM-dd' does not fit String, whose slots take no format; drop ':yyyy-MM-dd' from the slot
            gsiSk  | {createdAt:%05d}               | Order index GSI1 sort key template '{createdAt:%05d}', slot {createdAt:%05d}: format '%05d' is a number format, which does not fit Instant; use a date pattern such as yyyy-MM-dd
            gsiSk  | {rank:yyyy}                    | Order index GSI1 sort key template '{rank:yyyy}', slot {rank:yyyy}: format 'yyyy' does not fit Integer; use %0Nd, for example %05d for five digits
            gsiSk  | T#{total}                      | Order index GSI1 sort key template 'T#{total}', slot {total}: BigDecimal in a sort key needs a fixed width and scale so that it sorts numerically, for example {slot:%012.2f}
            gsiSk  | {createdAt:dd-MM-yyyy}         | Order index GSI1 sort key template '{createdAt:dd-MM-yyyy}', slot {createdAt:dd-MM-yyyy}: date pattern 'dd-MM-yyyy' in a sort key does not sort in time order: '31-12-1969' sorts after '01-01-1970'; write the fields from the year down, fixed width and as numbers, such as yyyy-MM-dd'T'HH:mm
            gsiPk  | DAY#{createdAt:MM-dd}          | Order index GSI1 partition key template 'DAY#{createdAt:MM-dd}', slot {createdAt:MM-dd}: date pattern 'MM-dd' writes Instant 1969-12-31T23:59:59.999999999Z as '12-31', which does not read back; a pattern needs the year (uuuu or yyyy, not the week-based YYYY) and every field above the smallest it writes, such as yyyy, yyyy-MM, yyyy-MM-dd or yyyy-MM-dd'T'HH:mm
            gsiSk  | {rank}-{orderId}               | Order index GSI1 sort key template '{rank}-{orderId}': the literal text after slot {rank} starts with '-', which Integer values in the slot may contain; escaping it would break the sort order: start the literal with another character, such as '#'
            gsiSk  | X#{custmerId}                  | Order index GSI1 sort key template 'X#{custmerId}' refers to unknown attribute 'custmerId' (did you mean 'customerId'?); the attributes are customerId, orderId, createdAt, updatedAt, version, revision, total, rank
            """)
    void build_whenTemplateIsMistaken_failsNamingEntityKeyTemplateSlotAndFix(String place, String template, String message) {
        UnaryOperator<EntitySchema.Builder<Order>> declare = switch (place) {
            case "pk" -> b -> b.primaryKey(template, "ORDER#{orderId}");
            case "sk" -> b -> b.primaryKey("CUSTOMER#{customerId}", template);
            case "gsiPk" -> b -> b.index("GSI1", template, "{orderId}");
            case "gsiSk" -> b -> b.index("GSI1", "ALL", template);
            default -> throw new IllegalArgumentException(place);
        };

        String key = switch (place) {
            case "pk" -> "Order primary partition key";
            case "sk" -> "Order primary sort key";
            case "gsiPk" -> "Order index GSI1 partition key";
            default -> "Order index GSI1 sort key";
        };

        KeyTemplateException failure = org.assertj.core.api.Assertions.catchThrowableOfType(KeyTemplateException.class,
                () -> declare.apply(order()).build());

        assertThat(failure).hasMessage(message);
        assertThat(failure.place()).hasValue(key);
        assertThat(failure.detail()).isEqualTo(message.substring(key.length() + 1));
    }

    @Test
    void build_whenTemplateIsNull_failsNamingTheKey() {
        assertThatThrownBy(() -> order().index("GSI1", null, "{orderId}").build())
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("EntitySchema.Builder.index(partitionTemplate): partitionTemplate is null; give Order's template, such as "
                        + "'CUSTOMER#{customerId}'");
    }

    @Test
    void version_whenGivenTwice_failsNamingBoth() {
        assertThatThrownBy(() -> order().version(VERSION).version(REVISION).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: version is given twice ('version', then 'revision'); an entity has at most one version attribute: keep one");
    }

    @Test
    void createdAt_whenGivenTwice_failsNamingBoth() {
        assertThatThrownBy(() -> order().createdAt(CREATED_AT).createdAt(UPDATED_AT).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: createdAt is given twice ('createdAt', then 'updatedAt'); an entity has at most one createdAt attribute: keep one");
    }

    @Test
    void updatedAt_whenGivenTwice_failsNamingBoth() {
        assertThatThrownBy(() -> order().updatedAt(UPDATED_AT).updatedAt(CREATED_AT).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: updatedAt is given twice ('updatedAt', then 'createdAt'); an entity has at most one updatedAt attribute: keep one");
    }

    @Test
    void attributeBag_whenGivenTwice_fails() {
        assertThatThrownBy(() -> order().attributeBag(Order::extra).attributeBag(Order::extra).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the attribute bag is given twice; an entity has at most one, as every unmapped attribute of an item goes to it");
    }

    @Test
    void build_whenVersionFillsAKeySlot_failsBecauseItChangesOnEveryWrite() {
        SchemaDefinitionException failure = org.assertj.core.api.Assertions.catchThrowableOfType(SchemaDefinitionException.class,
                () -> order().index("GSI1", "V#{version}").version(VERSION).build());

        assertThat(failure).hasMessage("Order: version attribute 'version' fills a key template slot; a version changes on every write, "
                + "so it cannot be part of a key");
        assertThat(failure.attribute()).hasValue("version");
    }

    @Test
    void build_whenUpdatedAtFillsAPrimaryKeySlot_failsBecauseEveryWriteWouldMakeANewItem() {
        SchemaDefinitionException failure = org.assertj.core.api.Assertions.catchThrowableOfType(SchemaDefinitionException.class,
                () -> order().primaryKey("CUSTOMER#{customerId}", "AT#{updatedAt}").updatedAt(UPDATED_AT).build());

        assertThat(failure).hasMessage("Order: updatedAt attribute 'updatedAt' fills a slot of the primary key (CUSTOMER#{customerId} / "
                + "AT#{updatedAt}); it changes on every write, which would write a new item each time: use it in a GSI key "
                + "instead, or use createdAt");
        assertThat(failure.attribute()).hasValue("updatedAt");
    }

    @Test
    void build_whenCreatedAtIsNotAmongTheAttributes_failsNamingIt() {
        Attribute<Order, Instant> stranger = Attribute.of("placedAt", AttributeTypes.INSTANT, Order::createdAt);

        SchemaDefinitionException failure = org.assertj.core.api.Assertions.catchThrowableOfType(SchemaDefinitionException.class,
                () -> order().createdAt(stranger).build());

        assertThat(failure).hasMessage("Order: createdAt attribute 'placedAt' is not among the declared attributes; add it with attributes(...)");
        assertThat(failure.attribute()).hasValue("placedAt");
    }

    @Test
    void index_whenGivenTwice_failsNamingBothKeys() {
        SchemaDefinitionException failure = org.assertj.core.api.Assertions.catchThrowableOfType(SchemaDefinitionException.class,
                () -> order().index("GSI1", "A#{orderId}").index("GSI1", "B#{orderId}").build());

        assertThat(failure).hasMessage("Order: index 'GSI1' is given keys twice (A#{orderId}, then B#{orderId}); an entity has one key on "
                + "each index: remove one, or name the other index");
        assertThat(failure.attribute()).isEmpty(); // an index's refusal, of no one attribute
    }

    @Test
    void index_whenNameIsBlank_fails() {
        assertThatThrownBy(() -> order().index(" ", "A#{orderId}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: an index name cannot be blank; give the GSI's name, such as \"GSI1\"");
    }

    @Test
    void type_whenBlank_failsSayingHowToDefaultIt() {
        assertThatThrownBy(() -> order().type(" ").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the entity type name cannot be blank; give a name such as 'Order', or leave it out to use the "
                        + "class's simple name");
    }

    @Test
    void attribute_whenNull_failsSayingItIsDeclaredTooLate() {
        assertThatThrownBy(() -> EntitySchema.builder(Order.class).attribute(null))
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("EntitySchema.Builder.attribute(attribute): attribute is null; Order's attribute is not initialised yet: "
                        + "declare it before the schema that uses it (a static field initialised later is still null)");
    }

    @Test
    void build_whenIndexConditionReadsNamesAnIndexWithoutCondition_isRefused() {
        assertThatThrownBy(() -> order().index("GSI1", "ALL", "{orderId}").indexConditionReads("GSI1", "rank").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: indexConditionReads names index 'GSI1', which has no condition; declare it with "
                        + "index(\"GSI1\", ..., condition), or leave indexConditionReads out");
    }

    @Test
    void build_whenIndexConditionReadsNamesNoAttribute_isRefusedNamingIt() {
        assertThatThrownBy(() -> order().index("GSI1", "RANKED", "{orderId}", o -> o.rank() != null).indexConditionReads("GSI1", "rnak")
                .build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the condition of index GSI1 reads 'rnak', which is not one of Order's attributes [customerId, "
                        + "orderId, createdAt, updatedAt, version, revision, total, rank]");
    }

    @Test
    void indexConditionReads_whenDeclared_answersThem() {
        EntitySchema<Order> schema = order().index("GSI1", "RANKED", "{orderId}", o -> o.rank() != null).indexConditionReads("GSI1", "rank")
                .index("GSI2", "ALL", "{orderId}", o -> true).build();

        assertThat(schema.indexConditionReads("GSI1")).contains(java.util.Set.of("rank"));
        assertThat(schema.indexConditionReads("GSI2")).isEmpty();
    }
}
