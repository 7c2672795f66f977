package dev.singletable.internal.writes;

import dev.singletable.DynamoDbRequestException;
import dev.singletable.NumberLimits;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DynamoDB's refusal of a number an update's addition produced on the stored value (more than 38 significant digits, or
 * beyond its range): only DynamoDB knows the stored value, so the library cannot refuse it before sending, but it knows the
 * additions, and names them with the fix, as the 400 KB refusal does.
 */
final class NumberOverflow {
    private static final Pattern REFUSAL = Pattern.compile("38 significant digits|Number (overflow|underflow)|supported range",
            Pattern.CASE_INSENSITIVE);
    /** {@code #a = #a + :v}, {@code #a.#b = if_not_exists(#a.#b, :v0) - :v1}: a SET that adds to or subtracts from a number. */
    private static final Pattern ARITHMETIC = Pattern.compile("([#\\w.\\[\\]]+) = (?:if_not_exists\\([^)]*\\)|[#\\w.\\[\\]]+) ([+-]) (:\\w+)");
    /** The ADD clause: up to the DELETE clause or the end. */
    private static final Pattern ADD_CLAUSE = Pattern.compile("\\bADD (.*?)(?= DELETE |$)");
    private static final Pattern NAME = Pattern.compile("#\\w+");
    private static final String OUT_OF_RANGE = " on the stored value would need more than " + NumberLimits.MAX_DIGITS
            + " significant digits or lie outside DynamoDB's range (magnitude " + NumberLimits.SMALLEST + " to under " + NumberLimits.TOO_LARGE + ")";
    private static final String FIX = "Round the operand or the stored value, or keep money in minor units as an integer (cents)";

    private NumberOverflow() {
    }

    /** The refusal explained, for an update DynamoDB refused for a number out of its range; empty for any other failure. */
    static Optional<RuntimeException> explain(UpdateAction action, Map<String, String> key, String table, RuntimeException failure) {
        if (!(failure instanceof DynamoDbRequestException e) || !"ValidationException".equals(e.errorCode())
                || e.getCause() == null || !REFUSAL.matcher(String.valueOf(e.getCause().getMessage())).find()) {
            return Optional.empty();
        }
        String said = e.getCause() instanceof AwsServiceException service && service.awsErrorDetails() != null
                && service.awsErrorDetails().errorMessage() != null ? service.awsErrorDetails().errorMessage() : e.getCause().getMessage();
        return Optional.of(new DynamoDbRequestException(action.operation() + " of " + action.entityType() + " " + key + " in table "
                + table + " was refused by DynamoDB: " + said + ": " + what(action) + OUT_OF_RANGE + (e.mayHaveBeenApplied()
                ? "; an earlier attempt may have applied it: read the item before repeating" : "; nothing was written") + ". " + FIX,
                e.errorCode(), e.mayHaveBeenApplied(), e.getCause()));
    }

    /**
     * A transaction's cancellation reason for {@code action}, explained as a single update's refusal is, when DynamoDB
     * refused the action's number ({@code said}, the reason's message) for being out of its range; empty for any other.
     */
    static Optional<String> explainReason(WriteAction action, String said) {
        if (!(action instanceof UpdateAction update) || said == null || !REFUSAL.matcher(said).find()) {
            return Optional.empty();
        }
        return Optional.of(said + ": " + what(update) + OUT_OF_RANGE + ". " + FIX);
    }

    private static String what(UpdateAction action) {
        List<String> additions = additions(action);
        return additions.isEmpty() ? "an addition of the update" : "the result of " + String.join(", ", additions);
    }

    /**
     * The update's additions and subtractions as the caller wrote them: {@code add(balance, 0.5)}; not the version's
     * increment, which the library adds and which cannot overflow.
     */
    private static List<String> additions(UpdateAction action) {
        Map<String, String> names = action.guard().names();
        Map<String, AttributeValue> values = action.guard().values();
        List<String> found = new ArrayList<>();
        Matcher set = ARITHMETIC.matcher(action.updateExpression());
        while (set.find()) {
            number(values, set.group(3)).ifPresent(n -> found.add((set.group(2).equals("+") ? "add(" : "subtract(")
                    + path(names, set.group(1)) + ", " + n + ")"));
        }
        Matcher add = ADD_CLAUSE.matcher(action.updateExpression());
        if (add.find()) {
            for (String clause : add.group(1).split(", ")) {
                String[] parts = clause.trim().split(" ");
                if (parts.length == 2) {
                    number(values, parts[1]).ifPresent(n -> found.add("add(" + path(names, parts[0]) + ", " + n + ")"));
                }
            }
        }
        action.entity().schema().versionAttribute().ifPresent(version -> found.remove("add(" + version.name() + ", 1)"));
        return found;
    }

    private static Optional<String> number(Map<String, AttributeValue> values, String placeholder) {
        AttributeValue value = values.get(placeholder);
        return value == null || value.n() == null ? Optional.empty() : Optional.of(value.n());
    }

    private static String path(Map<String, String> names, String rendered) {
        return NAME.matcher(rendered).replaceAll(m -> Matcher.quoteReplacement(names.getOrDefault(m.group(), m.group())));
    }
}
