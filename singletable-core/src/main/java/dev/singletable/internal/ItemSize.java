package dev.singletable.internal;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
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
                int size = 3;
                for (AttributeValue element : value.l()) {
                    size += 1 + of(element);
                }
                return size;
            }
            case M: {
                int size = 3;
                for (Map.Entry<String, AttributeValue> entry : value.m().entrySet()) {
                    size += 1 + BoundKeyTemplate.utf8Length(entry.getKey()) + of(entry.getValue());
                }
                return size;
            }
            default:
                return 0;
        }
    }

    private static int number(String text) {
        int digits = new BigDecimal(text).stripTrailingZeros().precision();
        return (digits + 1) / 2 + 1;
    }
}
