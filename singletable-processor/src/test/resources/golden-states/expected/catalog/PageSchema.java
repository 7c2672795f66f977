package catalog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Page}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class PageSchema {
    public static final Attribute<Page, String> PAGE_ID =
            Attribute.required("pageId", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<Page, String> TITLE =
            Attribute.of("title", AttributeTypes.STRING, new Accessor<>(1));
    public static final Attribute<Page, Stage> STAGE =
            Attribute.required("stage", AttributeTypes.enumType(Stage.class, Stage.values()), new Accessor<>(2));

    private static final Codec CODEC = new Codec();

    /** What the states of {@code Page} share: attributes and how to build a {@link Page}; each state adds its keys. */
    private static EntitySchema.Builder<Page> base() {
        return EntitySchema.builder(Page.class)
                .attributes(PAGE_ID, TITLE, STAGE)
                .declaredWith(Declaration.ANNOTATIONS)
                .factory(CODEC)
                .codec(CODEC);
    }

    /** {@code Page} stored by its state: {@code stage} picks the keys, and a change of it moves the item. */
    public static final EntityStates<Page> STATES = EntityStates.byEnum(STAGE, Stage.class, new Supplier<EntitySchema.Builder<Page>>() {
                @Override
                public EntitySchema.Builder<Page> get() {
                    return base();
                }
            })
            .state(Stage.DRAFT, "UnpublishedPage", new UnaryOperator<EntitySchema.Builder<Page>>() {
                @Override
                public EntitySchema.Builder<Page> apply(EntitySchema.Builder<Page> keys) {
                    return keys.primaryKey("DRAFT#{pageId}", "PAGE");
                }
            })
            .state(Stage.REVIEW, "UnpublishedPage", new UnaryOperator<EntitySchema.Builder<Page>>() {
                @Override
                public EntitySchema.Builder<Page> apply(EntitySchema.Builder<Page> keys) {
                    return keys.primaryKey("DRAFT#{pageId}", "PAGE");
                }
            })
            .state(Stage.LIVE, "LivePage", new UnaryOperator<EntitySchema.Builder<Page>>() {
                @Override
                public EntitySchema.Builder<Page> apply(EntitySchema.Builder<Page> keys) {
                    return keys.primaryKey("PAGE#{pageId}", "PAGE");
                }
            })
            .build();

    /** The state {@code UnpublishedPage} ({@code stage = DRAFT}), for reads by its keys. */
    public static final EntitySchema<Page> UNPUBLISHED_PAGE = STATES.state(Stage.DRAFT);

    /** The state {@code LivePage} ({@code stage = LIVE}), for reads by its keys. */
    public static final EntitySchema<Page> LIVE_PAGE = STATES.state(Stage.LIVE);

    /**
     * Writes and reads a {@link Page} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Page>, Function<ItemReader, Page> {
        @Override
        public Page apply(ItemReader item) {
            return new Page(
                    item.get(PAGE_ID),
                    item.get(TITLE),
                    item.get(STAGE));
        }

        @Override
        public void encode(Page entity, Map<String, AttributeValue> item) {
            item.put("pageId", PAGE_ID.type().toAttributeValue(Objects.requireNonNull(entity.pageId(), "pageId")));
            String title = entity.title();
            if (title != null) {
                item.put("title", TITLE.type().toAttributeValue(title));
            }
            item.put("stage", STAGE.type().toAttributeValue(Objects.requireNonNull(entity.stage(), "stage")));
        }

        @Override
        public Page decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue pageId = ItemCodec.stored(item, "pageId");
            AttributeValue title = ItemCodec.stored(item, "title");
            AttributeValue stage = ItemCodec.stored(item, "stage");
            return new Page(
                    pageId == null ? ItemCodec.absent(PAGE_ID) : PAGE_ID.type().fromAttributeValue(pageId),
                    title == null ? ItemCodec.absent(TITLE) : TITLE.type().fromAttributeValue(title),
                    stage == null ? ItemCodec.absent(STAGE) : STAGE.type().fromAttributeValue(stage));
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Page}. */
    private static final class Accessor<V> implements Function<Page, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Page entity) {
            return (V) value(entity);
        }

        private Object value(Page entity) {
            return switch (position) {
                case 0 -> entity.pageId();
                case 1 -> entity.title();
                case 2 -> entity.stage();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private PageSchema() {
    }
}
