package shop;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Naming;

import java.math.BigDecimal;

/** A class with a constructor taking its properties. */
@Entity(pk = "PRODUCT#{sku}", sk = "PRODUCT", naming = Naming.PASCAL_CASE)
public final class Product {
    private final String sku;
    private final BigDecimal unitPrice;

    public Product(String sku, BigDecimal unitPrice) {
        this.sku = sku;
        this.unitPrice = unitPrice;
    }

    public String sku() {
        return sku;
    }

    public BigDecimal unitPrice() {
        return unitPrice;
    }
}
