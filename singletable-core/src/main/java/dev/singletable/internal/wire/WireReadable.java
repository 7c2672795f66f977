package dev.singletable.internal.wire;

/**
 * An attribute type that reads a value straight from the wire codec's nodes, with no {@code AttributeValue} in
 * between; it gives exactly what its {@code fromAttributeValue} gives for the same stored value, and the same
 * exception when that refuses it.
 */
public interface WireReadable<V> {
    /** The value of a node that is not {@code NULL}. */
    V fromWire(WireNodes nodes, int node);
}
