package dev.singletable.processor.it.readme;

import dev.singletable.annotations.Entity;

@Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
public record Customer(String customerId, String name) implements CustomerItems {
}
