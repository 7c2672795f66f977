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
    public static final Attribute<Address, String> STREET = Attribute.of("street", AttributeTypes.STRING,
            new Function<Address, String>() {
                @Override
                public String apply(Address entity) {
                    return entity.street();
                }
            });
    public static final Attribute<Address, String> POSTAL_CODE = Attribute.of("postal_code", AttributeTypes.STRING,
            new Function<Address, String>() {
                @Override
                public String apply(Address entity) {
                    return entity.postalCode();
                }
            });
    public static final Attribute<Address, String> CITY = Attribute.required("city", AttributeTypes.STRING,
            new Function<Address, String>() {
                @Override
                public String apply(Address entity) {
                    return entity.city();
                }
            });

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

    private AddressSchema() {
    }
}
