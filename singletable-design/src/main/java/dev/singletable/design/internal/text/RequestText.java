package dev.singletable.design.internal.text;

import dev.singletable.DynamicItem;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A request as one line for people: the operation, the table or index, and the key condition
 * with attribute names and values put in place of their placeholders, such as
 * {@code Query GSI1: GSI1PK = "STATUS#PENDING" AND GSI1SK BETWEEN "2025-02-01…" AND "2025-03-31…"}; and the one
 * rendering of a value as text ({@link #value}, {@link #cell}) that requests, item output and design tables share.
 */
public final class RequestText {
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private RequestText() {
    }

    /** A request's clauses (see {@link #segments(QueryRequest)}) on one line, or one a line when wider than {@code width}. */
    public static List<String> lines(List<String> segments, int width) {
        String oneLine = oneLine(segments);
        if (oneLine.length() <= width || segments.size() == 1) {
            return List.of(oneLine);
        }
        String head = segments.get(0);
        String indent = " ".repeat(head.indexOf(": ") + 2);
        List<String> lines = new ArrayList<>(segments.size());
        lines.add(head);
        segments.subList(1, segments.size()).forEach(segment -> lines.add(indent + segment));
        return lines;
    }

    /** A request's clauses on one line: {@code AND} clauses joined by a space, the others by "; ". */
    public static String oneLine(List<String> segments) {
        StringBuilder line = new StringBuilder(segments.get(0));
        for (String segment : segments.subList(1, segments.size())) {
            line.append(segment.startsWith("AND ") ? " " : "; ").append(segment);
        }
        return line.toString();
    }

    public static List<String> segments(QueryRequest request) {
        List<String> segments = new ArrayList<>();
        String where = request.indexName() != null ? request.indexName() : request.tableName();
        String condition = substitute(request.keyConditionExpression(), request);
        int and = request.keyConditionExpression().indexOf(" AND ");
        if (and < 0) {
            segments.add("Query " + where + ": " + condition);
        } else {
            // the partition key condition never contains AND; the sort key condition may (BETWEEN)
            segments.add("Query " + where + ": " + substitute(request.keyConditionExpression().substring(0, and), request));
            segments.add(substitute(request.keyConditionExpression().substring(and + 1), request));
        }
        if (request.filterExpression() != null) {
            segments.add("filter " + substitute(request.filterExpression(), request));
        }
        if (Boolean.FALSE.equals(request.scanIndexForward())) {
            segments.add("descending");
        }
        segments.addAll(readClauses(request.limit(), request.selectAsString(), request.projectionExpression(),
                request.expressionAttributeNames()));
        if (Boolean.TRUE.equals(request.consistentRead())) {
            segments.add("strongly consistent");
        }
        return segments;
    }

    /** A GetItem request as one clause: {@code GetItem BlogTable: pk = "USER#alice", sk = "USER#alice"}. */
    public static List<String> segments(GetItemRequest request) {
        List<String> parts = new ArrayList<>();
        request.key().forEach((attribute, value) -> parts.add(attribute + " = " + value(value)));
        List<String> segments = new ArrayList<>();
        segments.add("GetItem " + request.tableName() + ": " + String.join(", ", parts));
        if (Boolean.TRUE.equals(request.consistentRead())) {
            segments.add("strongly consistent");
        }
        return segments;
    }

    /** A Scan request's clauses: the table or index, the filter, the limit, the Select. */
    public static List<String> segments(ScanRequest request) {
        List<String> segments = new ArrayList<>();
        String where = request.indexName() != null ? request.indexName() : request.tableName();
        segments.add("Scan " + where + ": " + (request.filterExpression() == null ? "every item"
                : "filter " + substitute(request.filterExpression(), request.expressionAttributeNames(), request.expressionAttributeValues())));
        segments.addAll(readClauses(request.limit(), request.selectAsString(), request.projectionExpression(),
                request.expressionAttributeNames()));
        return segments;
    }

    /** The clauses a Query and a Scan share: how many items a page reads, whether whole items, which attributes. */
    private static List<String> readClauses(Integer limit, String select, String projection, Map<String, String> names) {
        List<String> clauses = new ArrayList<>();
        if (limit != null) {
            clauses.add("limit " + limit);
        }
        if (select != null) {
            clauses.add("Select " + select);
        }
        if (projection != null) {
            clauses.add("select " + substitute(projection, names, Map.of()));
        }
        return clauses;
    }

    /**
     * A TransactWriteItems request's clauses, one per action with its key and condition, the first after the operation
     * and table: {@code TransactWriteItems ProductTable: Put PK = "ARCHIVED_PRODUCT#P9", SK = "METADATA" if
     * attribute_not_exists(PK)}, then {@code Delete PK = "ACTIVE_PRODUCT#P9", SK = "METADATA"}.
     *
     * @param keyAttributes the table's key attribute names, partition key first
     */
    public static List<String> segments(TransactWriteItemsRequest request, List<String> keyAttributes) {
        List<String> segments = new ArrayList<>();
        String table = "";
        for (TransactWriteItem item : request.transactItems()) {
            WriteAction action = WriteAction.of(item);
            table = action.table();
            List<String> parts = new ArrayList<>();
            for (String attribute : keyAttributes) {
                if (action.key().containsKey(attribute)) {
                    parts.add(attribute + " = " + value(action.key().get(attribute)));
                }
            }
            segments.add(action.name() + " " + String.join(", ", parts)
                    + (action.condition() == null ? "" : " if " + substitute(action.condition(), action.names(), action.values())));
        }
        if (!segments.isEmpty()) {
            segments.set(0, "TransactWriteItems " + table + ": " + segments.get(0));
        }
        return segments;
    }

    /** What the listing shows of one action of a transaction, whichever of the four kinds it is. */
    private record WriteAction(String name, String table, Map<String, AttributeValue> key, String condition,
                               Map<String, String> names, Map<String, AttributeValue> values) {
        static WriteAction of(TransactWriteItem item) {
            if (item.put() != null) {
                var put = item.put();
                return new WriteAction("Put", put.tableName(), put.item(), put.conditionExpression(),
                        put.expressionAttributeNames(), put.expressionAttributeValues());
            }
            if (item.delete() != null) {
                var delete = item.delete();
                return new WriteAction("Delete", delete.tableName(), delete.key(), delete.conditionExpression(),
                        delete.expressionAttributeNames(), delete.expressionAttributeValues());
            }
            if (item.conditionCheck() != null) {
                var check = item.conditionCheck();
                return new WriteAction("ConditionCheck", check.tableName(), check.key(), check.conditionExpression(),
                        check.expressionAttributeNames(), check.expressionAttributeValues());
            }
            var update = item.update();
            return new WriteAction("Update", update.tableName(), update.key(), update.conditionExpression(),
                    update.expressionAttributeNames(), update.expressionAttributeValues());
        }
    }

    private static String substitute(String expression, QueryRequest request) {
        return substitute(expression, request.expressionAttributeNames(), request.expressionAttributeValues());
    }

    /** An expression with attribute names and values put in place of their placeholders. */
    public static String substitute(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        Matcher matcher = PLACEHOLDER.matcher(expression);
        StringBuilder text = new StringBuilder();
        while (matcher.find()) {
            String placeholder = matcher.group();
            String replacement = placeholder.startsWith("#")
                    ? names.getOrDefault(placeholder, placeholder)
                    : values.containsKey(placeholder) ? value(values.get(placeholder)) : placeholder;
            matcher.appendReplacement(text, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(text);
        return text.toString();
    }

    /**
     * A value as people read it, the same at every depth, whether a stored {@link AttributeValue} or a value of an item in
     * Java ({@link DynamicItem}, map, collection, number...): text in double quotes ({@link #quote}), so that a set of the
     * two strings {@code a, b} and {@code c} reads {@code ["a, b", "c"]}; numbers as written, binaries in Base64, instants
     * in ISO-8601, lists and sets in brackets, embedded records as {@code {name: value}} in their attributes' order and
     * maps the same way by key; null as {@code null}.
     *
     * <pre>{@code
     * RequestText.value(List.of("a, b", "c"))                   // ["a, b", "c"]
     * RequestText.value(Map.of("k#1", "v", "", "say \"hi\""))   // {"": "say \"hi\"", "k#1": "v"}
     * RequestText.value(AttributeValue.fromN("1.50"))            // 1.50
     * }</pre>
     */
    public static String value(Object value) {
        if (value instanceof AttributeValue attribute) {
            return attribute(attribute);
        }
        if (value instanceof String text) {
            return quote(text);
        }
        if (value instanceof DynamicItem record) {
            return entries(record.values());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> byKey = new TreeMap<>(); // by key, as a map read back has no order of its own
            map.forEach((key, element) -> byKey.put(String.valueOf(key), element));
            return entries(byKey);
        }
        if (value instanceof Collection<?> collection) {
            return collection.stream().map(RequestText::value).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof ByteBuffer buffer) {
            return value(SdkBytes.fromByteBuffer(buffer).asByteArray()); // its remaining bytes, the buffer left as it is
        }
        if (value instanceof Instant instant) {
            return DateTimeFormatter.ISO_INSTANT.format(instant);
        }
        return visible(String.valueOf(value));
    }

    /**
     * A value alone, in a table's cell or after its name ({@code name=Ada}): text as it is, other values as
     * {@link #value} shows them, text inside them quoted ({@code tags=["a, b", "c"]}).
     */
    public static String cell(Object value) {
        if (value instanceof AttributeValue attribute && attribute.type() == AttributeValue.Type.S) {
            return visible(attribute.s());
        }
        return value instanceof String text ? visible(text) : value(value);
    }

    /** A name inside a record or map: as it is when plain, else quoted ({@code "summer house"}, {@code ""}). */
    public static String name(String name) {
        return name.matches("[A-Za-z0-9_-]+") ? name : quote(name);
    }

    private static String attribute(AttributeValue value) {
        return switch (value.type()) {
            case S -> quote(value.s());
            case N -> value.n();
            case BOOL -> value.bool().toString();
            case NUL -> "null";
            case B -> value(value.b().asByteArray());
            case SS -> value(value.ss());
            case NS -> String.join(", ", value.ns()).transform(numbers -> "[" + numbers + "]");
            case BS -> value(value.bs().stream().map(SdkBytes::asByteArray).toList());
            case L -> value(value.l());
            case M -> value(value.m());
            case UNKNOWN_TO_SDK_VERSION -> value.toString();
        };
    }

    private static String entries(Map<String, ?> values) {
        return values.entrySet().stream().map(entry -> name(entry.getKey()) + ": " + value(entry.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /**
     * In double quotes, a quote or backslash inside escaped with a backslash ({@code "say \"hi\""}) so that the text ends at
     * the closing quote, and characters a terminal would not show written as a backslash, u and the code point in braces.
     */
    public static String quote(String text) {
        return "\"" + visible(text.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }

    public static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2);
        text.codePoints().forEach(cp -> {
            int type = Character.getType(cp);
            boolean hidden = Character.isISOControl(cp) || type == Character.UNASSIGNED || type == Character.PRIVATE_USE
                    || type == Character.SURROGATE || type == Character.FORMAT;
            if (hidden) {
                out.append("\\u{").append(Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT)).append('}');
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }
}
