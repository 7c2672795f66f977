package dev.singletable.internal.codec;

import dev.singletable.internal.wire.WireItem;

/**
 * An attribute type that reads a value straight from the wire codec's page, with no {@code AttributeValue} in
 * between; it gives exactly what its {@code fromAttributeValue} gives for the same stored value, and the same
 * exception when that refuses it.
 */
interface WireReadable<V> {
    /** The value of a node (of the item's page) that is not {@code NULL}. */
    V fromWire(WireItem item, int node);
}
