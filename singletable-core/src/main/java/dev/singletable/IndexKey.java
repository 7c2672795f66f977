package dev.singletable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An entity's key templates on one index (the table's primary key or a secondary index): a
 * partition key template and, when the index has a sort key, a sort key template. An index with a
 * multi-attribute key takes one template per key attribute, in the index's attribute order.
 *
 * <p>A template that is exactly one slot, {@code {roomId}}, stores the attribute's own value: on a
 * number (N) or binary (B) key attribute that is the only form allowed, and when the attribute's
 * stored name is the key attribute's name the attribute itself is the key (nothing extra is
 * written, and items without it are not in the index).
 *
 * <pre>{@code
 * IndexKey.of("CUSTOMER#{customerId}", "ORDER#{orderId}")
 * IndexKey.ofAttributes(List.of("{tournament}", "{region}"), List.of("{round}", "{score}"))   // multi-attribute GSI key
 * }</pre>
 */
@Stable
public final class IndexKey {
    private final List<KeyTemplate> partitionTemplates;
    private final List<KeyTemplate> sortTemplates;

    /** A key of one partition template and an optional sort template; {@code sort} is empty for a key without a sort key. */
    public IndexKey(KeyTemplate partition, Optional<KeyTemplate> sort) {
        NullArgumentException.check("IndexKey", "partition", partition, "sort", sort);
        this.partitionTemplates = List.of(partition);
        this.sortTemplates = sort.map(List::of).orElse(List.of());
    }

    private IndexKey(List<KeyTemplate> partitionTemplates, List<KeyTemplate> sortTemplates) {
        this.partitionTemplates = List.copyOf(partitionTemplates);
        this.sortTemplates = List.copyOf(sortTemplates);
    }

    /** A key with a partition and a sort template, both parsed. */
    public static IndexKey of(String partitionTemplate, String sortTemplate) {
        NullArgumentException.check("IndexKey.of", "partitionTemplate", partitionTemplate, "sortTemplate", sortTemplate);
        return new IndexKey(KeyTemplate.parse(partitionTemplate), Optional.of(KeyTemplate.parse(sortTemplate)));
    }

    /** A key with a partition template only. */
    public static IndexKey of(String partitionTemplate) {
        NullArgumentException.check("IndexKey.of", "partitionTemplate", partitionTemplate);
        return new IndexKey(KeyTemplate.parse(partitionTemplate), Optional.empty());
    }

    /**
     * A key on an index with a multi-attribute key: one template per partition key attribute (1 to 4)
     * and one per sort key attribute (0 to 4), in the index's order.
     *
     * @throws SchemaDefinitionException when the counts are out of range
     * @throws KeyTemplateException when a template is malformed
     */
    public static IndexKey ofAttributes(List<String> partitionTemplates, List<String> sortTemplates) {
        NullArgumentException.check("IndexKey.ofAttributes", "partitionTemplates", partitionTemplates, "sortTemplates", sortTemplates);
        if (partitionTemplates.isEmpty() || partitionTemplates.size() > IndexSchema.MAX_KEY_ATTRIBUTES
                || sortTemplates.size() > IndexSchema.MAX_KEY_ATTRIBUTES) {
            throw new SchemaDefinitionException("A key has 1 to " + IndexSchema.MAX_KEY_ATTRIBUTES + " partition templates and 0 to "
                    + IndexSchema.MAX_KEY_ATTRIBUTES + " sort templates, one per key attribute; given " + partitionTemplates.size()
                    + " and " + sortTemplates.size());
        }
        return new IndexKey(parseAll(partitionTemplates), parseAll(sortTemplates));
    }

    private static List<KeyTemplate> parseAll(List<String> texts) {
        List<KeyTemplate> templates = new ArrayList<>(texts.size());
        for (String text : texts) {
            if (text == null) {
                throw new SchemaDefinitionException("A key template is null; give a template such as '{roomId}'");
            }
            templates.add(KeyTemplate.parse(text));
        }
        return templates;
    }

    /** The (first) partition key template. */
    public KeyTemplate partition() {
        return partitionTemplates.get(0);
    }

    /** The (first) sort key template, when the key has a sort key. */
    public Optional<KeyTemplate> sort() {
        return sortTemplates.isEmpty() ? Optional.empty() : Optional.of(sortTemplates.get(0));
    }

    /** Every partition key template, one per partition key attribute. */
    public List<KeyTemplate> partitionTemplates() {
        return partitionTemplates;
    }

    /** Every sort key template, one per sort key attribute; empty without a sort key. */
    public List<KeyTemplate> sortTemplates() {
        return sortTemplates;
    }

    /** Every template, partition first. */
    public List<KeyTemplate> templates() {
        List<KeyTemplate> all = new ArrayList<>(partitionTemplates);
        all.addAll(sortTemplates);
        return List.copyOf(all);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexKey other && other.partitionTemplates.equals(partitionTemplates)
                && other.sortTemplates.equals(sortTemplates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(partitionTemplates, sortTemplates);
    }

    @Override
    public String toString() {
        String partition = partitionTemplates.size() == 1 ? partitionTemplates.get(0).text() : partitionTemplates.toString();
        if (sortTemplates.isEmpty()) {
            return partition;
        }
        return partition + " / " + (sortTemplates.size() == 1 ? sortTemplates.get(0).text() : sortTemplates.toString());
    }
}
