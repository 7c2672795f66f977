package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.ItemReader;
import java.util.List;
import java.util.function.Function;
import javax.annotation.processing.Generated;

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

    /** Stores a {@link Address} as a map (M). */
    public static final AttributeType<Address> TYPE =
            AttributeTypes.object(Address.class, List.of(STREET, POSTAL_CODE, CITY),
            new Function<ItemReader, Address>() {
                @Override
                public Address apply(ItemReader item) {
                    return new Address(
                            item.get(STREET),
                            item.get(POSTAL_CODE),
                            item.get(CITY));
                }
            });

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
