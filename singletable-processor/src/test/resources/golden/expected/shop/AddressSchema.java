package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Address}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class AddressSchema {
    public static final Attribute<Address, String> STREET =
            Attribute.of("street", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<Address, String> POSTAL_CODE =
            Attribute.of("postal_code", AttributeTypes.STRING, new Accessor<>(1));
    public static final Attribute<Address, String> CITY =
            Attribute.required("city", AttributeTypes.STRING, new Accessor<>(2));

    private static final Codec CODEC = new Codec();

    /** Stores a {@link Address} as a map (M). */
    public static final AttributeType<Address> TYPE =
            AttributeTypes.object(Address.class, List.of(STREET, POSTAL_CODE, CITY), CODEC, CODEC);

    /**
     * Writes and reads a {@link Address} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Address>, Function<ItemReader, Address> {
        @Override
        public Address apply(ItemReader item) {
            return new Address(
                    item.get(STREET),
                    item.get(POSTAL_CODE),
                    item.get(CITY));
        }

        @Override
        public void encode(Address entity, Map<String, AttributeValue> item) {
            String street = entity.street();
            if (street != null) {
                item.put("street", STREET.type().toAttributeValue(street));
            }
            String postalCode = entity.postalCode();
            if (postalCode != null) {
                item.put("postal_code", POSTAL_CODE.type().toAttributeValue(postalCode));
            }
            item.put("city", CITY.type().toAttributeValue(Objects.requireNonNull(entity.city(), "city")));
        }

        @Override
        public Address decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue street = ItemCodec.stored(item, "street");
            AttributeValue postalCode = ItemCodec.stored(item, "postal_code");
            AttributeValue city = ItemCodec.stored(item, "city");
            return new Address(
                    street == null ? ItemCodec.absent(STREET) : STREET.type().fromAttributeValue(street),
                    postalCode == null ? ItemCodec.absent(POSTAL_CODE) : POSTAL_CODE.type().fromAttributeValue(postalCode),
                    city == null ? ItemCodec.absent(CITY) : CITY.type().fromAttributeValue(city));
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Address}. */
    private static final class Accessor<V> implements Function<Address, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Address entity) {
            return (V) value(entity);
        }

        private Object value(Address entity) {
            return switch (position) {
                case 0 -> entity.street();
                case 1 -> entity.postalCode();
                case 2 -> entity.city();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private AddressSchema() {
    }
}
