package dev.singletable.wire.internal.codec;

import dev.singletable.internal.page.StoredItem;
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
 * every reader of items (TTL, entity type, cursors, projections, the unmapped-attributes bag) works on it unchanged;
 * as the core's {@link StoredItem}, it gives the text of a String or Number in place, which the core's one decode path
 * parses without an {@code AttributeValue}. Read by one thread at a time, as a page is.
 */
final class WireItem extends AbstractMap<String, AttributeValue> implements StoredItem {
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

    @Override
    public int find(String name) {
        return indexOf(name);
    }

    @Override
    public String storedAs(int place) {
        return WireNodes.typeName(nodes.kind(place));
    }

    @Override
    public CharSequence text(int place) {
        return nodes.text(place);
    }

    @Override
    public int after(int place) {
        return nodes.next(place); // a list's elements are the nodes that follow it
    }

    /** The node of an attribute, or -1 when the item lacks it. */
    int indexOf(String name) {
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
