package dev.singletable.internal.partiql;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Placeholders;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.internal.kinds.DynamoNumbers;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PartiQL text for DynamoDB: the tokens of a statement (enough to find its kind, table, quoted names and
 * {@code ?}s outside literals, not a grammar), quoting of names and literals, conditions rendered as
 * PartiQL, and the values of {@code ?} parameters (plain values, attribute values, composed keys).
 * DynamoDB's PartiQL has no parser on Maven Central that fits the core's two dependencies, and the
 * checks need only the lexical level.
 */
public final class PartiqlText {
    private PartiqlText() {
    }

    /** A token's kind: a quoted name, a string literal, a {@code ?}, a word (keyword or bare name), or any other text. */
    public enum Kind { QUOTED, STRING, PARAMETER, WORD, OTHER }

    /** One token: its kind, its text as it reads (a quoted name or literal unquoted). */
    public record Token(Kind kind, String text) {
        boolean isWord(String word) {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }

        boolean is(String symbol) {
            return kind == Kind.OTHER && text.equals(symbol);
        }
    }

    /**
     * The statement with each comment ({@code --} to the end of the line, {@code /* ... *}{@code /}) written as one
     * space, quoted names and literals kept as they are: what DynamoDB's grammar reads, for checks that look at the
     * text. (DynamoDB takes comments anywhere and refuses {@code #} ones, which stay.)
     *
     * @throws ValidationException when a quoted name, literal or comment is not closed
     */
    public static String withoutComments(String statement, String what) {
        StringBuilder out = new StringBuilder(statement.length());
        int i = 0;
        int n = statement.length();
        while (i < n) {
            char c = statement.charAt(i);
            int afterComment = afterComment(statement, i, what);
            if (afterComment > i) {
                out.append(' ');
                i = afterComment;
            } else if (c == '"' || c == '\'') {
                int close = closingQuote(statement, i, what);
                out.append(statement, i, close + 1);
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Where a comment starting at {@code i} ends (the index after it), or {@code i} when none starts there. */
    private static int afterComment(String statement, int i, String what) {
        int n = statement.length();
        if (i + 1 >= n) {
            return i;
        }
        char c = statement.charAt(i);
        char next = statement.charAt(i + 1);
        if (c == '-' && next == '-') {
            int end = statement.indexOf('\n', i);
            return end < 0 ? n : end + 1;
        }
        if (c == '/' && next == '*') {
            int end = statement.indexOf("*/", i + 2);
            if (end < 0) {
                throw new ValidationException(what + " has a comment opened at character " + (i + 1) + " that is never closed; close it with */");
            }
            return end + 2;
        }
        return i;
    }

    /** The index of the quote closing the quoted name or literal opened at {@code i} (a doubled quote is one inside it). */
    private static int closingQuote(String statement, int i, String what) {
        char c = statement.charAt(i);
        int n = statement.length();
        int j = i + 1;
        while (true) {
            if (j >= n) {
                throw new ValidationException(what + " has a " + (c == '"' ? "quoted name" : "string literal") + " opened at character "
                        + (i + 1) + " that is never closed; close it with " + c + " (write " + c + c + " for a " + c + " inside it)");
            }
            if (statement.charAt(j) == c && j + 1 < n && statement.charAt(j + 1) == c) {
                j += 2;
            } else if (statement.charAt(j) == c) {
                return j;
            } else {
                j++;
            }
        }
    }

    /**
     * The tokens of a statement; comments ({@code --} to the end of the line, {@code /* ... *}{@code /}) are
     * dropped.
     *
     * @throws ValidationException when a quoted name, literal or comment is not closed
     */
    public static List<Token> tokens(String statement, String what) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = statement.length();
        while (i < n) {
            char c = statement.charAt(i);
            int afterComment = afterComment(statement, i, what);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (afterComment > i) {
                i = afterComment;
            } else if (c == '"' || c == '\'') {
                int close = closingQuote(statement, i, what);
                String doubled = String.valueOf(c) + c;
                tokens.add(new Token(c == '"' ? Kind.QUOTED : Kind.STRING, statement.substring(i + 1, close).replace(doubled, String.valueOf(c))));
                i = close + 1;
            } else if (c == '?') {
                tokens.add(new Token(Kind.PARAMETER, "?"));
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(statement.charAt(j)) || statement.charAt(j) == '_')) {
                    j++;
                }
                tokens.add(new Token(Kind.WORD, statement.substring(i, j)));
                i = j;
            } else {
                int j = i + 1;
                if (j < n && "<>=!".indexOf(c) >= 0 && "=>".indexOf(statement.charAt(j)) >= 0) {
                    j++;
                }
                tokens.add(new Token(Kind.OTHER, statement.substring(i, j)));
                i = j;
            }
        }
        return List.copyOf(tokens);
    }

    /** {@code "name"}, with a {@code "} inside it doubled. */
    public static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /**
     * A name where a statement reads a value ({@code SET "n" = n + ?}): bare when it is a plain identifier (a letter or
     * {@code _}, then letters, digits and {@code _}) and no reserved word, else {@link #quoted}. Amazon DynamoDB takes
     * both spellings there; some engines (Dynoxide 1.2.1) refuse a quoted name in a value's place, so the one every
     * engine takes is written where there is one.
     */
    public static String operand(String name) {
        return PLAIN_IDENTIFIER.matcher(name).matches() && !RESERVED_WORDS.contains(name.toUpperCase(java.util.Locale.ROOT))
                ? name : quoted(name);
    }

    private static final java.util.regex.Pattern PLAIN_IDENTIFIER = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final java.util.Set<String> RESERVED_WORDS = reservedWords();

    private static java.util.Set<String> reservedWords() {
        try (java.io.InputStream in = PartiqlText.class.getResourceAsStream("reserved-words.txt")) {
            if (in == null) {
                throw new IllegalStateException("reserved-words.txt is missing beside " + PartiqlText.class.getName());
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .collect(java.util.stream.Collectors.toUnmodifiableSet());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code 'text'}, with a {@code '} inside it doubled. */
    public static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    // ------------------------------------------------------------------ statements users write

    /**
     * What a checked write statement is: its kind ({@code insert}, {@code update}, {@code delete}), how many {@code ?} it
     * has, and for an UPDATE the top-level attributes its SET and REMOVE clauses write ({@code SET} or {@code REMOVE} by
     * name, in the order written; the first clause for a name written twice), and whether applying it twice stores what
     * applying it once does ({@link UpdateClauses}; an INSERT or DELETE is).
     */
    public record CheckedWrite(String operation, int parameterCount, Map<String, String> changed, boolean repeatable) {
        public CheckedWrite {
            changed = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(changed));
        }
    }

    /**
     * Checks a write statement against the table before anything is sent: an INSERT, UPDATE or DELETE, on
     * this table, naming (as quoted names, or as the keys of an INSERT's {@code VALUE} tuple) only attributes
     * some entity of the table has, or the table's key, index key and entity type attributes. Bare names
     * are not checked: they cannot be told apart from PartiQL's words without a grammar.
     *
     * @throws ValidationException naming what is wrong and what to write instead
     */
    public static CheckedWrite checkWrite(String statement, TableSchema table) {
        String what = "PartiQL statement '" + statement.strip() + "'";
        List<Token> tokens = tokens(statement, what);
        if (tokens.isEmpty()) {
            throw new ValidationException("PartiQL statement '" + statement + "' is empty; give an INSERT, UPDATE or DELETE");
        }
        Token first = tokens.get(0);
        String operation;
        int tableAt;
        if (first.isWord("INSERT") && tokens.size() > 2 && tokens.get(1).isWord("INTO")) {
            operation = "insert";
            tableAt = 2;
        } else if (first.isWord("DELETE") && tokens.size() > 2 && tokens.get(1).isWord("FROM")) {
            operation = "delete";
            tableAt = 2;
        } else if (first.isWord("UPDATE") && tokens.size() > 1) {
            operation = "update";
            tableAt = 1;
        } else if (first.isWord("SELECT")) {
            throw new ValidationException(what + " is a SELECT: read with table.partiql(ENTITY, statement), which decodes the items");
        } else {
            throw new ValidationException(what + " is not an INSERT INTO, UPDATE or DELETE FROM; partiqlWrite takes those three "
                    + "(read with table.partiql(ENTITY, statement))");
        }
        Token named = tokens.get(tableAt);
        if ((named.kind() != Kind.QUOTED && named.kind() != Kind.WORD) || !named.text().equals(table.name())) {
            throw new ValidationException(what + " writes to table '" + named.text() + "', but this Table is '" + table.name()
                    + "': write " + quoted(table.name()) + " (a statement on another table needs that table's Table)");
        }
        Set<String> known = knownNames(table);
        int parameters = 0;
        for (int i = tableAt + 1; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (token.kind() == Kind.PARAMETER) {
                parameters++;
            }
            boolean nested = i > 0 && (tokens.get(i - 1).is(".") || tokens.get(i - 1).is("["));
            boolean name = token.kind() == Kind.QUOTED && !nested
                    || token.kind() == Kind.STRING && operation.equals("insert") && i + 1 < tokens.size() && tokens.get(i + 1).is(":");
            if (name && !known.contains(token.text())) {
                throw new ValidationException(what + " names attribute '" + token.text() + "', which no entity of table " + table.name()
                        + " has" + closest(token.text(), known) + "; the attributes are " + new java.util.TreeSet<>(known));
            }
        }
        if (!operation.equals("update")) {
            return new CheckedWrite(operation, parameters, Map.of(), true);
        }
        UpdateClauses clauses = UpdateClauses.of(tokens, tableAt + 1);
        return new CheckedWrite(operation, parameters, clauses.changed(), clauses.repeatable());
    }

    private static Set<String> knownNames(TableSchema table) {
        Set<String> names = new LinkedHashSet<>();
        names.add(table.partitionKeyAttribute());
        table.sortKeyAttribute().ifPresent(names::add);
        names.add(table.entityTypeAttribute());
        table.timeToLiveAttribute().ifPresent(names::add);
        table.indexes().forEach(index -> index.keyAttributes().forEach(k -> names.add(k.name())));
        for (EntitySchema<?> entity : table.entities()) {
            entity.attributes().forEach(a -> names.add(a.name()));
        }
        return names;
    }

    private static String closest(String name, Set<String> known) {
        return known.stream().filter(k -> k.equalsIgnoreCase(name)).findFirst().map(k -> " (did you mean '" + k + "'?)").orElse("");
    }

    /** Refuses parameters that do not match the statement's {@code ?}s, before sending. */
    public static void checkParameterCount(String what, int expected, int given) {
        if (expected != given) {
            throw new ValidationException(what + " has " + expected + " ? placeholder" + (expected == 1 ? "" : "s") + " but " + given
                    + " parameter" + (given == 1 ? " is" : "s are") + " given; give one value per ?, in order");
        }
    }

    // ------------------------------------------------------------------ conditions

    /**
     * A condition as a PartiQL predicate: names quoted, each value a {@code ?} appended to {@code parameters},
     * {@code attribute_exists(p)} as {@code p IS NOT MISSING}, {@code attribute_not_exists(p)} as {@code p IS MISSING},
     * {@code IN (...)} as {@code IN [...]}; comparisons, {@code BETWEEN}, {@code begins_with}, {@code contains},
     * {@code size} and {@code attribute_type} read the same in both.
     */
    public static String predicate(Condition condition, List<AttributeValue> parameters) {
        String rendered = condition.render(new Placeholders() {
            @Override
            public String name(String attributeName) {
                return quoted(attributeName);
            }

            @Override
            public String value(AttributeValue value) {
                parameters.add(value);
                return "?";
            }
        });
        List<Token> tokens = tokens(rendered, "condition " + condition);
        StringBuilder out = new StringBuilder();
        List<Boolean> lists = new ArrayList<>(); // per open parenthesis: whether it opened an IN list
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            Token previous = i == 0 ? null : tokens.get(i - 1);
            if ((token.isWord("attribute_exists") || token.isWord("attribute_not_exists")) && i + 1 < tokens.size()
                    && tokens.get(i + 1).is("(")) {
                int close = i + 2;
                while (!tokens.get(close).is(")")) {
                    close++;
                }
                append(out, "", true);
                for (int j = i + 2; j < close; j++) {
                    out.append(text(tokens.get(j)));
                }
                out.append(token.isWord("attribute_exists") ? " IS NOT MISSING" : " IS MISSING");
                i = close;
            } else if (token.is("(")) {
                boolean list = previous != null && previous.isWord("IN");
                lists.add(list);
                // a function's parenthesis follows its name; a group's or a list's is a word of its own
                boolean call = previous != null && previous.kind() == Kind.WORD && !list && !isOperatorWord(previous);
                append(out, list ? "[" : "(", !call);
            } else if (token.is(")")) {
                append(out, lists.remove(lists.size() - 1) ? "]" : ")", false);
            } else if (token.is(",") || token.is(".") || token.is("[") || token.is("]")) {
                append(out, token.text(), false);
            } else {
                boolean glued = previous != null && (previous.is(".") || previous.is("["));
                append(out, text(token), !glued);
            }
        }
        return out.toString();
    }

    private static boolean isOperatorWord(Token token) {
        return token.isWord("AND") || token.isWord("OR") || token.isWord("NOT") || token.isWord("BETWEEN");
    }

    private static void append(StringBuilder out, String text, boolean spaced) {
        char last = out.length() == 0 ? '(' : out.charAt(out.length() - 1);
        if (spaced && last != '(' && last != '[') {
            out.append(' ');
        }
        out.append(text);
    }

    private static String text(Token token) {
        return switch (token.kind()) {
            case QUOTED -> quoted(token.text());
            case STRING -> literal(token.text());
            default -> token.text();
        };
    }

    // ------------------------------------------------------------------ parameters

    /** A plain value as a parameter: {@code String} (S), any {@code Number} (N), {@code Boolean}, {@code byte[]} or an {@code AttributeValue}. */
    public static AttributeValue plain(Object value, int index, String what) {
        if (value instanceof AttributeValue attributeValue) {
            return attributeValue;
        }
        if (value instanceof String text) {
            return AttributeValue.fromS(text);
        }
        if (value instanceof BigDecimal decimal) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText(decimal));
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger) {
            return AttributeValue.fromN(value.toString());
        }
        if (value instanceof Number number) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText(new BigDecimal(number.toString())));
        }
        if (value instanceof Boolean flag) {
            return AttributeValue.fromBool(flag);
        }
        if (value instanceof byte[] bytes) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
        }
        throw new ValidationException(what + ": parameter " + (index + 1) + " is " + (value == null ? "null"
                : "a " + value.getClass().getName()) + "; give a String, Number, Boolean, byte[] or AttributeValue, or an "
                + "attribute's value with parameter(ATTRIBUTE, value)"
                + (value == null ? " (find missing attributes with IS MISSING in the statement)" : ""));
    }

    /** An attribute's value as the attribute's type stores it (an enum as its name, an instant as its text or number...). */
    public static <V> AttributeValue attributeValue(Attribute<?, V> attribute, V value, String what) {
        if (value == null) {
            throw new ValidationException(what + ": the parameter for '" + attribute.name() + "' is null; a ? takes a value (find "
                    + "missing attributes with IS MISSING in the statement)");
        }
        try {
            return attribute.type().toAttributeValue(value);
        } catch (IllegalArgumentException | ArithmeticException | ClassCastException e) {
            throw new ValidationException(what + ": value " + value + " for '" + attribute.name() + "' cannot be stored as "
                    + attribute.type().typeName() + ": " + e.getMessage(), e);
        }
    }

    /** The primary key of an entity composed from key values: the partition key's value, then the sort key's (when the table has one). */
    public static List<AttributeValue> keyValues(BoundTable table, EntitySchema<?> entity, KeyValues key) {
        Map<String, AttributeValue> composed = table.bound(entity).key(key);
        List<AttributeValue> values = new ArrayList<>(2);
        values.add(composed.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> values.add(composed.get(sk)));
        return values;
    }

    /** {@code "PK" = ? AND "SK" = ?}: the WHERE clause naming one item by its primary key. */
    public static String keyPredicate(TableSchema table) {
        return quoted(table.partitionKeyAttribute()) + " = ?" + table.sortKeyAttribute().map(sk -> " AND " + quoted(sk) + " = ?").orElse("");
    }
}
