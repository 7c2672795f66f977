package dev.singletable;


import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;

import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;

/**
 * Renders an SDK request (or any SDK model object) as indented JSON with the wire member names
 * DynamoDB's API uses, to show a request without sending it.
 *
 * <pre>{@code
 * System.out.println(RequestJson.render(table.createTableRequest()));
 * // prints the request as JSON: "AttributeDefinitions": [ ...
 * }</pre>
 */
@Stable
public final class RequestJson {
    private RequestJson() {
    }

    public static String render(SdkPojo request) {
        NullArgumentException.check("RequestJson.render", "request", request);
        StringBuilder out = new StringBuilder();
        write(out, request, 0);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value, int depth) {
        if (value instanceof SdkPojo pojo) {
            writeObject(out, pojo, depth);
        } else if (value instanceof Map<?, ?> map) {
            writeMap(out, map, depth);
        } else if (value instanceof Collection<?> list) {
            writeList(out, list, depth);
        } else if (value instanceof String text) {
            quote(out, text);
        } else if (value instanceof SdkBytes bytes) {
            quote(out, Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe()));
        } else if (value instanceof Instant instant) {
            quote(out, instant.toString());
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            quote(out, String.valueOf(value));
        }
    }

    private static boolean absent(Object value) {
        return value == null || value instanceof SdkAutoConstructList || value instanceof SdkAutoConstructMap;
    }

    private static void writeObject(StringBuilder out, SdkPojo pojo, int depth) {
        boolean first = true;
        out.append('{');
        for (SdkField<?> field : pojo.sdkFields()) {
            Object value = field.getValueOrDefault(pojo);
            if (absent(value)) {
                continue;
            }
            out.append(first ? "\n" : ",\n");
            first = false;
            indent(out, depth + 1);
            quote(out, field.locationName());
            out.append(": ");
            write(out, value, depth + 1);
        }
        if (!first) {
            out.append('\n');
            indent(out, depth);
        }
        out.append('}');
    }

    private static void writeMap(StringBuilder out, Map<?, ?> map, int depth) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            out.append(first ? "\n" : ",\n");
            first = false;
            indent(out, depth + 1);
            quote(out, String.valueOf(entry.getKey()));
            out.append(": ");
            write(out, entry.getValue(), depth + 1);
        }
        if (!first) {
            out.append('\n');
            indent(out, depth);
        }
        out.append('}');
    }

    private static void writeList(StringBuilder out, Collection<?> list, int depth) {
        out.append('[');
        boolean first = true;
        for (Object element : list) {
            out.append(first ? "\n" : ",\n");
            first = false;
            indent(out, depth + 1);
            write(out, element, depth + 1);
        }
        if (!first) {
            out.append('\n');
            indent(out, depth);
        }
        out.append(']');
    }

    private static void indent(StringBuilder out, int depth) {
        out.append("  ".repeat(depth));
    }

    private static void quote(StringBuilder out, String text) {
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
