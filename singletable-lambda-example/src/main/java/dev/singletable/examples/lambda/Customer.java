package dev.singletable.examples.lambda;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;

/** A customer's profile: the function's one entity. */
@Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
public record Customer(String customerId, @Attribute(required = true) String name) {
}
