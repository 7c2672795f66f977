package dev.singletable.cli;

import dev.singletable.examples.PatternStep;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

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

    /** The request on one line. */
    static String of(PatternStep step, String tableName) {
        return oneLine(segments(step, tableName));
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

    private static String oneLine(List<String> segments) {
        StringBuilder line = new StringBuilder(segments.get(0));
        for (String segment : segments.subList(1, segments.size())) {
            line.append(segment.startsWith("AND ") ? " " : "; ").append(segment);
        }
        return line.toString();
    }

    /**
     * The request on one line when that fits {@code width} columns, else one clause per line,
     * continuation lines aligned under the first clause.
     */
    static List<String> lines(PatternStep step, String tableName, int width) {
        return lines(segments(step, tableName), width);
    }

    /**
     * The clauses: the operation and the partition key condition first (for a GetItem, the whole
     * key), then the sort key condition, the filter, and the options that change the result.
     */
    private static List<String> segments(PatternStep step, String tableName) {
        if (step instanceof PatternStep.Get<?> get) {
            List<String> parts = new ArrayList<>();
            get.primaryKey().forEach((attribute, value) -> parts.add(attribute + " = " + quote(value)));
            return List.of("GetItem " + tableName + ": " + String.join(", ", parts));
        }
        if (step instanceof PatternStep.Run<?> run) {
            return segments(run.request());
        }
        if (step instanceof PatternStep.Change<?> change) {
            UpdateItemRequest request = change.request();
            List<String> parts = new ArrayList<>();
            request.key().forEach((attribute, value) -> parts.add(attribute + " = " + value(value)));
            // the key's attributes first, in the table's order (the request's map has none)
            parts.sort(java.util.Comparator.naturalOrder());
            return List.of("UpdateItem " + tableName + ": " + String.join(", ", parts),
                    substitute(request.updateExpression(), request.expressionAttributeNames(), request.expressionAttributeValues()));
        }
        if (step instanceof PatternStep.Relate<?, ?> relate) {
            List<Map<String, String>> keys = relate.keys();
            return List.of("TransactWriteItems " + tableName + ": Put " + keyText(keys.get(0)) + ", Put " + keyText(keys.get(1)),
                    "ConditionCheck attribute_exists " + keyText(keys.get(2)) + ", " + keyText(keys.get(3)));
        }
        if (step instanceof PatternStep.Related<?, ?> related) {
            List<String> segments = new ArrayList<>(segments(related.request()));
            if (related.entities()) {
                segments.add("then BatchGetItem " + tableName + " of the far keys");
            }
            return segments;
        }
        if (step instanceof PatternStep.Move<?> move) {
            // the three requests table.update(current, changes) takes when the state changes, with a read before and after
            List<Map<String, String>> keys = move.keys();
            List<String> first = new ArrayList<>();
            keys.get(0).forEach((attribute, value) -> first.add(attribute + " = " + quote(value)));
            return List.of("GetItem " + tableName + ": " + String.join(", ", first),
                    "then TransactWriteItems: Delete " + keyText(keys.get(0)) + " if its version is the one read, Put "
                            + keyText(keys.get(1)) + " if free",
                    "then GetItem " + keyText(keys.get(1)));
        }
        if (step instanceof PatternStep.Statements statements) {
            // each statement as sent, its ? parameters on the next line
            List<String> segments = new ArrayList<>();
            segments.add("ExecuteTransaction " + tableName + ": " + Counted.of(statements.statements().size(), "PartiQL statement", "PartiQL statements"));
            for (dev.singletable.PartiqlWrite statement : statements.statements()) {
                segments.add(statement.statement());
                segments.add("  ? = " + String.join(", ", statement.parameters().stream().map(RequestText::value).toList()));
            }
            return segments;
        }
        throw new IllegalArgumentException("unknown step " + step);
    }

    /** A key as the demo shows it: {@code USER#bob / MEMBER_OF#java-devs}, values in the key's attribute order. */
    private static String keyText(Map<String, String> key) {
        return String.join(" / ", key.values());
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

    /** In double quotes, with characters a terminal would not show written as a backslash, u and the code point in braces. */
    public static String quote(String text) {
        return "\"" + visible(text) + "\"";
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
