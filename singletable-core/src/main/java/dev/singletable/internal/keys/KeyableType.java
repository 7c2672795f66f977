package dev.singletable.internal.keys;

import java.util.Optional;

/**
 * An attribute type whose values can fill a key template slot. Built-in scalar types
 * implement it; the codec chosen depends on the slot's format and on whether the template
 * fills a sort key, where the encoding must keep value order as string order.
 */
public interface KeyableType<V> {
    /** Throws {@link IllegalArgumentException} explaining why the format does not fit this type. */
    SlotCodec<V> slotCodec(Optional<String> format, KeyRole role);
}
