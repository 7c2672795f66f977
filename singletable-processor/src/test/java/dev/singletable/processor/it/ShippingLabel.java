package dev.singletable.processor.it;

import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Naming;

@Embeddable(naming = Naming.PASCAL_CASE)
public record ShippingLabel(String streetLine, String postalCode) {
}
