package dev.singletable.internal;

import dev.singletable.AttributeType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** A built-in attribute type that can also fill key slots. */
public final class ScalarType<V> implements AttributeType<V>, KeyableType<V> {
    private final String typeName;
    private final Function<V, AttributeValue> writer;
    private final Function<AttributeValue, V> reader;
    private final BiFunction<Optional<String>, KeyRole, SlotCodec<V>> slots;

    public ScalarType(String typeName, Function<V, AttributeValue> writer, Function<AttributeValue, V> reader,
                      BiFunction<Optional<String>, KeyRole, SlotCodec<V>> slots) {
        this.typeName = typeName;
        this.writer = writer;
        this.reader = reader;
        this.slots = slots;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    @Override
    public AttributeValue toAttributeValue(V value) {
        return writer.apply(value);
    }

    @Override
    public V fromAttributeValue(AttributeValue value) {
        return reader.apply(value);
    }

    @Override
    public SlotCodec<V> slotCodec(Optional<String> format, KeyRole role) {
        return slots.apply(format, role);
    }

    @Override
    public String toString() {
        return typeName;
    }

    /** Reads the S member, failing with the type found when it is absent. */
    public static String s(AttributeValue value) {
        if (value.s() == null) {
            throw wrongShape("a String (S)", value);
        }
        return value.s();
    }

    /** Reads the N member, failing with the type found when it is absent. */
    public static String n(AttributeValue value) {
        if (value.n() == null) {
            throw wrongShape("a Number (N)", value);
        }
        return value.n();
    }

    public static IllegalArgumentException wrongShape(String expected, AttributeValue found) {
        return new IllegalArgumentException("expected " + expected + " but the item holds " + describe(found));
    }

    /** A short description of a stored value for messages: its DynamoDB type and a preview. */
    public static String describe(AttributeValue value) {
        String text = String.valueOf(value);
        if (text.length() > 80) {
            text = text.substring(0, 80) + "…";
        }
        return value.type() + " " + text;
    }
}
