package dev.singletable.bench.operations;

import dev.singletable.annotations.Entity;

/** A delivery address of a customer, the third entity type of the collection query. */
@Entity(pk = "CUSTOMER#{customerId}", sk = "ADDRESS#{label}")
public record Address(String customerId, String label, String street, String city, String zip) implements CustomerItems {
}
