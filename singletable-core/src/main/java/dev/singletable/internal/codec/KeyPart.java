package dev.singletable.internal.codec;

import dev.singletable.Attribute;
import dev.singletable.IndefiniteArticle;
import dev.singletable.KeyType;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.kinds.ScalarType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

/** One key attribute of the table or an index, and the template that fills it: how its value is made from an entity or key values. */
record KeyPart<T>(String attribute, KeyType type, BoundKeyTemplate<T> template, KeyPart.Source source, KeyPart<T> primary,
                  String where) {

    /** How a key attribute gets its value from the entity's template; see docs/index-shapes-api.md. */
    enum Source {
        /** The template's text (an S key). */
        COMPOSED,
        /** The one slot's attribute value, written under the key attribute (an N or B key). */
        VALUE,
        /** The one slot's attribute is stored under the key attribute's name: it is the key, nothing extra is written. */
        OWN,
        /** An index key attribute that is a table key attribute: the primary key's value, nothing extra is written. */
        TABLE_KEY
    }

    boolean written() {
        return source == Source.COMPOSED || source == Source.VALUE;
    }

    @SuppressWarnings("unchecked")
    Attribute<T, Object> slot() {
        return (Attribute<T, Object>) template.attributes().get(0);
    }

    /** The key value, or null when a slot of the entity is null. */
    AttributeValue valueOrNull(T entity) {
        return switch (source) {
            case COMPOSED -> {
                String text = template.composeOrNull(entity);
                yield text == null ? null : AttributeValue.fromS(text);
            }
            case VALUE, OWN -> {
                Object value = slot().valueOf(entity);
                yield value == null ? null : stored(value);
            }
            case TABLE_KEY -> primary.valueOrNull(entity);
        };
    }

    AttributeValue value(T entity) {
        if (source == Source.COMPOSED) {
            return AttributeValue.fromS(template.compose(entity));
        }
        AttributeValue value = valueOrNull(entity);
        if (value == null) {
            template.compose(entity); // fails naming the null slot
            throw new ValidationException(where + " template '" + template.template().text() + "' needs attribute '"
                    + slot().name() + "', which is null; give it a value (key attributes are required)");
        }
        return value;
    }

    AttributeValue value(KeyValues values) {
        return switch (source) {
            case COMPOSED -> AttributeValue.fromS(template.compose(values));
            case VALUE, OWN -> stored(values.value(slot().name()).orElseThrow(() -> new ValidationException(where + " template '"
                    + template.template().text() + "' needs a value for '" + slot().name() + "'; given: " + values.asMap().keySet())));
            case TABLE_KEY -> primary.value(values);
        };
    }

    /**
     * The slot values this key attribute's stored value was made from, put into {@code values}: the template's slots
     * parsed from composed text, or the one slot's own value; nothing for a table key an index reuses.
     *
     * @throws dev.singletable.KeyTemplateException when the stored value is not one this part writes
     */
    void parse(AttributeValue stored, Map<String, Object> values) {
        Map<String, Object> parsed = switch (source) {
            case COMPOSED -> {
                if (stored.s() == null) {
                    throw mismatch("writes text, but " + attribute + " holds " + ScalarType.describe(stored));
                }
                yield template.parse(stored.s());
            }
            case VALUE, OWN -> {
                try {
                    yield Map.of(slot().name(), slot().type().fromAttributeValue(stored));
                } catch (RuntimeException e) {
                    throw mismatch("reads " + slot().name() + " (" + slot().type().typeName() + ") from " + attribute + ", which holds "
                            + ScalarType.describe(stored));
                }
            }
            case TABLE_KEY -> Map.of(); // the table's key part reads it
        };
        parsed.forEach((name, value) -> {
            Object before = values.putIfAbsent(name, value);
            if (before != null && !before.equals(value)) {
                throw mismatch("reads " + name + " = " + value + " from " + attribute + ", but " + before + " from another key attribute");
            }
        });
    }

    private dev.singletable.KeyTemplateException mismatch(String reason) {
        return new dev.singletable.KeyTemplateException(where + " template '" + template.template().text() + "' " + reason);
    }

    /** The attribute's own stored value, which must be of the key's type. */
    AttributeValue stored(Object value) {
        AttributeValue stored;
        try {
            stored = slot().type().toAttributeValue(value);
        } catch (ClassCastException e) {
            throw new ValidationException(where + " template '" + template.template().text() + "': value " + value + " ("
                    + value.getClass().getSimpleName() + ") for '" + slot().name() + "' is not " + IndefiniteArticle.before(slot().type().typeName()), e);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ValidationException(where + " template '" + template.template().text() + "', slot {" + slot().name()
                    + "}: " + e.getMessage(), e);
        }
        boolean fits = switch (type) {
            case S -> stored.s() != null;
            case N -> stored.n() != null;
            case B -> stored.b() != null;
        };
        if (!fits) {
            throw new ValidationException(where + ": attribute '" + slot().name() + "' (" + slot().type().typeName()
                    + ") is stored as " + ScalarType.describe(stored) + ", but key attribute '" + attribute + "' is of type " + type
                    + "; DynamoDB would refuse the item: give the attribute a type stored as " + type);
        }
        return stored;
    }

    /**
     * Refuses an attribute's own value as this key's value where DynamoDB would: an empty string or binary, or one over
     * the key's length (2,048 bytes in a partition key, 1,024 in a sort key). Composed keys are checked as they are
     * composed ({@code KeyComposer}); a value stored as it is is checked here.
     */
    void checkKeyValue(AttributeValue value) {
        KeyRole role = template.role();
        int bytes;
        if (value.s() != null) {
            bytes = BoundKeyTemplate.utf8Length(value.s());
        } else if (value.b() != null) {
            bytes = value.b().asByteArrayUnsafe().length;
        } else {
            return;
        }
        String what = where + (source == Source.OWN ? " is attribute '" + attribute + "'"
                : " '" + attribute + "' takes the value of attribute '" + slot().name() + "'");
        if (bytes == 0) {
            throw new ValidationException(what + ", which is empty; DynamoDB key values can never be empty: give it a value (or null, "
                    + "which leaves the item out of a sparse index)");
        }
        if (bytes > role.maxBytes()) {
            String shown = value.s() != null ? " ('" + prefix(value.s()) + "…')" : "";
            throw new ValidationException(what + ", whose value is " + bytes + " bytes" + shown + "; DynamoDB allows at most "
                    + role.maxBytes() + " bytes in a " + role.description() + ": shorten the value of " + slot().name());
        }
    }

    /**
     * Refuses an empty text value in a slot of this composed key: {@code PRODUCT#{sku}} with an empty sku would write
     * {@code PRODUCT#}, the template's literal text alone, which reads as every sku's prefix rather than a value.
     * A slot of another type never gives empty text.
     */
    void checkSlotsNotEmpty(T entity, boolean index) {
        for (Attribute<T, ?> slot : template.attributes()) {
            if (slot.valueOf(entity) instanceof CharSequence text && text.length() == 0) {
                throw emptySlot(slot.name(), index);
            }
        }
    }

    /** As {@link #checkSlotsNotEmpty}, for one attribute's value, when it is a slot of this key. */
    void checkSlotNotEmpty(String attribute, Object value, boolean index) {
        if (value instanceof CharSequence text && text.length() == 0 && template.hasSlot(attribute)) {
            throw emptySlot(attribute, index);
        }
    }

    private ValidationException emptySlot(String name, boolean index) {
        return ValidationException.ofAttribute(name, where + " template '" + template.template().text() + "': attribute '" + name
                + "' is empty, and a key slot needs text (an empty one would leave the template's literal text alone in its place); "
                + "give " + name + " a value" + (index ? ", or null to leave the item out of this index" : ""));
    }

    private static String prefix(String text) {
        int end = Math.min(40, text.length());
        if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }
}
