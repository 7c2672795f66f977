package dev.singletable.design.internal.text;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request as one line for people: the operation, the table or index, and the key condition
 * with attribute names and values put in place of their placeholders, such as
 * {@code Query GSI1: GSI1PK = "STATUS#PENDING" AND GSI1SK BETWEEN "2025-02-01…" AND "2025-03-31…"}.
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
        if (request.limit() != null) {
            segments.add("limit " + request.limit());
        }
        if (request.projectionExpression() != null) {
            segments.add("select " + substitute(request.projectionExpression(), request.expressionAttributeNames(), Map.of()));
        }
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

    /** A Scan request's clauses: the table or index, the filter, the limit. */
    public static List<String> segments(ScanRequest request) {
        List<String> segments = new ArrayList<>();
        String where = request.indexName() != null ? request.indexName() : request.tableName();
        segments.add("Scan " + where + ": " + (request.filterExpression() == null ? "every item"
                : "filter " + substitute(request.filterExpression(), request.expressionAttributeNames(), request.expressionAttributeValues())));
        if (request.limit() != null) {
            segments.add("limit " + request.limit());
        }
        if (request.projectionExpression() != null) {
            segments.add("select " + substitute(request.projectionExpression(), request.expressionAttributeNames(), Map.of()));
        }
        return segments;
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
            String action;
            Map<String, AttributeValue> key;
            String condition;
            Map<String, String> names;
            Map<String, AttributeValue> values;
            if (item.put() != null) {
                action = "Put";
                table = item.put().tableName();
                key = item.put().item();
                condition = item.put().conditionExpression();
                names = item.put().expressionAttributeNames();
                values = item.put().expressionAttributeValues();
            } else if (item.delete() != null) {
                action = "Delete";
                table = item.delete().tableName();
                key = item.delete().key();
                condition = item.delete().conditionExpression();
                names = item.delete().expressionAttributeNames();
                values = item.delete().expressionAttributeValues();
            } else if (item.conditionCheck() != null) {
                action = "ConditionCheck";
                table = item.conditionCheck().tableName();
                key = item.conditionCheck().key();
                condition = item.conditionCheck().conditionExpression();
                names = item.conditionCheck().expressionAttributeNames();
                values = item.conditionCheck().expressionAttributeValues();
            } else {
                action = "Update";
                table = item.update().tableName();
                key = item.update().key();
                condition = item.update().conditionExpression();
                names = item.update().expressionAttributeNames();
                values = item.update().expressionAttributeValues();
            }
            List<String> parts = new ArrayList<>();
            for (String attribute : keyAttributes) {
                if (key.containsKey(attribute)) {
                    parts.add(attribute + " = " + value(key.get(attribute)));
                }
            }
            segments.add(action + " " + String.join(", ", parts) + (condition == null ? "" : " if " + substitute(condition, names, values)));
        }
        if (!segments.isEmpty()) {
            segments.set(0, "TransactWriteItems " + table + ": " + segments.get(0));
        }
        return segments;
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

    /** A value as the key conditions show it: text in double quotes, numbers and booleans as they are. */
    public static String value(AttributeValue value) {
        if (value.s() != null) {
            return quote(value.s());
        }
        if (value.n() != null) {
            return value.n();
        }
        if (value.bool() != null) {
            return value.bool().toString();
        }
        return value.toString();
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
