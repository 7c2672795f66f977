package dev.singletable.internal.codec;

import dev.singletable.internal.keys.BoundKeyTemplate;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's item size: UTF-8 bytes of attribute names plus values, numbers at about one byte
 * per two significant digits plus one, 1 byte for booleans and nulls, 3 bytes of overhead per
 * list or map plus 1 per element.
 */
public final class ItemSize {
    public static final int MAX_ITEM_BYTES = 400 * 1024;

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

    public static int of(Map<String, AttributeValue> item) {
        int size = 0;
        for (Map.Entry<String, AttributeValue> entry : item.entrySet()) {
            size += BoundKeyTemplate.utf8Length(entry.getKey()) + of(entry.getValue());
        }
        return size;
    }

    public static int of(AttributeValue value) {
        switch (value.type()) {
            case S:
                return BoundKeyTemplate.utf8Length(value.s());
            case N:
                return number(value.n());
            case B:
                return value.b().asByteArrayUnsafe().length;
            case BOOL:
            case NUL:
                return 1;
            case SS: {
                int size = 0;
                for (String s : value.ss()) {
                    size += BoundKeyTemplate.utf8Length(s);
                }
                return size;
            }
            case NS: {
                int size = 0;
                for (String n : value.ns()) {
                    size += number(n);
                }
                return size;
            }
            case BS: {
                int size = 0;
                for (var b : value.bs()) {
                    size += b.asByteArrayUnsafe().length;
                }
                return size;
            }
            case L: {
                // indexed, and keys with get() below: the SDK's unmodifiable views would otherwise wrap every entry
                List<AttributeValue> list = value.l();
                int size = 3;
                for (int i = 0; i < list.size(); i++) {
                    size += 1 + of(list.get(i));
                }
                return size;
            }
            case M: {
                Map<String, AttributeValue> map = value.m();
                int size = 3;
                for (String key : map.keySet()) {
                    size += 1 + BoundKeyTemplate.utf8Length(key) + of(map.get(key));
                }
                return size;
            }
            default:
                return 0;
        }
    }

    private static int number(String text) {
        int digits = significantDigits(text);
        if (digits < 0) {
            digits = new BigDecimal(text).stripTrailingZeros().precision(); // not plain decimal text: let BigDecimal judge
        }
        return (digits + 1) / 2 + 1;
    }

    /**
     * The precision of {@code new BigDecimal(text).stripTrailingZeros()} without building it: digits from the
     * first to the last non-zero one (1 for zero); -1 when the text is not of the form [+-]digits[.digits][e[+-]digits].
     */
    static int significantDigits(String text) {
        int length = text.length();
        int i = 0;
        if (i < length && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            i++;
        }
        int first = -1;
        int last = -1;
        int position = 0;
        boolean anyDigit = false;
        boolean point = false;
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                anyDigit = true;
                if (c != '0') {
                    if (first < 0) {
                        first = position;
                    }
                    last = position;
                }
                position++;
            } else if (c == '.' && !point) {
                point = true;
            } else if (c == 'e' || c == 'E') {
                break;
            } else {
                return -1;
            }
        }
        if (!anyDigit) {
            return -1;
        }
        if (i < length) {
            // an exponent: [+-]digits, which changes the scale and never the precision
            int j = i + 1;
            if (j < length && (text.charAt(j) == '-' || text.charAt(j) == '+')) {
                j++;
            }
            if (j == length || length - j > 9) {
                return -1;
            }
            for (; j < length; j++) {
                char c = text.charAt(j);
                if (c < '0' || c > '9') {
                    return -1;
                }
            }
        }
        return first < 0 ? 1 : last - first + 1;
    }
}
