package catalog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Product}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class ProductSchema {
    public static final Attribute<Product, String> PRODUCT_ID =
            Attribute.required("productId", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<Product, String> NAME =
            Attribute.of("name", AttributeTypes.STRING, new Accessor<>(1));
    public static final Attribute<Product, Boolean> ARCHIVED =
            Attribute.required("archived", AttributeTypes.BOOLEAN, new Accessor<>(2));
    public static final Attribute<Product, Instant> ARCHIVED_AT =
            Attribute.of("archivedAt", AttributeTypes.INSTANT, new Accessor<>(3));
    public static final Attribute<Product, Long> VERSION =
            Attribute.of("version", AttributeTypes.LONG, new Accessor<>(4));

    private static final Codec CODEC = new Codec();

    /** What the states of {@code Product} share: attributes and how to build a {@link Product}; each state adds its keys. */
    private static EntitySchema.Builder<Product> base() {
        return EntitySchema.builder(Product.class)
                .attributes(PRODUCT_ID, NAME, ARCHIVED, ARCHIVED_AT, VERSION)
                .version(VERSION)
                .declaredWith(Declaration.ANNOTATIONS)
                .factory(CODEC)
                .codec(CODEC);
    }

    /** {@code Product} stored by its state: {@code archived} picks the keys, and a change of it moves the item. */
    public static final EntityStates<Product> STATES = EntityStates.byFlag(ARCHIVED, new Supplier<EntitySchema.Builder<Product>>() {
                @Override
                public EntitySchema.Builder<Product> get() {
                    return base();
                }
            })
            .state(false, "ActiveProduct", new UnaryOperator<EntitySchema.Builder<Product>>() {
                @Override
                public EntitySchema.Builder<Product> apply(EntitySchema.Builder<Product> keys) {
                    return keys.primaryKey("ACTIVE_PRODUCT#{productId}", "METADATA").index("GSI1", "ACTIVE_PRODUCT", "{name}");
                }
            })
            .state(true, "ArchivedProduct", new UnaryOperator<EntitySchema.Builder<Product>>() {
                @Override
                public EntitySchema.Builder<Product> apply(EntitySchema.Builder<Product> keys) {
                    return keys.primaryKey("ARCHIVED_PRODUCT#{productId}", "METADATA").index("GSI1", "ARCHIVED_PRODUCT", "{archivedAt}");
                }
            })
            .build();

    /** The state {@code ActiveProduct} ({@code archived = false}), for reads by its keys. */
    public static final EntitySchema<Product> ACTIVE_PRODUCT = STATES.state(false);

    /** The state {@code ArchivedProduct} ({@code archived = true}), for reads by its keys. */
    public static final EntitySchema<Product> ARCHIVED_PRODUCT = STATES.state(true);

    /**
     * Writes and reads a {@link Product} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Product>, Function<ItemReader, Product> {
        @Override
        public Product apply(ItemReader item) {
            return new Product(
                    item.get(PRODUCT_ID),
                    item.get(NAME),
                    item.get(ARCHIVED),
                    item.get(ARCHIVED_AT),
                    item.get(VERSION));
        }

        @Override
        public void encode(Product entity, Map<String, AttributeValue> item) {
            item.put("productId", PRODUCT_ID.type().toAttributeValue(Objects.requireNonNull(entity.productId(), "productId")));
            String name = entity.name();
            if (name != null) {
                item.put("name", NAME.type().toAttributeValue(name));
            }
            item.put("archived", AttributeValue.fromBool(entity.archived()));
            Instant archivedAt = entity.archivedAt();
            if (archivedAt != null) {
                item.put("archivedAt", ARCHIVED_AT.type().toAttributeValue(archivedAt));
            }
            Long version = entity.version();
            if (version != null) {
                item.put("version", VERSION.type().toAttributeValue(version));
            }
        }

        @Override
        public Product decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue productId = ItemCodec.stored(item, "productId");
            AttributeValue name = ItemCodec.stored(item, "name");
            AttributeValue archived = ItemCodec.stored(item, "archived");
            AttributeValue archivedAt = ItemCodec.stored(item, "archivedAt");
            AttributeValue version = ItemCodec.stored(item, "version");
            return new Product(
                    productId == null ? ItemCodec.absent(PRODUCT_ID) : PRODUCT_ID.type().fromAttributeValue(productId),
                    name == null ? ItemCodec.absent(NAME) : NAME.type().fromAttributeValue(name),
                    archived == null ? ItemCodec.absent(ARCHIVED) : ARCHIVED.type().fromAttributeValue(archived),
                    archivedAt == null ? ItemCodec.absent(ARCHIVED_AT) : ARCHIVED_AT.type().fromAttributeValue(archivedAt),
                    version == null ? ItemCodec.absent(VERSION) : VERSION.type().fromAttributeValue(version));
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Product}. */
    private static final class Accessor<V> implements Function<Product, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Product entity) {
            return (V) value(entity);
        }

        private Object value(Product entity) {
            return switch (position) {
                case 0 -> entity.productId();
                case 1 -> entity.name();
                case 2 -> entity.archived();
                case 3 -> entity.archivedAt();
                case 4 -> entity.version();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private ProductSchema() {
    }
}
