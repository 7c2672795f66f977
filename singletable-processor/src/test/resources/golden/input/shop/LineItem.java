package shop;

import dev.singletable.annotations.Embeddable;

import java.math.BigDecimal;

@Embeddable
public record LineItem(String sku, int quantity, BigDecimal price) {
}
