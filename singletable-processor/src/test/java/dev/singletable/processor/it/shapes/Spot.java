package dev.singletable.processor.it.shapes;

import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Pattern;

/** An embedded record with a validated attribute, held in lists and maps. */
@Embeddable
public record Spot(String name, @Pattern("[0-9]{5}") String zip) {
}
