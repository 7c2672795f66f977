package dev.singletable.examples.spring;

import dev.singletable.annotations.Entity;

@Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
public record Customer(String customerId, String name) {
}
