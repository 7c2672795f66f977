package dev.singletable.internal.expressions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * How DynamoDB orders two stored values of the same scalar type: numbers by value, strings by UTF-8 bytes (code
 * points), binary by unsigned bytes; 0 for anything else, whose order it does not define.
 */
final class StoredOrder {
    private StoredOrder() {
    }

    static int compare(AttributeValue a, AttributeValue b) {
        if (a.n() != null && b.n() != null) {
            return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
        }
        if (a.s() != null && b.s() != null) {
            return compareCodePoints(a.s(), b.s());
        }
        if (a.b() != null && b.b() != null) {
            return Arrays.compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
        }
        return 0;
    }

    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
