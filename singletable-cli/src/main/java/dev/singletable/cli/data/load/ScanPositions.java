package dev.singletable.cli.data.load;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** Where a segment's scan stopped, as {@link LoadCheckpoint} keeps it between runs of {@link Migrator}. */
final class ScanPositions {
    private ScanPositions() {
    }

    /** A scan position as the checkpoint keeps it: {@code {"id": {"S": "C7"}}}, binary as base64; null for none. */
    static Map<String, Map<String, String>> encode(Map<String, AttributeValue> key) {
        if (key == null) {
            return null;
        }
        Map<String, Map<String, String>> encoded = new LinkedHashMap<>();
        key.forEach((name, value) -> {
            if (value.s() != null) {
                encoded.put(name, Map.of("S", value.s()));
            } else if (value.n() != null) {
                encoded.put(name, Map.of("N", value.n()));
            } else if (value.b() != null) {
                encoded.put(name, Map.of("B", Base64.getEncoder().encodeToString(value.b().asByteArray())));
            } else {
                throw new IllegalArgumentException("a key attribute is a string, number or binary: " + name + " is " + value);
            }
        });
        return encoded;
    }

    static Map<String, AttributeValue> decode(Map<String, Map<String, String>> encoded) {
        if (encoded == null) {
            return null;
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        encoded.forEach((name, typed) -> typed.forEach((type, value) -> key.put(name, switch (type) {
            case "S" -> AttributeValue.fromS(value);
            case "N" -> AttributeValue.fromN(value);
            case "B" -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(value)));
            default -> throw new LoadInputException("--resume: the checkpoint's scan position has " + name + " of type " + type
                    + ", not S, N or B; migrate again without --resume");
        })));
        return key;
    }
}
