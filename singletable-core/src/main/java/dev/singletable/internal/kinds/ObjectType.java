package dev.singletable.internal.kinds;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.IndefiniteArticle;
import dev.singletable.extension.ItemCodec;
import dev.singletable.ItemReader;
import dev.singletable.SchemaDefinitionException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** A value object stored as M: each of its attributes is an entry. See {@code AttributeTypes.object}. */
final class ObjectType<V> implements AttributeType<V> {
    private final String typeName;
    private final Attribute<V, ?>[] attributes;
    private final Function<ItemReader, V> factory;
    /** Straight-line code for the same attributes, or null: see {@code AttributeTypes.object(..., ItemCodec)}. */
    private final ItemCodec<V> codec;

    @SuppressWarnings("unchecked")
    public ObjectType(String typeName, List<Attribute<V, ?>> attributes, Function<ItemReader, V> factory, java.util.Optional<ItemCodec<V>> codec) {
        this.typeName = typeName;
        this.attributes = (Attribute<V, ?>[]) attributes.toArray(new Attribute<?, ?>[0]);
        this.factory = factory;
        this.codec = attributes.stream().anyMatch(Attribute::hasValueOptions) ? null : codec.orElse(null);
        if (attributes.isEmpty()) {
            throw new SchemaDefinitionException(typeName + ": a nested object needs at least one attribute");
        }
        Set<String> names = new HashSet<>();
        for (Attribute<V, ?> attribute : attributes) {
            if (!names.add(attribute.name())) {
                throw new SchemaDefinitionException(typeName + ": attribute '" + attribute.name()
                        + "' is declared twice; give each attribute its own name");
            }
        }
    }

    @Override
    public String typeName() {
        return typeName;
    }

    /** The attributes stored as the map's entries, as declared; paths into the object ({@code HOME.then(CITY)}) read them. */
    public List<Attribute<V, ?>> attributes() {
        return List.of(attributes);
    }

    @Override
    public AttributeValue toAttributeValue(V value) {
        Map<String, AttributeValue> map = new HashMap<>(attributes.length * 4 / 3 + 1);
        if (codec != null) {
            try {
                codec.encode(value, map);
                return AttributeValue.fromM(map);
            } catch (RuntimeException e) {
                // the attributes below say precisely what is wrong, and write the same map when nothing is
                map.clear();
            }
        }
        for (Attribute<V, ?> attribute : attributes) {
            put(map, value, attribute);
        }
        return AttributeValue.fromM(map);
    }

    private <A> void put(Map<String, AttributeValue> map, V value, Attribute<V, A> attribute) {
        A element;
        try {
            element = attribute.valueOf(value);
        } catch (ClassCastException e) {
            throw new IllegalArgumentException(JavaValues.notA(value, this), e);
        }
        if (element == null && attribute.isNullable()) {
            map.put(attribute.name(), AttributeValue.fromNul(true));
            return;
        }
        if (element == null && attribute.defaultValue().isPresent()) {
            element = attribute.defaultValue().get();
        }
        if (element == null) {
            if (attribute.isRequired()) {
                throw new IllegalArgumentException(typeName + "." + attribute.name() + " is null but required");
            }
            return;
        }
        for (dev.singletable.AttributeRule rule : attribute.rules()) {
            java.util.Optional<String> broken = rule.violation(element);
            if (broken.isPresent()) {
                throw new IllegalArgumentException(typeName + "." + attribute.name() + ": " + broken.get() + " (rule: " + rule + ")");
            }
        }
        try {
            if (attribute.type().isOmitted(element)) {
                return;
            }
            map.put(attribute.name(), attribute.type().toAttributeValue(element));
        } catch (ClassCastException e) {
            throw new IllegalArgumentException(typeName + "." + attribute.name() + ": " + JavaValues.notA(element, attribute.type()), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(typeName + "." + attribute.name() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public V fromAttributeValue(AttributeValue value) {
        if (!value.hasM()) {
            throw ScalarType.wrongShape("a Map (M) holding " + IndefiniteArticle.before(typeName), value);
        }
        MapReader reader = new MapReader(value.m());
        if (codec != null) {
            try {
                return codec.decode(reader.map, reader);
            } catch (RuntimeException e) {
                // the factory's reader says precisely what is wrong, and builds the same value when nothing is
            }
        }
        return factory.apply(reader);
    }

    /** Reads the attributes of one stored map, adding the type and attribute to every error. */
    private final class MapReader implements ItemReader {
        private final Map<String, AttributeValue> map;

        MapReader(Map<String, AttributeValue> map) {
            this.map = map;
        }

        @Override
        public <A> A get(Attribute<?, A> attribute) {
            AttributeValue stored = map.get(attribute.name());
            if (Kind.isMissing(stored)) {
                return Kind.missingValue(attribute, stored, () -> new IllegalArgumentException(typeName + " lacks required attribute '"
                        + attribute.name() + "'"));
            }
            try {
                return attribute.type().fromAttributeValue(stored);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(typeName + "." + attribute.name() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public boolean has(Attribute<?, ?> attribute) {
            return !Kind.isMissing(map.get(attribute.name()));
        }
    }

    @Override
    public String toString() {
        return typeName;
    }
}
