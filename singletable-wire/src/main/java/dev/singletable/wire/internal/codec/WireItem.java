package dev.singletable.wire.internal.codec;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One item as the wire codec read it: its attributes are a run of its page's {@link WireNodes}. As a {@code Map}, it
 * builds an {@code AttributeValue} per attribute when asked (only the attributes read: no tree of the whole page), so
 * the core's one decode path, and every other reader of items (TTL, entity type, cursors, projections, the
 * unmapped-attributes bag), works on it unchanged. Read by one thread at a time, as a page is.
 */
final class WireItem extends AbstractMap<String, AttributeValue> {
    public static final byte S = WireNodes.S;
    public static final byte N = WireNodes.N;
    public static final byte B = WireNodes.B;
    public static final byte BOOL = WireNodes.BOOL;
    public static final byte NULL = WireNodes.NULL;
    public static final byte SS = WireNodes.SS;
    public static final byte NS = WireNodes.NS;
    public static final byte BS = WireNodes.BS;
    public static final byte L = WireNodes.L;
    public static final byte M = WireNodes.M;

    private final WireNodes nodes;
    private final int start;
    private final int end;
    private final int size;

    WireItem(WireNodes nodes, int start, int end, int size) {
        this.nodes = nodes;
        this.start = start;
        this.end = end;
        this.size = size;
    }

    // The values of the item's page, by node: an attribute's node comes from indexOf, the elements of a map, list or
    // set follow it (from node + 1, each next(element) on, to next(node)). Readers of the whole page, not only this item.

    public byte kind(int node) {
        return nodes.kind(node);
    }

    /** The attribute or map key of the node. */
    public String name(int node) {
        return nodes.name(node);
    }

    /** True for {@code {"NULL": true}}, which every reader takes as an absent value. */
    public boolean isNull(int node) {
        return nodes.isNull(node);
    }

    public boolean bool(int node) {
        return nodes.bool(node);
    }

    /** The number of elements of a map, list or set. */
    public int size(int node) {
        return nodes.size(node);
    }

    /** The node after this one and its elements. */
    public int next(int node) {
        return nodes.next(node);
    }

    /** The text of an S, N or B node as a new string. */
    public String string(int node) {
        return nodes.string(node);
    }

    /** The text of an S, N or B node without a copy, valid until the next {@code text} or {@code chars} on the page. */
    public CharSequence text(int node) {
        return nodes.text(node);
    }

    public int textLength(int node) {
        return nodes.textLength(node);
    }

    /** The text's characters from index 0 of an array shared by the page, valid until the next {@code text} or {@code chars}. */
    public char[] chars(int node) {
        return nodes.chars(node);
    }

    /** True when the node is a String (S) of exactly this text. */
    public boolean textEquals(int node, String text) {
        return nodes.textEquals(node, text);
    }

    /** The node as the SDK's {@code AttributeValue}, built on each call. */
    public AttributeValue attributeValue(int node) {
        return nodes.attributeValue(node);
    }

    /** The node of an attribute, or -1 when the item lacks it. */
    public int indexOf(String name) {
        // attribute names are the parser's canonical (interned) strings, and an entity's attribute names are constants of
        // its schema, so the name asked for is most often the very string: a pass comparing references first, then one by text
        for (int node = start; node < end; node = nodes.next(node)) {
            if (nodes.name(node) == name) {
                return node;
            }
        }
        for (int node = start; node < end; node = nodes.next(node)) {
            if (nodes.name(node).equals(name)) {
                return node;
            }
        }
        return -1;
    }

    @Override
    public AttributeValue get(Object name) {
        if (!(name instanceof String text)) {
            return null;
        }
        int node = indexOf(text);
        return node < 0 ? null : nodes.attributeValue(node);
    }

    @Override
    public boolean containsKey(Object name) {
        return name instanceof String text && indexOf(text) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Map.Entry<String, AttributeValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, AttributeValue>> iterator() {
                return new Iterator<>() {
                    private int next = start;

                    @Override
                    public boolean hasNext() {
                        return next < end;
                    }

                    @Override
                    public Map.Entry<String, AttributeValue> next() {
                        if (next >= end) {
                            throw new NoSuchElementException();
                        }
                        int node = next;
                        next = nodes.next(node);
                        return new SimpleImmutableEntry<>(nodes.name(node), nodes.attributeValue(node));
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
