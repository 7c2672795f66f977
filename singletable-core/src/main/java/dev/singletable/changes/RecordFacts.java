package dev.singletable.changes;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** What every outcome of a record holds, whatever became of its images. */
record RecordFacts(String table, ChangeKind kind, Map<String, AttributeValue> key, String sequenceNumber,
                   Optional<Instant> approximateTime, StreamViewType viewType) {

    /** The same facts as another kind of change: a record that changed the item's type, seen by a decoder of one of them. */
    RecordFacts withKind(ChangeKind other) {
        return new RecordFacts(table, other, key, sequenceNumber, approximateTime, viewType);
    }

    String keyText() {
        return text(key);
    }

    static String text(Map<String, AttributeValue> item) {
        return item.entrySet().stream().map(e -> e.getKey() + "=" + scalar(e.getValue())).collect(Collectors.joining(", "));
    }

    /** A key value as users typed it: the text, the number, or a binary value in Base64. */
    static String scalar(AttributeValue value) {
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return value.n();
        }
        SdkBytes bytes = value.b();
        return bytes != null ? Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe()) : value.toString();
    }

    String describe() {
        return "Stream record " + sequenceNumber + " of table " + table + " (" + kind.name().toLowerCase(java.util.Locale.ROOT)
                + ", key " + keyText() + ")";
    }
}
