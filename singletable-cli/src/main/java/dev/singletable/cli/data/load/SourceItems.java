package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Table;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Items of another table as items of one entity: attributes renamed ({@code --map source=target},
 * an empty target drops the attribute), values converted by the entity's attribute types, keys
 * composed and the item checked as a write would. Also the canonical text of an entity's values,
 * for comparing a stored item with a source item and for order-independent checksums.
 */
final class SourceItems {
    private final SchemaFile design;
    private final Table table;
    private final String entity;
    private final Map<String, String> renames;
    private final RowItems rows;

    /**
     * @param entity an entity type, or an entity stored in states ({@code Product}) or one of its states
     *               ({@code ActiveProduct}): either way each source item goes to the state its state attribute picks
     */
    SourceItems(SchemaFile design, Table table, String entity, Map<String, String> renames) {
        this.design = design;
        this.table = table;
        this.entity = statesOwner(design, entity).orElse(entity);
        this.renames = Map.copyOf(renames);
        this.rows = new RowItems(design, table);
    }

    /**
     * The entity types the source items become: the entity's, or for an entity stored in states (named or one of its
     * states) each of its states'.
     *
     * @throws dev.singletable.SchemaDefinitionException naming the entities when the design has none of this name
     */
    static List<String> types(SchemaFile design, String entity) {
        Optional<String> owner = statesOwner(design, entity);
        if (owner.isEmpty()) {
            design.entity(entity);
            return List.of(entity);
        }
        return design.document().entities().get(owner.get()).states().orElseThrow().values().values().stream()
                .map(dev.singletable.schema.StatesDefinition.State::type).distinct().toList();
    }

    /** The entity stored in states that {@code entity} is, or is a state of. */
    private static Optional<String> statesOwner(SchemaFile design, String entity) {
        return design.document().entities().entrySet().stream().filter(e -> e.getValue().states().isPresent())
                .filter(e -> e.getKey().equals(entity) || e.getValue().states().get().values().values().stream()
                        .anyMatch(state -> state.type().equals(entity)))
                .map(Map.Entry::getKey).findFirst();
    }

    /** The entity types the source items become (see {@link #types}). */
    List<EntitySchema<DynamicItem>> types() {
        return types(design, entity).stream().map(design::entity).toList();
    }

    /** The entity type of this name, as the design declares it. */
    EntitySchema<DynamicItem> type(String name) {
        return design.entity(name);
    }

    /** The source item as a row of the entity; {@code where} names it in reports. */
    RowItems.Checked map(String where, Map<String, AttributeValue> source) {
        InputRow unmapped = InputRow.unreadable(where, 0, "");
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> attribute : source.entrySet()) {
            String target = renames.getOrDefault(attribute.getKey(), attribute.getKey());
            if (target.isEmpty()) {
                continue;
            }
            try {
                values.put(target, plain(attribute.getValue()));
            } catch (IllegalArgumentException e) {
                return new RowItems.Refused(unmapped, attribute.getKey() + ": " + e.getMessage());
            }
        }
        InputRow row = InputRow.of(where, 0, Optional.of(entity), values);
        RowItems.Checked checked = rows.check(row);
        if (checked instanceof RowItems.Refused refused && refused.reason().matches("[^ ]+ has no attribute '.*")) { // or its state's
            return new RowItems.Refused(row, refused.reason() + "; rename it with --map SOURCE=ATTRIBUTE, or drop it with --map SOURCE=");
        }
        return checked;
    }

    /** The primary key attributes of the item as stored. */
    Map<String, AttributeValue> key(DynamicItem item) {
        Map<String, AttributeValue> full = table.toItem(item);
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(table.schema().partitionKeyAttribute(), full.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, full.get(sk)));
        return key;
    }

    /** The key of a stored item as text, {@code PK=CUSTOMER#C1, SK=PROFILE}: what {@link RowItems.Ready#key()} says. */
    String keyText(Map<String, AttributeValue> item) {
        return rows.keyText(item);
    }

    /**
     * The item's values as canonical text, one {@code name=value} per attribute in name order, leaving
     * out what singletable maintains (timestamps, version, TTL roles): equal texts, equal items.
     */
    String canonical(DynamicItem item) {
        Map<String, AttributeDefinition> attributes = design.document().entityTypes().get(item.entityType()).attributes();
        TreeMap<String, String> sorted = new TreeMap<>();
        item.values().forEach((name, value) -> {
            AttributeDefinition attribute = attributes.get(name);
            if (attribute != null && attribute.role().isEmpty()) {
                sorted.put(name, text(value));
            }
        });
        StringBuilder text = new StringBuilder(item.entityType());
        sorted.forEach((name, value) -> text.append('\n').append(name).append('=').append(value));
        return text.toString();
    }

    /** The first attribute whose values differ, as {@code name: source X, stored Y}. */
    String difference(DynamicItem source, DynamicItem stored) {
        return difference(source, "source", stored, "stored");
    }

    /** The first attribute whose values differ, as {@code name: LEFT X, RIGHT Y}. */
    String difference(DynamicItem source, String sourceLabel, DynamicItem stored, String storedLabel) {
        String[] a = canonical(source).split("\n");
        String[] b = canonical(stored).split("\n");
        TreeMap<String, String> left = pairs(a);
        TreeMap<String, String> right = pairs(b);
        TreeSet<String> names = new TreeSet<>(left.keySet());
        names.addAll(right.keySet());
        for (String name : names) {
            String l = left.getOrDefault(name, "(absent)");
            String r = right.getOrDefault(name, "(absent)");
            if (!l.equals(r)) {
                return name + ": " + sourceLabel + " " + l + ", " + storedLabel + " " + r;
            }
        }
        return "(no difference)";
    }

    private static TreeMap<String, String> pairs(String[] lines) {
        TreeMap<String, String> pairs = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int eq = lines[i].indexOf('=');
            pairs.put(lines[i].substring(0, eq), lines[i].substring(eq + 1));
        }
        return pairs;
    }

    private static String text(Object value) {
        if (value instanceof BigDecimal number) {
            return number.signum() == 0 ? "0" : number.stripTrailingZeros().toPlainString();
        }
        if (value instanceof Number || value instanceof Boolean || value instanceof Instant) {
            return value.toString();
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof Set<?> set) {
            TreeSet<String> sorted = new TreeSet<>();
            set.forEach(v -> sorted.add(text(v)));
            return sorted.toString();
        }
        if (value instanceof Collection<?> list) {
            List<String> texts = new ArrayList<>();
            list.forEach(v -> texts.add(text(v)));
            return texts.toString();
        }
        if (value instanceof Map<?, ?> map) {
            TreeMap<String, String> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(String.valueOf(k), text(v)));
            return sorted.toString();
        }
        return "\"" + value + "\"";
    }

    /** SHA-256 of the text, its first 8 bytes as a number: checksums add these up, so order does not matter. */
    static long hash(String canonical) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            long hash = 0;
            for (int i = 0; i < 8; i++) {
                hash = (hash << 8) | (digest[i] & 0xff);
            }
            return hash;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** A DynamoDB value as plain data: binary as base64 text, sets as lists, NULL as null. */
    static Object plain(AttributeValue value) {
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return new BigDecimal(value.n());
        }
        if (value.bool() != null) {
            return value.bool();
        }
        if (value.b() != null) {
            return Base64.getEncoder().encodeToString(value.b().asByteArray());
        }
        if (Boolean.TRUE.equals(value.nul())) {
            return null;
        }
        if (value.hasSs()) {
            return new ArrayList<Object>(value.ss());
        }
        if (value.hasNs()) {
            List<Object> numbers = new ArrayList<>();
            value.ns().forEach(n -> numbers.add(new BigDecimal(n)));
            return numbers;
        }
        if (value.hasBs()) {
            List<Object> binaries = new ArrayList<>();
            value.bs().forEach(b -> binaries.add(Base64.getEncoder().encodeToString(b.asByteArray())));
            return binaries;
        }
        if (value.hasL()) {
            List<Object> list = new ArrayList<>();
            value.l().forEach(v -> list.add(plain(v)));
            return list;
        }
        if (value.hasM()) {
            Map<String, Object> map = new LinkedHashMap<>();
            value.m().forEach((k, v) -> map.put(k, plain(v)));
            return map;
        }
        throw new IllegalArgumentException("a value of no known type: " + value);
    }
}
