package dev.singletable.processor.it.patterns;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.math.BigDecimal;
import java.time.Instant;

@Entity(pk = "SHOPPER#{shopperId}", sk = "PURCHASE#{placedAt}#{purchaseId}")
@Index(name = "GSI1", pk = "STATUS#{status}", sk = "{placedAt}")
@Index(name = "GSI2", pk = "PURCHASE#{purchaseId}", sk = "PURCHASE")
@Index(name = "LSI1", pk = "SHOPPER#{shopperId}", sk = "TOTAL#{total:%010.2f}")
public record Purchase(String shopperId, String purchaseId, Instant placedAt, @Attribute(required = true) PurchaseStatus status,
                       @Attribute(required = true) BigDecimal total, String note) implements ShopperItems {
}
