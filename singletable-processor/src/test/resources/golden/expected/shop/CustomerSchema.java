package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * The schema of {@link Customer}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class CustomerSchema {
    public static final Attribute<Customer, String> CUSTOMER_ID =
            Attribute.required("customer_id", AttributeTypes.STRING, Customer::customerId);
    public static final Attribute<Customer, String> EMAIL =
            Attribute.of("mail", AttributeTypes.STRING, Customer::email);
    public static final Attribute<Customer, Optional<String>> NICKNAME =
            Attribute.of("nickname", AttributeTypes.optional(AttributeTypes.STRING), Customer::nickname);
    public static final Attribute<Customer, Set<String>> TAGS =
            Attribute.of("tags", AttributeTypes.omitEmpty(AttributeTypes.STRING_SET), Customer::tags);
    public static final Attribute<Customer, Integer> LOYALTY_POINTS =
            Attribute.required("loyalty_points", AttributeTypes.INTEGER, Customer::loyaltyPoints);
    public static final Attribute<Customer, Money> BALANCE =
            Attribute.of("balance", AttributeTypes.custom("Money", Customer::toCents, Customer::fromCents), Customer::balance);
    public static final Attribute<Customer, String> LEGACY_CODE =
            Attribute.of("legacy_code", AttributeTypes.STRING, Customer::legacyCode);
    // LEGACY_CODE is read but never written (@Ignore(WRITE)), so it is not among the schema's attributes

    /** The index {@code GSI1}, as {@code query(...).index(CustomerSchema.GSI1)} names it. */
    public static final String GSI1 = "GSI1";

    /** The entity {@code Customer}: attributes, keys and how to build a {@link Customer}. */
    public static final EntitySchema<Customer> INSTANCE = EntitySchema.builder(Customer.class)
            .type("Customer")
            .attributes(CUSTOMER_ID, EMAIL, NICKNAME, TAGS, LOYALTY_POINTS, BALANCE)
            .primaryKey("CUSTOMER#{customer_id}", "PROFILE")
            .index("GSI1", "EMAIL#{mail}", "CUSTOMER")
            .attributeBag(Customer::extra)
            .factory(item -> new Customer(
                    item.get(CUSTOMER_ID),
                    item.get(EMAIL),
                    item.get(NICKNAME),
                    item.get(TAGS),
                    item.get(LOYALTY_POINTS),
                    item.get(BALANCE),
                    null,
                    item.get(LEGACY_CODE),
                    item.unmappedAttributes()))
            .build();

    private CustomerSchema() {
    }
}
