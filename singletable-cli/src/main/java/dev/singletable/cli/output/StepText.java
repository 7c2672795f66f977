package dev.singletable.cli.output;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.text.RequestText;
import dev.singletable.examples.PatternStep;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A demo's pattern step as {@link RequestText} shows a request: one line, or one clause a line when wider than the
 * screen, such as {@code GetItem AppTable: PK = "CUSTOMER#C2", SK = "ORDER#O1005"}.
 */
public final class StepText {
    private StepText() {
    }

    /** The request on one line. */
    public static String of(PatternStep step, String tableName) {
        return RequestText.oneLine(segments(step, tableName));
    }

    /**
     * The request on one line when that fits {@code width} columns, else one clause per line,
     * continuation lines aligned under the first clause.
     */
    public static List<String> lines(PatternStep step, String tableName, int width) {
        return RequestText.lines(segments(step, tableName), width);
    }

    /**
     * The clauses: the operation and the partition key condition first (for a GetItem, the whole
     * key), then the sort key condition, the filter, and the options that change the result.
     */
    private static List<String> segments(PatternStep step, String tableName) {
        if (step instanceof PatternStep.Call<?> call) {
            // the request the generated method builds, captured without sending it
            DynamoDbRequest request = call.request();
            if (request instanceof GetItemRequest get) {
                return RequestText.segments(get);
            }
            if (request instanceof QueryRequest query) {
                return RequestText.segments(query);
            }
            throw new IllegalArgumentException("a demo step sends a GetItem or a Query, not " + request);
        }
        if (step instanceof PatternStep.Run<?> run) {
            return RequestText.segments(run.request());
        }
        if (step instanceof PatternStep.Change<?> change) {
            UpdateItemRequest request = change.request();
            List<String> parts = new ArrayList<>();
            request.key().forEach((attribute, value) -> parts.add(attribute + " = " + RequestText.value(value)));
            // the key's attributes first, in the table's order (the request's map has none)
            parts.sort(java.util.Comparator.naturalOrder());
            return List.of("UpdateItem " + tableName + ": " + String.join(", ", parts),
                    RequestText.substitute(request.updateExpression(), request.expressionAttributeNames(), request.expressionAttributeValues()));
        }
        if (step instanceof PatternStep.Relate<?, ?> relate) {
            List<Map<String, String>> keys = relate.keys();
            return List.of("TransactWriteItems " + tableName + ": Put " + keyText(keys.get(0)) + ", Put " + keyText(keys.get(1)),
                    "ConditionCheck attribute_exists " + keyText(keys.get(2)) + ", " + keyText(keys.get(3)));
        }
        if (step instanceof PatternStep.Related<?, ?> related) {
            List<String> segments = new ArrayList<>(RequestText.segments(related.request()));
            if (related.entities()) {
                segments.add("then BatchGetItem " + tableName + " of the far keys");
            }
            return segments;
        }
        if (step instanceof PatternStep.Move<?> move) {
            // the three requests table.update(current, changes) takes when the state changes, with a read before and after
            List<Map<String, String>> keys = move.keys();
            List<String> first = new ArrayList<>();
            keys.get(0).forEach((attribute, value) -> first.add(attribute + " = " + RequestText.quote(value)));
            return List.of("GetItem " + tableName + ": " + String.join(", ", first),
                    "then TransactWriteItems: Delete " + keyText(keys.get(0)) + " if its version is the one read, Put "
                            + keyText(keys.get(1)) + " if free",
                    "then GetItem " + keyText(keys.get(1)));
        }
        if (step instanceof PatternStep.Statements statements) {
            // each statement as sent, its ? parameters on the next line
            List<String> segments = new ArrayList<>();
            segments.add("ExecuteTransaction " + tableName + ": " + Counted.of(statements.statements().size(), "PartiQL statement", "PartiQL statements"));
            for (dev.singletable.partiql.PartiqlWrite statement : statements.statements()) {
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
}
