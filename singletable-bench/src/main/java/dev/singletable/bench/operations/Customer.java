package dev.singletable.bench.operations;

import dev.singletable.annotations.Entity;

import java.time.Instant;

/** A customer's profile, at the head of the customer's partition. */
@Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
public record Customer(String customerId, String name, String email, Instant createdAt) implements CustomerItems {
}
