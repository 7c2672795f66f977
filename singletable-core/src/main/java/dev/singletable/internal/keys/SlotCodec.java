package dev.singletable.internal.keys;

/**
 * Turns a slot's value into key text and back. {@code decode(encode(v))} equals {@code v}
 * (up to the precision the slot's format keeps); both throw {@link IllegalArgumentException}
 * with the reason when they cannot.
 */
public interface SlotCodec<V> {
    String encode(V value);

    V decode(String text);
}
