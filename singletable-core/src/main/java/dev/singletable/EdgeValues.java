package dev.singletable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The attributes of a relation's edge itself (seed 000's membership {@code JoinDate} and {@code Role}),
 * given to {@code relate} and read back from each {@link Adjacency}: values of the relation's
 * {@link Relation.Builder#edge edge attributes}, written onto both adjacency items. Immutable;
 * {@code and} returns a new instance.
 *
 * <pre>{@code
 * static final Attribute<DynamicItem, LocalDate> JOIN_DATE = Relation.edgeAttribute("JoinDate", AttributeTypes.LOCAL_DATE);
 * static final Attribute<DynamicItem, String> ROLE = Relation.edgeAttribute("Role", AttributeTypes.STRING);
 *
 * table.relate(ada, admins, MEMBERSHIP, EdgeValues.of(JOIN_DATE, LocalDate.of(2025, 1, 1)).and(ROLE, "ADMIN"));
 * }</pre>
 */
@Experimental
public final class EdgeValues {
    private static final EdgeValues NONE = new EdgeValues(Map.of(), Map.of());
    private final Map<String, Attribute<DynamicItem, ?>> attributes;
    private final Map<String, Object> values;

    private EdgeValues(Map<String, Attribute<DynamicItem, ?>> attributes, Map<String, Object> values) {
        this.attributes = attributes;
        this.values = values;
    }

    /** No edge values: what {@code relate} without them writes. */
    public static EdgeValues none() {
        return NONE;
    }

    public static <V> EdgeValues of(Attribute<DynamicItem, V> attribute, V value) {
        NullArgumentException.check("EdgeValues.of", "attribute", attribute);
        if (value == null) {
            throw new NullArgumentException("EdgeValues.of", "value", "edge attribute '" + attribute.name()
                    + "' needs a value; leave it out to write none");
        }
        return NONE.and(attribute, value);
    }

    /** @throws ValidationException when the attribute is given twice */
    public <V> EdgeValues and(Attribute<DynamicItem, V> attribute, V value) {
        NullArgumentException.check("EdgeValues.and", "attribute", attribute);
        if (value == null) {
            throw new NullArgumentException("EdgeValues.and", "value", "edge attribute '" + attribute.name()
                    + "' needs a value; leave it out to write none");
        }
        if (values.containsKey(attribute.name())) {
            throw new ValidationException("Edge value for '" + attribute.name() + "' is given twice (" + values.get(attribute.name())
                    + " and " + value + ")");
        }
        Map<String, Attribute<DynamicItem, ?>> moreAttributes = new LinkedHashMap<>(attributes);
        Map<String, Object> moreValues = new LinkedHashMap<>(values);
        moreAttributes.put(attribute.name(), attribute);
        moreValues.put(attribute.name(), value);
        return new EdgeValues(Collections.unmodifiableMap(moreAttributes), Collections.unmodifiableMap(moreValues));
    }

    /** The value given for the attribute, typed. */
    public <V> Optional<V> value(Attribute<DynamicItem, V> attribute) {
        NullArgumentException.check("EdgeValues.value", "attribute", attribute);
        return Optional.ofNullable(castUnchecked(values.get(attribute.name()))); // given through the attribute's own type
    }

    /** The attribute constants the values were given with, by name, in the order given. */
    public Map<String, Attribute<DynamicItem, ?>> attributes() {
        return attributes;
    }

    /** Attribute name to value, in the order given. */
    public Map<String, Object> asMap() {
        return values;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static <V> V castUnchecked(Object value) {
        return (V) value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EdgeValues other && other.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
