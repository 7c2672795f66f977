package dev.singletable.capacity;

import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * An item's size as DynamoDB measures it against the 400 KB limit and bills it in capacity units
 * (<a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html">DynamoDB item
 * sizes and formats</a>): the UTF-8 bytes of every attribute name plus its value.
 *
 * <ul>
 *   <li>String: its UTF-8 bytes. Binary: its raw bytes (not the base64 text).</li>
 *   <li>Number: one byte per two significant digits (leading and trailing zeros trimmed, so {@code 0042} and {@code 4.200}
 *       have two and {@code 150} two), rounded up, plus one byte; zero is one byte. The guide calls this "approximately":
 *       measurements published by other emulators suggest the service stores base-100 pairs aligned on the decimal point
 *       (which makes {@code 150} and {@code 3.14159} a byte larger) and a byte more for a negative number. The documented
 *       rule is the one followed here, and the one Dynoxide bills by ({@code DesignCapacityOnEngineTest}).</li>
 *   <li>Boolean and null: one byte.</li>
 *   <li>List and map: three bytes plus, for each element, one byte and its size (a map's element also its name's bytes);
 *       an empty list or map is three bytes.</li>
 *   <li>Sets (SS, NS, BS): the sum of their elements' sizes, with no overhead.</li>
 * </ul>
 *
 * <pre>{@code
 * long bytes = ItemSize.of(table.toItem(order));        // what a write of it is billed for
 * }</pre>
 */
@Experimental
public final class ItemSize {
    /** The largest item DynamoDB stores: 400 KB, names included. */
    public static final int MAX_ITEM_BYTES = 400 * 1024;

    private ItemSize() {
    }

    /** The item's size in bytes: every attribute's name plus its value. */
    public static int of(Map<String, AttributeValue> item) {
        int size = 0;
        for (String name : item.keySet()) {
            size += utf8(name) + of(item.get(name));
        }
        return size;
    }

    /** One value's size in bytes, without its attribute's name. */
    public static int of(AttributeValue value) {
        switch (value.type()) {
            case S:
                return utf8(value.s());
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
                    size += utf8(s);
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
                    size += 1 + utf8(key) + of(map.get(key));
                }
                return size;
            }
            default:
                return 0;
        }
    }

    /**
     * A number's size in bytes, from its text as DynamoDB takes it ({@code 42}, {@code -1.5}, {@code 1E+3}): one byte per
     * two significant digits, rounded up, plus one; zero is one byte.
     *
     * @throws NumberFormatException when the text is no number
     */
    public static int number(String text) {
        BigDecimal number = new BigDecimal(text.trim());
        if (number.signum() == 0) {
            return 1;
        }
        return (number.stripTrailingZeros().precision() + 1) / 2 + 1;
    }

    /** The UTF-8 length of a text, without encoding it. */
    public static int utf8(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
