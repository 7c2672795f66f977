package dev.singletable.wire.internal.codec;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SDK's {@code AttributeValue}s of one page's nodes, built when the core reads them: the core decodes items one
 * way, from {@code AttributeValue} maps, so this is what reading a page costs beyond its nodes. Two things keep that
 * cost near the reading of nodes in place that the core no longer has:
 * <ul>
 * <li>A text the page repeats (the entity type, the partition's key values on a query page, an enum's names, a list's
 * common elements) is one {@code AttributeValue} and one {@code String} for the whole page, found by its characters in
 * a small table: {@code AttributeValue} is immutable, so items may share it. The table is lossy (a text takes the slot
 * of another that hashes alike), so its memory is bounded whatever the page holds.</li>
 * <li>{@code true}, {@code false}, {@code NULL}, the empty list and the empty map are one value each.</li>
 * <li>Each type of value is built by one builder per page, given the next value and built again: the SDK's
 * {@code fromS}, {@code fromL} and the like allocate a builder and its set of types per value, more than an S value
 * itself. A builder only ever given values of one type builds values of that type, each holding what it was given
 * (the SDK copies a list, set or map it is given, so the elements are collected in lists and maps reused too).</li>
 * </ul>
 * A page is read by one thread at a time, most often the one that asked for it first, which owns the builders; a value
 * asked for on another thread is built the SDK's way ({@code fromS} and the like), so no two threads share a builder.
 */
final class PageValues {
    private static final AttributeValue TRUE = AttributeValue.fromBool(true);
    private static final AttributeValue FALSE = AttributeValue.fromBool(false);
    private static final AttributeValue NULL = AttributeValue.fromNul(true);
    private static final AttributeValue EMPTY_LIST = AttributeValue.fromL(List.of());
    private static final AttributeValue EMPTY_MAP = AttributeValue.fromM(Map.of());

    private final WireNodes nodes;
    private final Thread owner = Thread.currentThread();
    /** S and N values by a hash of their text; each is checked against the node asked for by its own text. */
    private final AttributeValue[] shared;
    /** A builder per node kind, made when first needed; each is only ever given values of its kind. */
    private final AttributeValue.Builder[] builders = new AttributeValue.Builder[WireNodes.M + 1];
    /** The elements of the list or map being built at each depth (the SDK copies them). */
    private final List<List<AttributeValue>> lists = new ArrayList<>();
    private final List<Map<String, AttributeValue>> maps = new ArrayList<>();
    private final List<String> texts = new ArrayList<>();
    private final List<SdkBytes> binaries = new ArrayList<>();

    PageValues(WireNodes nodes, int nodeCount) {
        this.nodes = nodes;
        this.shared = new AttributeValue[WireNodes.slots(nodeCount)];
    }

    /** The node as the SDK's {@code AttributeValue}. */
    AttributeValue of(int node) {
        return Thread.currentThread() == owner ? of(node, 0) : PageValues.built(nodes, node);
    }

    private AttributeValue of(int node, int depth) {
        byte kind = nodes.kind(node);
        switch (kind) {
            case WireNodes.S:
            case WireNodes.N:
                return text(kind, node);
            case WireNodes.B:
                return builder(kind).b(bytes(nodes, node)).build();
            case WireNodes.BOOL:
                return nodes.bool(node) ? TRUE : FALSE;
            case WireNodes.NULL:
                return NULL;
            case WireNodes.SS:
                return builder(kind).ss(strings(node, texts)).build();
            case WireNodes.NS:
                return builder(kind).ns(strings(node, texts)).build();
            case WireNodes.BS:
                return builder(kind).bs(binaries(node, binaries)).build();
            case WireNodes.L:
                return list(node, depth);
            case WireNodes.M:
                return map(node, depth);
            default:
                throw new IllegalStateException("node kind " + kind);
        }
    }

    /** An S or N value: the page's value of the same text when the table has it, else a new one (then kept there). */
    private AttributeValue text(byte kind, int node) {
        int hash = nodes.textHash(node) * 31 + kind;
        int slot = (hash ^ (hash >>> 16)) & (shared.length - 1);
        AttributeValue known = shared[slot];
        if (known != null) {
            String text = kind == WireNodes.S ? known.s() : known.n();
            if (text != null && nodes.sameText(node, text)) {
                return known;
            }
        }
        AttributeValue value = kind == WireNodes.S ? builder(kind).s(nodes.string(node)).build()
                : builder(kind).n(nodes.string(node)).build();
        shared[slot] = value;
        return value;
    }

    private AttributeValue list(int node, int depth) {
        if (nodes.size(node) == 0) {
            return EMPTY_LIST;
        }
        while (lists.size() <= depth) {
            lists.add(new ArrayList<>());
        }
        List<AttributeValue> list = lists.get(depth);
        for (int element = node + 1; element < nodes.end(node); element = nodes.next(element)) {
            list.add(of(element, depth + 1));
        }
        AttributeValue value = builder(WireNodes.L).l(list).build();
        list.clear();
        return value;
    }

    private AttributeValue map(int node, int depth) {
        if (nodes.size(node) == 0) {
            return EMPTY_MAP;
        }
        while (maps.size() <= depth) {
            maps.add(new LinkedHashMap<>());
        }
        Map<String, AttributeValue> map = maps.get(depth);
        for (int entry = node + 1; entry < nodes.end(node); entry = nodes.next(entry)) {
            map.put(nodes.name(entry), of(entry, depth + 1));
        }
        AttributeValue value = builder(WireNodes.M).m(map).build();
        map.clear();
        return value;
    }

    private AttributeValue.Builder builder(byte kind) {
        AttributeValue.Builder builder = builders[kind];
        if (builder == null) {
            builder = AttributeValue.builder();
            builders[kind] = builder;
        }
        return builder;
    }

    /** The node as the SDK's {@code AttributeValue}, built the SDK's way: for a thread other than the page's owner. */
    private static AttributeValue built(WireNodes nodes, int node) {
        switch (nodes.kind(node)) {
            case WireNodes.S:
                return AttributeValue.fromS(nodes.string(node));
            case WireNodes.N:
                return AttributeValue.fromN(nodes.string(node));
            case WireNodes.B:
                return AttributeValue.fromB(bytes(nodes, node));
            case WireNodes.BOOL:
                return nodes.bool(node) ? TRUE : FALSE;
            case WireNodes.NULL:
                return NULL;
            case WireNodes.SS:
                return AttributeValue.fromSs(strings(nodes, node, new ArrayList<>()));
            case WireNodes.NS:
                return AttributeValue.fromNs(strings(nodes, node, new ArrayList<>()));
            case WireNodes.BS:
                return AttributeValue.fromBs(binaries(nodes, node, new ArrayList<>()));
            case WireNodes.L: {
                List<AttributeValue> list = new ArrayList<>(nodes.size(node));
                for (int element = node + 1; element < nodes.end(node); element = nodes.next(element)) {
                    list.add(built(nodes, element));
                }
                return AttributeValue.fromL(list);
            }
            case WireNodes.M: {
                Map<String, AttributeValue> map = new LinkedHashMap<>(nodes.size(node) * 4 / 3 + 1);
                for (int entry = node + 1; entry < nodes.end(node); entry = nodes.next(entry)) {
                    map.put(nodes.name(entry), built(nodes, entry));
                }
                return AttributeValue.fromM(map);
            }
            default:
                throw new IllegalStateException("node kind " + nodes.kind(node));
        }
    }

    private List<String> strings(int node, List<String> into) {
        return strings(nodes, node, into);
    }

    private List<SdkBytes> binaries(int node, List<SdkBytes> into) {
        return binaries(nodes, node, into);
    }

    /** The texts of a set's elements, in {@code into} (emptied first). */
    private static List<String> strings(WireNodes nodes, int node, List<String> into) {
        into.clear();
        for (int element = node + 1; element < nodes.end(node); element++) {
            into.add(nodes.string(element));
        }
        return into;
    }

    private static List<SdkBytes> binaries(WireNodes nodes, int node, List<SdkBytes> into) {
        into.clear();
        for (int element = node + 1; element < nodes.end(node); element++) {
            into.add(bytes(nodes, element));
        }
        return into;
    }

    private static SdkBytes bytes(WireNodes nodes, int node) {
        return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(nodes.string(node)));
    }
}
