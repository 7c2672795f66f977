package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

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
@Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
@Index(name = "GSI1", pk = "EMAIL#{email}", sk = "CUSTOMER#{customerId}")
public record Customer(String customerId,
                       @Attribute(required = true) String name,
                       @Attribute(required = true) String email,
                       @Attribute(required = true) Instant createdAt)
        implements CustomerItems {
}
