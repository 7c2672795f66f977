package dev.singletable.examples.ecommerce;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.time.Instant;

/**
 * A customer's profile, at the head of the customer's partition; their orders sort after it.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code CUSTOMER#{customerId}}</td><td>{@code PROFILE}</td><td>customer by id, customer with orders</td></tr>
 *   <tr><td>GSI1</td><td>{@code EMAIL#{email}}</td><td>{@code CUSTOMER#{customerId}}</td><td>customer by email</td></tr>
 * </table>
 */
public record Customer(String customerId, String name, String email, Instant createdAt) implements CustomerItems {

    public static final Attribute<Customer, String> CUSTOMER_ID =
            Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    public static final Attribute<Customer, String> NAME =
            Attribute.required("name", AttributeTypes.STRING, Customer::name);
    public static final Attribute<Customer, String> EMAIL =
            Attribute.required("email", AttributeTypes.STRING, Customer::email);
    public static final Attribute<Customer, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, Customer::createdAt);

    public static final EntitySchema<Customer> SCHEMA = EntitySchema.builder(Customer.class)
            .type("Customer")
            .attributes(CUSTOMER_ID, NAME, EMAIL, CREATED_AT)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE")
            .index("GSI1", "EMAIL#{email}", "CUSTOMER#{customerId}")
            .factory(item -> new Customer(item.get(CUSTOMER_ID), item.get(NAME), item.get(EMAIL), item.get(CREATED_AT)))
            .build();
}
