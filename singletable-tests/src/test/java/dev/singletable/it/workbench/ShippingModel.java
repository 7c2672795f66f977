package dev.singletable.it.workbench;

import dev.singletable.TableSchema;
import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.TableDesign;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Seed 000's customers with embedded addresses: one record, a map and a list of them, and a record inside the
 * record; the processor writes them as the schema file's types.
 */
@TableDesign(name = "Shipping", entities = ShippingModel.Customer.class)
final class ShippingModel {
    private ShippingModel() {
    }

    @Embeddable
    record Geo(@Attribute(required = true) BigDecimal lat, @Attribute(required = true) BigDecimal lon) {
    }

    @Embeddable
    record Address(@Attribute(required = true) String street, @Attribute(required = true) String city, Geo geo) {
    }

    @Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE")
    record Customer(String customerId, String name, Address shippingAddress, Map<String, Address> addresses, List<Address> pastAddresses) {
    }

    static final TableSchema SHIPPING = ShippingModelDesign.SCHEMA;
}
