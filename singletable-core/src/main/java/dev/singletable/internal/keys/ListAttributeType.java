package dev.singletable.internal.keys;

import dev.singletable.AttributeType;

/**
 * An attribute type of lists whose elements are all of one type: a list of strings fills a key slot as a
 * hierarchy path ({@link BoundKeyTemplate#isPath}). Implemented by codec's list type; declared here so that
 * keys does not depend on codec.
 */
public interface ListAttributeType {
    /** The type of every element. */
    AttributeType<?> element();
}
