package dev.singletable.processor.it.patterns;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

@Entity(pk = "SHOPPER#{shopperId}", sk = "PROFILE")
@Index(name = "GSI1", pk = "EMAIL#{email}", sk = "SHOPPER")
public record Shopper(String shopperId, String email, String name, int points) implements ShopperItems {
}
