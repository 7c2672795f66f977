package dev.singletable.processor.it;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Embeddable;

@Embeddable
public record Address(String street, @Attribute(required = true) String city) {
}
