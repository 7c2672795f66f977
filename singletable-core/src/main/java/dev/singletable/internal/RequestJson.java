package dev.singletable.internal;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;

import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/**
 * Renders any SDK model object as JSON through its {@link SdkPojo#sdkFields()}, with the wire member
 * names ({@code TableName}, not {@code tableName}), so explain output reads like the API reference.
 * Members the caller never set are left out.
 */
public final class RequestJson {
    private RequestJson() {
    }

    public static String render(SdkPojo pojo) {
        StringBuilder out = new StringBuilder(256);
        writePojo(pojo, out);
        return out.toString();
    }

    private static void writePojo(SdkPojo pojo, StringBuilder out) {
        out.append('{');
        boolean first = true;
        for (SdkField<?> field : pojo.sdkFields()) {
            Object value = field.getValueOrDefault(pojo);
            if (value == null || value instanceof SdkAutoConstructList || value instanceof SdkAutoConstructMap) {
                continue;
            }
            if (!first) {
                out.append(',');
            }
            first = false;
            writeString(field.locationName(), out);
            out.append(':');
            writeValue(value, out);
        }
        out.append('}');
    }

    private static void writeValue(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof SdkPojo pojo) {
            writePojo(pojo, out);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                writeString(String.valueOf(entry.getKey()), out);
                out.append(':');
                writeValue(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Collection<?> list) {
            out.append('[');
            boolean first = true;
            for (Object element : list) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                writeValue(element, out);
            }
            out.append(']');
        } else if (value instanceof SdkBytes bytes) {
            writeString(java.util.Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe()), out);
        } else if (value instanceof Boolean || value instanceof Number) {
            out.append(value);
        } else if (value instanceof Instant instant) {
            out.append(instant.toEpochMilli() / 1000.0);
        } else {
            writeString(value.toString(), out);
        }
    }

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
