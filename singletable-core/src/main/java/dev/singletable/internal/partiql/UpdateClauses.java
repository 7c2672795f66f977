package dev.singletable.internal.partiql;

import dev.singletable.internal.partiql.PartiqlText.Token;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a hand-written PartiQL UPDATE's SET and REMOVE clauses write, read from its tokens without a grammar, up to
 * {@code WHERE} or {@code RETURNING}.
 *
 * @param changed    the attribute each path starts with, quoted or bare ({@code SET} or {@code REMOVE} by name, in the order
 *                   written; the first clause for a name written twice): the name after {@code SET} or {@code REMOVE}, or
 *                   after a comma between assignments, outside parentheses, brackets and tuples
 * @param repeatable whether applying it twice stores what applying it once does, so that the SDK may send it again after
 *                   a failure that may have been applied. Read conservatively: only when every SET assigns a value made of
 *                   parameters and literals alone, and no REMOVE names a list element. Anything else ({@code "n" = n + ?},
 *                   {@code list_append(l, ?)}, {@code set_add}, a value read from an attribute, {@code REMOVE l[0]}, which
 *                   shifts the list) is not
 */
record UpdateClauses(Map<String, String> changed, boolean repeatable) {
    /** The words a value made of literals may hold besides parameters, strings, numbers and punctuation. */
    private static final Set<String> LITERAL_WORDS = Set.of("TRUE", "FALSE", "NULL", "MISSING");

    /** The clauses of the UPDATE whose SET and REMOVE clauses start at {@code from} in {@code tokens}. */
    static UpdateClauses of(List<Token> tokens, int from) {
        Map<String, String> changed = new LinkedHashMap<>();
        boolean repeatable = true;
        String clause = null;
        boolean pathNext = false;
        boolean value = false;
        int depth = 0;
        for (int i = from; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (depth == 0 && (token.isWord("WHERE") || token.isWord("RETURNING"))) {
                break;
            }
            if (depth == 0 && (token.isWord("SET") || token.isWord("REMOVE") || clause != null && token.is(","))) {
                clause = token.is(",") ? clause : token.text().toUpperCase(Locale.ROOT);
                pathNext = true;
                value = false;
                continue;
            }
            if (pathNext && (token.kind() == PartiqlText.Kind.QUOTED || token.kind() == PartiqlText.Kind.WORD)) {
                changed.putIfAbsent(token.text(), clause);
            }
            pathNext = false;
            if ("SET".equals(clause) && depth == 0 && token.is("=")) {
                value = true;
                continue;
            }
            // a list index in a path: REMOVE shifts the list, and SET past its end appends, so a repeat is not the same
            repeatable &= !(value && !literal(token)) && !(token.is("[") && ("REMOVE".equals(clause) || "SET".equals(clause) && !value));
            depth = nesting(token, depth);
        }
        return new UpdateClauses(changed, repeatable);
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
