package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.SlotCodec;
import dev.singletable.internal.keys.SlotFormats;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Base64;
import java.util.Optional;

/** The codecs of the kinds stored as text or bytes that are no numbers or times: strings, booleans, UUIDs, binaries and enums. */
final class TextKinds {
    private TextKinds() {
    }

    static final KindCodec STRING = new KindCodec() {
        @Override
        String javaSource(Object value) {
            return quoted((String) value);
        }

        @Override
        Object fromStoredText(CharSequence text) {
            return text.toString();
        }

        @Override
        Object parseText(String text) {
            return text;
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromS(ScalarType.storable((String) value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.string(format);
        }
    };

    static final KindCodec BOOLEAN = new KindCodec() {
        @Override
        String javaSource(Object value) {
            return value.toString();
        }

        @Override
        Object fromStoredText(CharSequence text) {
            return switch (text.toString()) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("'" + text + "' is neither true nor false");
            };
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromBool((Boolean) value);
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.bool(format);
        }

        @Override
        int maxStoredBytes() {
            return 1;
        }
    };

    static final KindCodec UUID = new KindCodec(Optional.of("uuid")) {
        @Override
        String javaSource(Object value) {
            return "java.util.UUID.fromString(" + quoted(value.toString()) + ")";
        }

        @Override
        Object fromStoredText(CharSequence text) {
            return SlotFormats.uuid(text);
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromS(((java.util.UUID) value).toString());
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.uuid(format);
        }

        @Override
        int maxStoredBytes() {
            return 36;
        }
    };

    static final KindCodec ENUM = new KindCodec() {
    };

    static final KindCodec BYTES = new KindCodec() {
        @Override
        Object parseText(String text) {
            return Base64.getDecoder().decode(text.strip());
        }

        @Override
        AttributeType<?> makeType() {
            return StandardTypes.BYTES;
        }
    };
}
