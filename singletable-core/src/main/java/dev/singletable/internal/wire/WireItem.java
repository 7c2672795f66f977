package dev.singletable.internal.wire;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One item as the wire codec read it: its attributes are a run of its page's {@link WireNodes}, which an entity
 * decoder reads without an {@code AttributeValue}. As a {@code Map}, it builds an {@code AttributeValue} per
 * attribute when asked, so every reader of items (TTL, entity type, cursors, projections, the unmapped-attributes
 * bag) works on it unchanged. Read by one thread at a time, as a page is.
 */
public final class WireItem extends AbstractMap<String, AttributeValue> {
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

    /** The nodes of the item's page. */
    public WireNodes nodes() {
        return nodes;
    }

    /** The node of an attribute, or -1 when the item lacks it. */
    public int indexOf(String name) {
        for (int node = start; node < end; node = nodes.next(node)) {
            String own = nodes.name(node);
            // attribute names are canonical strings of the parser's symbol table, often the very string asked for
            if (own == name || own.equals(name)) {
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
