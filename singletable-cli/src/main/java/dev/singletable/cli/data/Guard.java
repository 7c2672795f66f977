package dev.singletable.cli.data;

import dev.singletable.AttributePath;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * One guard of a write ({@code --expect PATH OP VALUE}): a comparison the stored item must hold, or nothing is written.
 * {@code loyalty.tier=GOLD}, {@code status!=shipped}, {@code stock>=2}, {@code version<7}: the path, the operator (the
 * first of {@code = != < <= > >=} outside a {@code [...]} of the path) and the value as text, which the command reads by
 * the type at the path.
 *
 * <pre>{@code
 * Guard guard = Guard.parse("stock>=2").orElseThrow();   // stock, >=, 2
 * Condition condition = guard.comparison().condition(path, 2L);
 * }</pre>
 */
record Guard(String path, Comparison comparison, String text) {
    /** The operators a guard takes, each with the core's condition it makes; the two-character ones first, to match first. */
    enum Comparison {
        NE("!=", Condition::ne),
        LE("<=", Condition::le),
        GE(">=", Condition::ge),
        EQ("=", Condition::eq),
        LT("<", Condition::lt),
        GT(">", Condition::gt);

        /** What {@link #parse} names when the operator is none of these. */
        static final String ALL = "=, !=, <, <=, >, >=";

        private final String symbol;
        private final BiFunction<AttributePath<DynamicItem, Object>, Object, Condition> condition;

        Comparison(String symbol, BiFunction<AttributePath<DynamicItem, Object>, Object, Condition> condition) {
            this.symbol = symbol;
            this.condition = condition;
        }

        String symbol() {
            return symbol;
        }

        /** Whether it compares by DynamoDB's order, which only strings, numbers and binary values have. */
        boolean ordered() {
            return this != EQ && this != NE;
        }

        /**
         * The condition {@code path OP value}.
         *
         * @throws dev.singletable.ValidationException for an ordered comparison of a value DynamoDB does not order
         */
        Condition condition(AttributePath<DynamicItem, Object> path, Object value) {
            return condition.apply(path, value);
        }
    }

    /** Why a guard is not {@code PATH OP VALUE}, saying what to give. */
    static final class Malformed extends IllegalArgumentException {
        Malformed(String reason) {
            super(reason);
        }
    }

    /**
     * The guard written as {@code given}.
     *
     * @throws Malformed when it has no operator, no path, or an operator that is none of {@link Comparison#ALL}
     */
    static Guard parse(String given) {
        int at = operatorAt(given);
        if (at < 0) {
            throw new Malformed("'" + given + "' is not PATH OP VALUE: it has no comparison; give one of " + Comparison.ALL
                    + ", such as stock>=2 or status=open");
        }
        if (at == 0) {
            throw new Malformed("'" + given + "' is not PATH OP VALUE: it names no attribute before " + given.charAt(0));
        }
        String rest = given.substring(at);
        Optional<Comparison> comparison = Arrays.stream(Comparison.values()).filter(c -> rest.startsWith(c.symbol)).findFirst();
        // <> is SQL's not equal: read as < of a value starting with >, it would guard with what the user did not mean
        if (comparison.isEmpty() || rest.startsWith("<>")) {
            String written = rest.startsWith("<>") ? "<>" : rest.substring(0, 1);
            throw new Malformed("'" + given + "': " + written + " is no comparison; give one of " + Comparison.ALL
                    + (written.equals("<>") ? " (!= for not equal)" : ""));
        }
        String value = rest.substring(comparison.get().symbol.length());
        // ==, =>, =<, =! and the like: read as a value starting with an operator, they would guard with what was not meant
        if (!value.isEmpty() && "=!<>".indexOf(value.charAt(0)) >= 0) {
            String written = comparison.get().symbol + value.charAt(0);
            throw new Malformed("'" + given + "': " + written + " is no comparison; give one of " + Comparison.ALL
                    + (written.equals("==") ? " (= for equal)" : ""));
        }
        return new Guard(given.substring(0, at), comparison.get(), value);
    }

    /** Where the operator starts: the first of {@code = ! < >} outside the brackets of a list index or map key. */
    private static int operatorAt(String given) {
        int depth = 0;
        for (int i = 0; i < given.length(); i++) {
            char c = given.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']' && depth > 0) {
                depth--;
            } else if (depth == 0 && "=!<>".indexOf(c) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** The guard as written: {@code stock>=2}. */
    @Override
    public String toString() {
        return path + comparison.symbol + text;
    }
}
