package dev.singletable.internal.codec;

import dev.singletable.KeyAttribute;
import dev.singletable.KeyType;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.keys.EntityTemplates;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The templates of the table's primary key or of one index, and the attributes that hold them. */
public final class KeyBinding<T> {
    private final String indexName;
    private final List<KeyPart<T>> partitionParts;
    private final List<KeyPart<T>> sortParts;

    private KeyBinding(String indexName, List<KeyPart<T>> partitionParts, List<KeyPart<T>> sortParts) {
        this.indexName = indexName;
        this.partitionParts = List.copyOf(partitionParts);
        this.sortParts = List.copyOf(sortParts);
    }

    public String indexName() {
        return indexName;
    }

    /** The (first) partition key attribute. */
    public String partitionAttribute() {
        return partitionParts.get(0).attribute();
    }

    /** The (first) partition key template. */
    public BoundKeyTemplate<T> partition() {
        return partitionParts.get(0).template();
    }

    /** The (first) sort key attribute, when the key has a sort key. */
    public Optional<String> sortAttribute() {
        return sortParts.isEmpty() ? Optional.empty() : Optional.of(sortParts.get(0).attribute());
    }

    /** The (first) sort key template, when the key has a sort key. */
    public Optional<BoundKeyTemplate<T>> sort() {
        return sortParts.isEmpty() ? Optional.empty() : Optional.of(sortParts.get(0).template());
    }

    /** The partition key attributes, in order (several for a multi-attribute key). */
    public List<String> partitionAttributes() {
        return partitionParts.stream().map(KeyPart::attribute).toList();
    }

    /** The sort key attributes, in order; empty without a sort key. */
    public List<String> sortAttributes() {
        return sortParts.stream().map(KeyPart::attribute).toList();
    }

    /** Every template of the key, partition first. */
    public List<BoundKeyTemplate<T>> templates() {
        List<BoundKeyTemplate<T>> templates = new ArrayList<>();
        partitionParts.forEach(p -> templates.add(p.template()));
        sortParts.forEach(p -> templates.add(p.template()));
        return templates;
    }

    /** True when the i-th sort attribute holds the template's text (an S key composed from it), so prefixes apply. */
    public boolean sortIsText(int i) {
        KeyPart<T> part = sortParts.get(i);
        return (part.source() == KeyPart.Source.TABLE_KEY ? part.primary() : part).source() == KeyPart.Source.COMPOSED;
    }

    /** True when the i-th partition attribute holds the template's text (an S key composed from it), so its text can be compared. */
    public boolean partitionIsText(int i) {
        KeyPart<T> part = partitionParts.get(i);
        return (part.source() == KeyPart.Source.TABLE_KEY ? part.primary() : part).source() == KeyPart.Source.COMPOSED;
    }

    /** The i-th partition key attribute's value from key values. */
    public AttributeValue partitionValue(int i, KeyValues values) {
        return partitionParts.get(i).value(values);
    }

    /** The i-th sort key attribute's value from key values. */
    public AttributeValue sortValue(int i, KeyValues values) {
        return sortParts.get(i).value(values);
    }

    /** True when the key attributes are ones this binding writes itself (not the entity's own attributes or the table's keys). */
    /**
     * The slot values the key attributes of {@code item} were made from, by attribute name.
     *
     * @throws dev.singletable.KeyTemplateException naming the key attribute the item lacks, or the template its value
     *         does not match and why
     */
    public Map<String, Object> parse(Map<String, AttributeValue> item) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (KeyPart<T> part : parts()) {
            AttributeValue stored = item.get(part.attribute());
            if (stored == null) {
                throw new dev.singletable.KeyTemplateException(part.where() + ": the item has no key attribute '" + part.attribute() + "'");
            }
            part.parse(stored, values);
        }
        return values;
    }

    public boolean writesAnyAttribute() {
        return partitionParts.stream().anyMatch(KeyPart::written) || sortParts.stream().anyMatch(KeyPart::written);
    }

    /** The attributes this binding writes itself, partition first. */
    public List<String> writtenAttributes() {
        List<String> written = new ArrayList<>();
        for (KeyPart<T> part : parts()) {
            if (part.written()) {
                written.add(part.attribute());
            }
        }
        return written;
    }

    /**
     * The key attributes this binding writes itself whose template has a slot for the attribute, each with its template's
     * text, partition first: what goes stale when the attribute changes and they are not rewritten.
     */
    public Map<String, String> writtenAttributesBuiltFrom(String attribute) {
        Map<String, String> written = new LinkedHashMap<>();
        for (KeyPart<T> part : parts()) {
            if (part.written() && part.template().hasSlot(attribute)) {
                written.put(part.attribute(), part.template().template().text());
            }
        }
        return written;
    }

    /** The written key attributes' values from slot values, in the order of {@link #writtenAttributes()}. */
    public Map<String, AttributeValue> writtenValues(KeyValues values) {
        Map<String, AttributeValue> written = new LinkedHashMap<>();
        for (KeyPart<T> part : parts()) {
            if (part.written()) {
                written.put(part.attribute(), part.value(values));
            }
        }
        return written;
    }

    /** Every part, partition first. */
    List<KeyPart<T>> parts() {
        List<KeyPart<T>> all = new ArrayList<>(partitionParts);
        all.addAll(sortParts);
        return all;
    }

    @Override
    public String toString() {
        return indexName + templates().stream().map(t -> t.template().text()).toList();
    }

    /** The partition key's parts, in order. */
    List<KeyPart<T>> partitionParts() {
        return partitionParts;
    }

    /** The sort key's parts, in order; empty without a sort key. */
    List<KeyPart<T>> sortParts() {
        return sortParts;
    }

    /**
     * The binding of the table's primary key ({@code primaryParts} empty, and filled here) or of an index (reusing the
     * primary key's parts for the table's key attributes).
     */
    static <T> KeyBinding<T> bind(String indexName, String where, List<KeyAttribute> partition, List<KeyAttribute> sort,
                                  EntityTemplates.Pair<T> templates, Map<String, KeyPart<T>> primaryParts,
                                  Map<String, Set<Integer>> escapes) {
        boolean isPrimary = primaryParts.isEmpty();
        List<KeyPart<T>> partitionParts = new ArrayList<>();
        for (int i = 0; i < partition.size(); i++) {
            partitionParts.add(part(partition.get(i), templates.partitions().get(i), where + " partition key", primaryParts, escapes));
        }
        List<KeyPart<T>> sortParts = new ArrayList<>();
        for (int i = 0; i < sort.size(); i++) {
            sortParts.add(part(sort.get(i), templates.sorts().get(i), where + " sort key", primaryParts, escapes));
        }
        if (isPrimary) {
            for (KeyPart<T> part : partitionParts) {
                primaryParts.put(part.attribute(), part);
            }
            for (KeyPart<T> part : sortParts) {
                primaryParts.put(part.attribute(), part);
            }
        }
        return new KeyBinding<>(indexName, partitionParts, sortParts);
    }

    /**
     * The part of a key attribute. Only text composed from the template (COMPOSED, or a table key the index
     * reuses that is composed) escapes the table's escape set for the attribute; values and own attributes
     * are stored as they are ({@link EntityTemplates#composesText} sorts templates the same way).
     */
    private static <T> KeyPart<T> part(KeyAttribute attribute, BoundKeyTemplate<T> template, String where,
                                       Map<String, KeyPart<T>> primaryParts, Map<String, Set<Integer>> escapes) {
        KeyPart<T> primary = primaryParts.get(attribute.name());
        if (primary != null) {
            BoundKeyTemplate<T> reused = primary.source() == KeyPart.Source.COMPOSED
                    ? template.escaping(escapes.getOrDefault(attribute.name(), Set.of())) : template;
            return new KeyPart<>(attribute.name(), attribute.type(), reused, KeyPart.Source.TABLE_KEY, primary, where);
        }
        boolean single = BoundKeyTemplate.isSingleSlot(template.template());
        if (single && template.attributes().get(0).name().equals(attribute.name())) {
            return new KeyPart<>(attribute.name(), attribute.type(), template, KeyPart.Source.OWN, null, where);
        }
        if (attribute.type() != KeyType.S) {
            return new KeyPart<>(attribute.name(), attribute.type(), template, KeyPart.Source.VALUE, null, where);
        }
        if (template.unusableAsText().isPresent()) {
            throw new SchemaDefinitionException(template.unusableAsText().get() + " (key attribute '" + attribute.name() + "' is a string)");
        }
        return new KeyPart<>(attribute.name(), attribute.type(), template.escaping(escapes.getOrDefault(attribute.name(), Set.of())),
                KeyPart.Source.COMPOSED, null, where);
    }

    /**
     * The parts of {@code primary} and {@code indexes} that copy an attribute as it is (the entity's own or a value's):
     * the parts whose stored attribute an item carries.
     */
    // loops, not lambdas: this runs when a fresh JVM binds its first entity, where each lambda is a class to spin up
    static <T> List<KeyPart<T>> valueParts(KeyBinding<T> primary, java.util.Collection<KeyBinding<T>> indexes) {
        List<KeyPart<T>> parts = new ArrayList<>();
        primary.addValueParts(parts);
        for (KeyBinding<T> index : indexes) {
            index.addValueParts(parts);
        }
        return List.copyOf(parts);
    }

    private void addValueParts(List<KeyPart<T>> parts) {
        for (KeyPart<T> part : parts()) {
            if (part.source() == KeyPart.Source.OWN || part.source() == KeyPart.Source.VALUE) {
                parts.add(part);
            }
        }
    }

    /** The composed parts of {@code bindings} that read at least one attribute. */
    static <T> List<KeyPart<T>> composedParts(java.util.Collection<KeyBinding<T>> bindings) {
        List<KeyPart<T>> parts = new ArrayList<>();
        for (KeyBinding<T> binding : bindings) {
            for (KeyPart<T> part : binding.parts()) {
                if (part.source() == KeyPart.Source.COMPOSED && !part.template().attributes().isEmpty()) {
                    parts.add(part);
                }
            }
        }
        return List.copyOf(parts);
    }
}
