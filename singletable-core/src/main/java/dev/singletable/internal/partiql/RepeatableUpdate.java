package dev.singletable.internal.partiql;

import dev.singletable.internal.partiql.PartiqlText.Kind;
import dev.singletable.internal.partiql.PartiqlText.Token;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a hand-written PartiQL UPDATE stores the same item when applied twice, so that the SDK may send it again after
 * a failure that may have been applied. Read conservatively from its SET and REMOVE clauses, without a grammar: it is
 * repeatable only when every SET assigns a value made of parameters and literals alone, and no REMOVE names a list
 * element. Anything else ({@code "n" = n + ?}, {@code list_append(l, ?)}, {@code set_add}, a value read from another
 * attribute, {@code REMOVE l[0]}, which shifts the list) counts as not repeatable.
 */
final class RepeatableUpdate {
    /** The words a value made of literals may hold besides parameters, strings, numbers and punctuation. */
    private static final Set<String> LITERAL_WORDS = Set.of("TRUE", "FALSE", "NULL", "MISSING");

    private RepeatableUpdate() {
    }

    /** Whether the UPDATE whose SET and REMOVE clauses start at {@code from} in {@code tokens} is repeatable. */
    static boolean of(List<Token> tokens, int from) {
        String clause = null;
        boolean value = false;
        int depth = 0;
        for (int i = from; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (depth == 0 && (token.isWord("WHERE") || token.isWord("RETURNING"))) {
                break;
            }
            if (depth == 0 && (token.isWord("SET") || token.isWord("REMOVE"))) {
                clause = token.text().toUpperCase(Locale.ROOT);
                value = false;
                continue;
            }
            if (depth == 0 && token.is(",")) {
                value = false; // the next assignment or removed path
                continue;
            }
            if ("SET".equals(clause) && depth == 0 && token.is("=")) {
                value = true;
                continue;
            }
            if (value && !literal(token)) {
                return false;
            }
            if ("REMOVE".equals(clause) && token.is("[")) {
                return false;
            }
            depth = nesting(token, depth);
        }
        return true;
    }

    private static boolean literal(Token token) {
        return switch (token.kind()) {
            case PARAMETER, STRING, OTHER -> true;
            case QUOTED -> false;                          // a quoted name in a value reads an attribute
            case WORD -> LITERAL_WORDS.contains(token.text().toUpperCase(Locale.ROOT));
        };
    }

    private static int nesting(Token token, int depth) {
        if (token.is("(") || token.is("[") || token.is("{") || token.is("<")) { // "<" of a bag's "<<"
            return depth + 1;
        }
        if (token.is(")") || token.is("]") || token.is("}") || token.is(">")) {
            return Math.max(0, depth - 1);
        }
        return depth;
    }
}
