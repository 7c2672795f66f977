package dev.singletable.internal.codec;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** An attribute of an entity's attribute bag, named for updates and conditions (see {@code Attribute.inBag}). */
public final class BagAttribute {
    private BagAttribute() {
    }

    /** The attribute {@code name} of the entity's bag, read from the bag as any stored value; refused where it keeps none or declares the name. */
    public static <T> Attribute<T, Object> of(EntitySchema<T> entity, String name) {
        String type = entity.type();
        Optional<Function<? super T, Map<String, AttributeValue>>> bag = entity.attributeBag();
        boolean declared = entity.attribute(name).isPresent();
        boolean readOnly = entity.readOnlyAttributes().contains(name);
        if (bag.isEmpty()) {
            throw new ValidationException(type + ": '" + name + "' cannot be an attribute of its attribute bag, as " + type
                    + " keeps none; declare " + name + " as an attribute of " + type + ", or give " + type + " an attribute bag "
                    + "(attributeBag: true in a schema file, Builder.attributeBag in Java)");
        }
        if (name.isEmpty() || declared || readOnly) {
            throw new ValidationException(type + ": '" + name + "' cannot be an attribute of its attribute bag: "
                    + (name.isEmpty() ? "DynamoDB refuses an empty attribute name"
                    : declared ? type + " declares " + name + "; use attribute(\"" + name + "\")"
                    : name + " is a read-only attribute of " + type + ", which " + type + " never writes"));
        }
        Function<? super T, Map<String, AttributeValue>> accessor = bag.get();
        return Attribute.of(name, AttributeTypes.DOCUMENT_VALUE, item -> {
            Map<String, AttributeValue> held = accessor.apply(item);
            AttributeValue value = held == null ? null : held.get(name);
            return value == null ? null : AttributeTypes.DOCUMENT_VALUE.fromAttributeValue(value);
        });
    }
}
