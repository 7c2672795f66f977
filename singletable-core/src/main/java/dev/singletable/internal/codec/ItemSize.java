package dev.singletable.internal.codec;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;

/**
 * DynamoDB's item size for the write paths: the exact rules are {@link dev.singletable.capacity.ItemSize}'s; this adds
 * an upper bound that reads no characters, checked first.
 */
public final class ItemSize {
    public static final int MAX_ITEM_BYTES = dev.singletable.capacity.ItemSize.MAX_ITEM_BYTES;

    private ItemSize() {
    }

    /**
     * An upper bound of {@link #of(Map)} that reads no characters: a char is at most 3 UTF-8 bytes and a
     * number's text has at least as many characters as its size. Writes check it first, so an item far
     * below 400 KB (nearly all of them) is never counted byte by byte.
     */
    public static long atMost(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> entry : item.entrySet()) {
            size += 3L * entry.getKey().length() + atMost(entry.getValue());
        }
        return size;
    }

    /** An upper bound of {@link #of(AttributeValue)}, see {@link #atMost(Map)}. */
    public static long atMost(AttributeValue value) {
        switch (value.type()) {
            case S:
                return 3L * value.s().length();
            case N:
                return value.n().length() + 1L;
            case L: {
                List<AttributeValue> list = value.l();
                long size = 3;
                for (int i = 0; i < list.size(); i++) {
                    size += 1 + atMost(list.get(i));
                }
                return size;
            }
            case M: {
                // keys and values apart: the entry set of the SDK's unmodifiable map wraps every entry
                Map<String, AttributeValue> map = value.m();
                long size = 3;
                for (String key : map.keySet()) {
                    size += 1 + 3L * key.length();
                }
                for (AttributeValue element : map.values()) {
                    size += atMost(element);
                }
                return size;
            }
            case SS: {
                long size = 0;
                for (String s : value.ss()) {
                    size += 3L * s.length();
                }
                return size;
            }
            case NS: {
                long size = 0;
                for (String n : value.ns()) {
                    size += n.length() + 1L;
                }
                return size;
            }
            default:
                return of(value);
        }
    }

    /** The exact size, {@link dev.singletable.capacity.ItemSize#of(Map)}. */
    public static int of(Map<String, AttributeValue> item) {
        return dev.singletable.capacity.ItemSize.of(item);
    }

    /** The exact size, {@link dev.singletable.capacity.ItemSize#of(AttributeValue)}. */
    public static int of(AttributeValue value) {
        return dev.singletable.capacity.ItemSize.of(value);
    }
}
