package dev.singletable.processor.it;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;

/** Templates with literal braces, a format and slots naming renamed properties. */
@Entity(pk = "{{STAMP}}#{stampId}", sk = "NO#{number:%05d}#{{v}}")
public record Stamp(@Attribute(name = "id") String stampId, @Attribute(name = "no") int number) {
}
