package shop;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Naming;

@Embeddable(naming = Naming.SNAKE_CASE)
public record Address(String street, String postalCode, @Attribute(required = true) String city) {
}
