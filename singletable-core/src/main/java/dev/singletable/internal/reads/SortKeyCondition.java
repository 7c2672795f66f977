package dev.singletable.internal.reads;

import dev.singletable.KeyValues;
import dev.singletable.internal.keys.BoundKeyTemplate;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one condition a query may put on the sort key: on slot values composed through the members'
 * shared sort key template, or on raw key text.
 */
sealed interface SortKeyCondition {
    /** Sorts after every other character in DynamoDB's UTF-8 byte order: ends the range of keys sharing a prefix. */
    String AFTER_PREFIX = new String(Character.toChars(Character.MAX_CODE_POINT));

    /** The operator names of messages. */
    enum Op { EQ, BEGINS, BEGINS_RAW, LT, LE, GT, GE, BETWEEN, BETWEEN_RAW }

    /**
     * The expression on {@code #sk} with its one or two values, as key text.
     *
     * @param expression uses {@code :sk}, and {@code :sk2} when {@code second} is present
     */
    record Bounds(String expression, String first, Optional<String> second) {
    }

    Op op();

    /**
     * The bounds of this condition, or empty when it matches every key (a prefix of no slot value and
     * no literal text).
     *
     * @param template the members' shared sort key template, asked only by conditions on slot values
     */
    Optional<Bounds> bounds(Supplier<BoundKeyTemplate<?>> template);

    /** {@code =}, {@code begins_with}, {@code <}, {@code <=}, {@code >} or {@code >=} on slot values. */
    record Compare(Op op, KeyValues values) implements SortKeyCondition {
        @Override
        public Optional<Bounds> bounds(Supplier<BoundKeyTemplate<?>> templates) {
            BoundKeyTemplate<?> template = templates.get();
            BoundKeyTemplate.Prefix prefix = template.prefix(values);
            return switch (op) {
                case EQ -> one("#sk = :sk", template.compose(values));
                case BEGINS -> prefix.text().isEmpty() ? Optional.empty()
                        : one(prefix.complete() ? "#sk = :sk" : "begins_with(#sk, :sk)", prefix.text());
                case LT -> one("#sk < :sk", prefix.text());
                case LE -> one("#sk <= :sk", upperEnd(prefix));
                case GT -> one("#sk > :sk", upperEnd(prefix));
                case GE -> one("#sk >= :sk", prefix.text());
                default -> throw new IllegalStateException("not a comparison: " + op);
            };
        }
    }

    /** {@code BETWEEN} on slot values: a partial upper bound takes in every key it is a prefix of. */
    record Between(KeyValues from, KeyValues to) implements SortKeyCondition {
        @Override
        public Op op() {
            return Op.BETWEEN;
        }

        @Override
        public Optional<Bounds> bounds(Supplier<BoundKeyTemplate<?>> templates) {
            BoundKeyTemplate<?> template = templates.get();
            return Optional.of(new Bounds("#sk BETWEEN :sk AND :sk2", template.prefix(from).text(),
                    Optional.of(upperEnd(template.prefix(to)))));
        }
    }

    /**
     * {@code begins_with} ({@code BEGINS_RAW}) or {@code BETWEEN} ({@code BETWEEN_RAW}) on raw key text.
     *
     * @param to the upper end of {@code BETWEEN_RAW}; empty for a prefix
     */
    record Raw(Op op, String from, Optional<String> to) implements SortKeyCondition {
        @Override
        public Optional<Bounds> bounds(Supplier<BoundKeyTemplate<?>> template) {
            return Optional.of(new Bounds(to.isEmpty() ? "begins_with(#sk, :sk)" : "#sk BETWEEN :sk AND :sk2", from, to));
        }
    }

    private static Optional<Bounds> one(String expression, String value) {
        return Optional.of(new Bounds(expression, value, Optional.empty()));
    }

    /** The highest key starting with a partial prefix; a complete key is its own upper end. */
    private static String upperEnd(BoundKeyTemplate.Prefix prefix) {
        return prefix.complete() ? prefix.text() : prefix.text() + AFTER_PREFIX;
    }

    /** Compares as DynamoDB does: by UTF-8 bytes, which is code point order. */
    static int compareUtf8(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
