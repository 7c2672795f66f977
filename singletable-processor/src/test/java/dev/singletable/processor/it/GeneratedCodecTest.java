package dev.singletable.processor.it;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.extension.EntityHooks;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.ItemDecodingException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The generated {@link dev.singletable.extension.ItemCodec}s against the attributes and factory they stand in
 * for: for any entity and any stored item, the same item, the same entity, or the same error.
 */
class GeneratedCodecTest {
    private static final EntitySchema<Everything> EVERYTHING_WITHOUT_CODEC = withoutCodec(EverythingSchema.INSTANCE);
    private static final EntitySchema<Parcel> PARCEL_WITHOUT_CODEC = withoutCodec(ParcelSchema.INSTANCE);
    /** The generated schemas' table, mapping through their codecs; nothing is sent. */
    private final Table generated = Table.of(GeneratedSchemaRoundTripTest.SCHEMA, OFFLINE);
    /** The same table with the schemas without codecs, mapping through attributes and factories. */
    private final Table reference = Table.of(TableSchema.builder("GeneratedThings")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(EVERYTHING_WITHOUT_CODEC, PARCEL_WITHOUT_CODEC)
            .build(), OFFLINE);
    /** The bound entity, for the item size bound the public API does not show. */
    private final BoundEntity<Everything> sized = new BoundEntity<>(EverythingSchema.INSTANCE, GeneratedSchemaRoundTripTest.SCHEMA);

    /** Mapping sends nothing: a client with no connection to send on. */
    private static final DynamoDbClient OFFLINE = new DynamoDbClient() {
        @Override
        public String serviceName() {
            return SERVICE_NAME;
        }

        @Override
        public void close() {
        }
    };

    @Test
    void schema_whenGenerated_hasACodec() {
        assertThat(EverythingSchema.INSTANCE.codec()).isPresent();
        assertThat(ParcelSchema.INSTANCE.codec()).isPresent();
        assertThat(LedgerSchema.INSTANCE.codec()).isPresent();
        assertThat(withoutCodec(EverythingSchema.INSTANCE).codec()).isEmpty();
    }

    @Property(tries = 500)
    void toItem_forAnyEntity_writesWhatTheAttributesWrite(@ForAll long seed) {
        Everything entity = randomEverything(new Random(seed));

        Object expected = outcome(() -> reference.toItem(entity));
        Statistics.label("toItem").collect(expected instanceof String ? "error" : "item");

        assertThat(outcome(() -> generated.toItem(entity))).isEqualTo(expected);
    }

    @Property(tries = 500)
    void fromItem_forAnyStoredItem_readsWhatTheFactoryReads(@ForAll long seed) {
        Random random = new Random(seed);
        Map<String, AttributeValue> item = damage(storableItem(random), random);

        Object expected = outcome(() -> readable(reference.fromItem(EVERYTHING_WITHOUT_CODEC, item)));
        Statistics.label("fromItem").collect(expected.toString().startsWith("Everything[") ? "entity" : "error");

        assertThat(outcome(() -> readable(generated.fromItem(EverythingSchema.INSTANCE, item)))).isEqualTo(expected);
    }

    @Property(tries = 300)
    void nestedType_forAnyValueAndStoredMap_isWhatTheAttributesGive(@ForAll long seed) {
        Random random = new Random(seed);
        AttributeType<Address> reference = AttributeTypes.object(Address.class, List.of(AddressSchema.STREET, AddressSchema.CITY),
                item -> new Address(item.get(AddressSchema.STREET), item.get(AddressSchema.CITY)));
        Address address = new Address(random.nextBoolean() ? "1 Main St" : null, random.nextInt(4) == 0 ? null : "Springfield");
        Object written = outcome(() -> reference.toAttributeValue(address));

        assertThat(outcome(() -> AddressSchema.TYPE.toAttributeValue(address))).isEqualTo(written);
        if (written instanceof AttributeValue stored) {
            AttributeValue damaged = AttributeValue.fromM(damage(stored.m(), random));
            assertThat(outcome(() -> AddressSchema.TYPE.fromAttributeValue(damaged)))
                    .isEqualTo(outcome(() -> reference.fromAttributeValue(damaged)));
        }
    }

    @Property(tries = 300)
    void itemSizeBound_forAnyStorableEntity_isAtLeastTheItemsSize(@ForAll long seed) {
        Map<String, AttributeValue> item = storableItem(new Random(seed));

        assertThat(sized.itemSizeBound(item)).isGreaterThanOrEqualTo(ItemSize.of(item));
    }

    @Test
    void toItem_whenOneValueIsLarge_checksTheExactSize() {
        Everything small = GeneratedSchemaRoundTripTest.full("E8");
        Everything nearLimit = withStrings(small, List.of("é".repeat(150_000)));   // 300 000 bytes: bound above 400 KB, size below
        Everything overLimit = withStrings(small, List.of("é".repeat(150_000), "é".repeat(60_000)));

        assertThat(sized.itemSizeBound(generated.toItem(nearLimit))).isGreaterThan(ItemSize.MAX_ITEM_BYTES);
        assertThat(ItemSize.of(generated.toItem(nearLimit))).isLessThan(ItemSize.MAX_ITEM_BYTES);
        assertThatThrownBy(() -> generated.toItem(overLimit)).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Everything [PK=THING#E8, SK=THING]: the item is 420");
    }

    private static Everything withStrings(Everything e, List<String> strings) {
        return new Everything(e.id(), e.boxedInt(), e.primitiveInt(), e.boxedLong(), e.primitiveLong(), e.decimal(), e.bigInteger(),
                e.boxedBool(), e.primitiveBool(), e.instant(), e.date(), e.color(), e.uuid(), e.bytes(), strings, e.stringSet(),
                e.stringMap(), e.optional(), e.address(), e.addresses(), e.addressMap(), e.addressSet(), e.colors(), e.expiresAt());
    }

    @Test
    void toItem_whenRequiredAttributeIsNull_failsNamingEntityAndAttribute() {
        Everything noId = GeneratedSchemaRoundTripTest.sparse(null);

        assertThatThrownBy(() -> generated.toItem(noId)).isInstanceOf(ValidationException.class)
                .hasMessage("Everything.id is null but required; give it a value (it fills a slot of the primary key, so it is always "
                        + "required)");
    }

    @Test
    void fromItem_whenRequiredAttributeIsMissing_failsNamingItemAndAttribute() {
        Map<String, AttributeValue> item = new HashMap<>(generated.toItem(GeneratedSchemaRoundTripTest.full("E9")));
        item.remove("primitiveInt");

        assertThatThrownBy(() -> generated.fromItem(EverythingSchema.INSTANCE, item)).isInstanceOf(ItemDecodingException.class)
                .hasMessage("Everything [PK=THING#E9, SK=THING] lacks required attribute 'primitiveInt'; write it, or declare it "
                        + "without @Attribute(required = true), and with a boxed type if it is a primitive (Integer for int), to allow "
                        + "it to be missing");
    }

    @Test
    void fromItem_whenStoredValueHasTheWrongShape_failsNamingValue() {
        Map<String, AttributeValue> item = new HashMap<>(generated.toItem(GeneratedSchemaRoundTripTest.full("E9")));
        item.put("instant", AttributeValue.fromS("2025-02-30T09:00:00Z"));

        assertThatThrownBy(() -> generated.fromItem(EverythingSchema.INSTANCE, item)).isInstanceOf(ItemDecodingException.class)
                .hasMessage("Everything.instant of item [PK=THING#E9, SK=THING] cannot be read as Instant: "
                        + "'2025-02-30T09:00:00Z' is not an ISO-8601 instant");
    }

    @Test
    void toItem_whenParcelHasHooksBagAndSparseKey_writesWhatTheAttributesWrite() {
        Parcel parcel = new Parcel("O1", "P1", Instant.parse("2025-05-19T09:00:00Z"), Map.of("score", AttributeValue.fromN("3")));

        Map<String, AttributeValue> item = generated.toItem(parcel);

        assertThat(item).isEqualTo(reference.toItem(parcel)).containsKeys("GSI1PK", "score", "hookMark");
        assertThat(generated.fromItem(ParcelSchema.INSTANCE, item)).isEqualTo(reference.fromItem(PARCEL_WITHOUT_CODEC, item));
    }

    /** The same schema without its codec: attributes, keys, hooks and maintained attributes delegate to the original. */
    static <T> EntitySchema<T> withoutCodec(EntitySchema<T> schema) {
        EntitySchema.Builder<T> builder = EntitySchema.builder(schema.javaType()).type(schema.type()).declaredWith(schema.declaration());
        IndexKey primary = schema.primaryKey();
        for (Attribute<T, ?> attribute : schema.attributes()) {
            builder.attribute(attribute);
        }
        if (primary.sort().isPresent()) {
            builder.primaryKey(primary.partition().text(), primary.sort().get().text());
        } else {
            builder.primaryKey(primary.partition().text());
        }
        EntityHooks<T> hooks = schema.hooks();
        schema.indexKeys().forEach((name, key) -> {
            Optional<Predicate<? super T>> condition = hooks.indexCondition(name);
            if (condition.isPresent() && key.sort().isPresent()) {
                builder.index(name, key.partition().text(), key.sort().get().text(), condition.get());
            } else if (condition.isPresent()) {
                builder.index(name, key.partition().text(), condition.get());
            } else {
                builder.index(name, key);
            }
        });
        hooks.beforeWrite().forEach(builder::beforeWrite);
        hooks.beforeToItem().forEach(builder::beforeToItem);
        hooks.afterToItem().forEach(builder::afterToItem);
        hooks.beforeFromItem().forEach(builder::beforeFromItem);
        hooks.afterFromItem().forEach(builder::afterFromItem);
        builder.factory(schema::create);
        schema.attributeBag().ifPresent(builder::attributeBag);
        schema.versionAttribute().ifPresent(builder::version);
        schema.createdAtAttribute().ifPresent(builder::createdAt);
        schema.updatedAtAttribute().ifPresent(builder::updatedAt);
        return builder.build();
    }

    /** A value or the error: class and message. */
    private static Object outcome(Supplier<?> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** An Everything as comparable text: records compare byte arrays by identity. */
    private static String readable(Everything entity) {
        return entity.toString().replaceAll("\\[B@[0-9a-f]+", java.util.Arrays.toString(entity.bytes()));
    }

    private static Everything randomEverything(Random random) {
        Address home = new Address(random.nextBoolean() ? "1 Main St" : null, random.nextInt(10) == 0 ? null : "Springfield");
        return new Everything(
                random.nextInt(20) == 0 ? null : "E" + random.nextInt(1000),
                maybe(random, () -> random.nextInt()),
                random.nextInt(),
                maybe(random, random::nextLong),
                random.nextLong(),
                maybe(random, () -> random.nextInt(50) == 0 ? new BigDecimal("1E+200") : BigDecimal.valueOf(random.nextLong(), random.nextInt(20) - 5)),
                maybe(random, () -> new BigInteger(100, random)),
                maybe(random, random::nextBoolean),
                random.nextBoolean(),
                maybe(random, () -> Instant.ofEpochSecond(random.nextLong() % 100_000_000_000L, random.nextInt(4) == 0 ? 0 : random.nextInt(1_000_000_000))),
                maybe(random, () -> LocalDate.ofEpochDay(random.nextInt(100_000) - 50_000)),
                maybe(random, () -> Color.values()[random.nextInt(2)]),
                maybe(random, () -> new UUID(random.nextLong(), random.nextLong())),
                maybe(random, () -> new byte[] {(byte) random.nextInt(), (byte) random.nextInt()}),
                maybe(random, () -> strings(random, 3)),
                maybe(random, () -> new LinkedHashSet<>(strings(random, 3))),
                maybe(random, () -> Map.of("k" + random.nextInt(9), "v")),
                maybe(random, () -> random.nextBoolean() ? Optional.of("o" + random.nextInt(9)) : Optional.<String>empty()),
                maybe(random, () -> home),
                maybe(random, () -> random.nextBoolean() ? List.of(home) : List.<Address>of()),
                maybe(random, () -> Map.of("home", home)),
                maybe(random, () -> random.nextBoolean() ? Set.of(home) : Set.<Address>of()),
                maybe(random, () -> List.of(Color.RED, Color.GREEN)),
                maybe(random, () -> Instant.ofEpochSecond(1_900_000_000L + random.nextInt(3), random.nextInt(8) == 0 ? 5 : 0)));
    }

    /** The item of a random entity the attributes can store (some random entities hold values they refuse). */
    private Map<String, AttributeValue> storableItem(Random random) {
        while (true) {
            try {
                return reference.toItem(randomEverything(random));
            } catch (ValidationException e) {
                // draw another
            }
        }
    }

    private static List<String> strings(Random random, int most) {
        List<String> strings = new ArrayList<>();
        for (int i = random.nextInt(most + 1); i > 0; i--) {
            strings.add(random.nextInt(30) == 0 ? "" : "s" + random.nextInt(100));
        }
        return strings;
    }

    private static <V> V maybe(Random random, Supplier<V> value) {
        return random.nextInt(4) == 0 ? null : value.get();
    }

    /** The item with some attributes removed, set to NULL or given a value of another shape or range. */
    private static Map<String, AttributeValue> damage(Map<String, AttributeValue> stored, Random random) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(stored);
        List<AttributeValue> odd = List.of(AttributeValue.fromNul(true), AttributeValue.fromS("x"), AttributeValue.fromN("12345678901234567890"),
                AttributeValue.fromN("1.5"), AttributeValue.fromBool(true), AttributeValue.fromS("2025-05-19T09:00:00Z"),
                AttributeValue.fromS("RED"), AttributeValue.fromL(List.of(AttributeValue.fromS("a"))), AttributeValue.fromM(Map.of()),
                AttributeValue.fromSs(List.of("a")), AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1})));
        for (String name : List.copyOf(item.keySet())) {
            if (name.equals("PK") || name.equals("SK") || name.equals("entityType") || random.nextInt(item.size() < 4 ? 2 : 6) != 0) {
                continue;
            }
            if (random.nextBoolean()) {
                item.remove(name);
            } else {
                item.put(name, odd.get(random.nextInt(odd.size())));
            }
        }
        return item;
    }
}
