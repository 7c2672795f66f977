package dev.singletable.internal.reads;

import dev.singletable.KeyValues;
import dev.singletable.internal.keys.BoundKeyTemplate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
    enum Op { EQ, BEGINS, BEGINS_RAW, LT, LE, GT, GE, BETWEEN, BETWEEN_RAW, CHILDREN, SUBTREE }

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

    /** The range on slot values with a text slot this condition is, which needs a filter to keep exactly the values in it. */
    default Optional<TextSlotRange> textRange(Supplier<BoundKeyTemplate<?>> template) {
        return Optional.empty();
    }

    /** {@code =}, {@code begins_with}, {@code <}, {@code <=}, {@code >} or {@code >=} on slot values. */
    record Compare(Op op, KeyValues values) implements SortKeyCondition {
        @Override
        public Optional<Bounds> bounds(Supplier<BoundKeyTemplate<?>> templates) {
            BoundKeyTemplate<?> template = templates.get();
            Optional<TextSlotRange> range = TextSlotRange.of(template, op, values);
            return range.isPresent() ? Optional.of(range.get().bounds()) : keyBounds(template);
        }

        /** The bounds on the key text alone, exact for every slot but a leading text one. */
        private Optional<Bounds> keyBounds(BoundKeyTemplate<?> template) {
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

        @Override
        public Optional<TextSlotRange> textRange(Supplier<BoundKeyTemplate<?>> template) {
            return TextSlotRange.of(template.get(), op, values);
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
            Optional<TextSlotRange> range = TextSlotRange.between(template, from, to);
            return Optional.of(range.isPresent() ? range.get().bounds()
                    : new Bounds("#sk BETWEEN :sk AND :sk2", template.prefix(from).text(), Optional.of(upperEnd(template.prefix(to)))));
        }

        @Override
        public Optional<TextSlotRange> textRange(Supplier<BoundKeyTemplate<?>> template) {
            return TextSlotRange.between(template.get(), from, to);
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

    /**
     * The children ({@code CHILDREN}) or the whole subtree, the node included ({@code SUBTREE}), of the node whose
     * path the values give, in a sort key template that ends with a path slot. Children: {@code begins_with} on the
     * node's key and the separator, which stops at a segment boundary ({@code AUDIO#} never matches {@code AUDIO2}),
     * with a filter on the depth ({@code size(path)}). Subtree: from the node's key to the key with the separator's
     * successor ({@code $}) in its place, with a filter on the node's segment, which drops the siblings whose name
     * is the node's followed by a character that sorts before the separator ({@code AUDIO!}).
     *
     * @param path the path attribute's name, whose value in {@code values} is the node's path
     */
    record Hierarchy(Op op, KeyValues values, String path, java.util.List<String> node) implements SortKeyCondition {
        @Override
        public Optional<Bounds> bounds(Supplier<BoundKeyTemplate<?>> templates) {
            BoundKeyTemplate<?> template = templates.get();
            if (template.pathAttribute().filter(a -> a.name().equals(path)).isEmpty()) {
                throw new dev.singletable.ValidationException("sort key template '" + template.template().text() + "' has no path slot {"
                        + path + "}; " + op.name().toLowerCase(java.util.Locale.ROOT) + " queries need a sort key template that "
                        + "ends with a path slot, such as 'CATEGORY#{" + path + "}'");
            }
            String key = template.compose(values);
            String separator = new String(Character.toChars(BoundKeyTemplate.PATH_SEPARATOR));
            String after = new String(Character.toChars(BoundKeyTemplate.PATH_SEPARATOR + 1));
            return op == Op.CHILDREN ? one("begins_with(#sk, :sk)", key + separator)
                    : Optional.of(new Bounds("#sk BETWEEN :sk AND :sk2", key, Optional.of(key + after)));
        }

        /** The filter clause on the path attribute, with the placeholders it uses. */
        String filter(dev.singletable.Placeholders placeholders) {
            String name = placeholders.name(path);
            if (op == Op.CHILDREN) {
                return "size(" + name + ") = " + placeholders.value(AttributeValue.fromN(Integer.toString(node.size() + 1)));
            }
            return name + "[" + (node.size() - 1) + "] = " + placeholders.value(AttributeValue.fromS(node.get(node.size() - 1)));
        }
    }

    private static Optional<Bounds> one(String expression, String value) {
        return Optional.of(new Bounds(expression, value, Optional.empty()));
    }

    /** The highest key starting with a partial prefix; a complete key is its own upper end. */
    private static String upperEnd(BoundKeyTemplate.Prefix prefix) {
        return prefix.complete() ? prefix.text() : prefix.text() + AFTER_PREFIX;
    }
}
