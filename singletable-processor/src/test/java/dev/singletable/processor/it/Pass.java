package dev.singletable.processor.it;

import dev.singletable.annotations.AttributeBag;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Ignore;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

/** One-way ignored properties beside an attribute bag, which holds only what the entity does not declare. */
@Entity(pk = "PASS#{passId}", sk = "PASS")
public record Pass(String passId, @Ignore(Ignore.Direction.WRITE) String legacyCode, @Ignore(Ignore.Direction.READ) String auditNote,
                   @AttributeBag Map<String, AttributeValue> extra) {
}
