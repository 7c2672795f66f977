package dev.singletable.cli.output;

import dev.singletable.design.internal.text.RequestText;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.KeyTemplate;
import dev.singletable.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Items as an aligned text table: entity type, primary key, and a few attributes that tell the
 * items apart (chosen per entity type, else the first ones outside the primary key).
 */
public final class ItemTable {
    private static final int MAX_VALUE_WIDTH = 40;
    private static final int DEFAULT_DETAILS = 3;

    /** The attributes worth showing per entity type, by attribute name; free text last, where truncating it hides least. */
    private static final Map<String, List<String>> DETAILS = Map.ofEntries(
            Map.entry("Customer", List.of("name", "email")),
            Map.entry("Order", List.of("status", "total", "createdAt")),
            Map.entry("OrderItem", List.of("quantity", "unitPrice")),
            Map.entry("Product", List.of("price", "stock", "name")),
            Map.entry("Inventory", List.of("quantity")),
            Map.entry("ActiveProduct", List.of("name", "version")),
            Map.entry("ArchivedProduct", List.of("name", "archivedAt", "version")),
            Map.entry("Category", List.of("name")),
            Map.entry("User", List.of("name", "email")),
            Map.entry("Post", List.of("status", "createdAt", "title")),
            Map.entry("Comment", List.of("username", "content")),
            Map.entry("PostTag", List.of("username", "title")),
            Map.entry("UserMetrics", List.of("loginCount", "pageViews")),
            Map.entry("GroupMembership", List.of("role", "joinedAt")),
            Map.entry("Session", List.of("createdAt", "ttl")));

    private final Table table;
    private final Style style;

    public ItemTable(Table table, Style style) {
        this.table = table;
        this.style = style;
    }

    /** The table's lines, without line breaks, each starting with {@code indent}. */
    public List<String> render(List<?> items, String indent) {
        return render(items, indent, List.of());
    }

    /**
     * As {@link #render(List, String)}, each item's usual attributes followed by these, shown whole (not shortened), such as
     * the attributes a change wrote, so that the output shows what the change did.
     */
    public List<String> render(List<?> items, String indent, List<String> alsoShown) {
        if (items.isEmpty()) {
            return List.of(indent + style.dim("(no items)"));
        }
        String pk = table.schema().partitionKeyAttribute();
        String sk = table.schema().sortKeyAttribute().orElse("");
        List<String[]> rows = new ArrayList<>();
        List<List<String>> details = new ArrayList<>();
        for (Object item : items) {
            EntitySchema<?> entity = entityOf(item);
            Map<String, String> key = table.keyOf(item);
            rows.add(new String[] {entity.type(), RequestText.visible(key.get(pk)),
                    key.containsKey(sk) ? RequestText.visible(key.get(sk)) : "", ""});
            details.add(details(entity, item, alsoShown));
        }
        alignDetails(rows, details);
        String[] header = {"type", pk, sk, "attributes"};
        int[] widths = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            widths[i] = header[i].length();
            for (String[] row : rows) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        List<String> lines = new ArrayList<>(rows.size() + 1);
        lines.add(indent + style.dim(line(header, widths)));
        for (String[] row : rows) {
            lines.add(indent + line(row, widths));
        }
        return lines;
    }

    private static String line(String[] cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            line.append(cells[i]);
            if (i < cells.length - 1) {
                line.append(" ".repeat(widths[i] - cells[i].length() + 2));
            }
        }
        return line.toString().stripTrailing();
    }

    private static <T> EntitySchema<T> stateOf(EntityStates<T> states, Object item) {
        return states.stateOf(states.states().get(0).javaType().cast(item));
    }

    private EntitySchema<?> entityOf(Object item) {
        if (item instanceof DynamicItem dynamic) {
            // every entity of a schema file has the Java type DynamicItem: the item names its own
            return table.schema().entity(dynamic.entityType())
                    .orElseThrow(() -> new IllegalStateException(dynamic.entityType() + " is no entity of " + table.schema().name()));
        }
        Optional<EntityStates<?>> states = table.schema().statesOf(item.getClass());
        if (states.isPresent()) {
            // one Java type, an entity type per state: the state attribute names it
            return stateOf(states.get(), item);
        }
        return table.schema().entities().stream().filter(e -> e.javaType() == item.getClass()).findFirst()
                .orElseThrow(() -> new IllegalStateException(item.getClass().getName() + " is no entity of " + table.schema().name()));
    }

    /** Fills the last column: each item's attributes, padded so that items of one type line up. */
    private static void alignDetails(List<String[]> rows, List<List<String>> details) {
        Map<String, List<Integer>> widths = new HashMap<>();
        for (int r = 0; r < rows.size(); r++) {
            List<Integer> typeWidths = widths.computeIfAbsent(rows.get(r)[0], t -> new ArrayList<>());
            List<String> parts = details.get(r);
            for (int i = 0; i < parts.size(); i++) {
                if (typeWidths.size() <= i) {
                    typeWidths.add(0);
                }
                typeWidths.set(i, Math.max(typeWidths.get(i), parts.get(i).length()));
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            List<Integer> typeWidths = widths.get(rows.get(r)[0]);
            List<String> parts = details.get(r);
            StringBuilder cell = new StringBuilder();
            for (int i = 0; i < parts.size(); i++) {
                cell.append(parts.get(i));
                if (i < parts.size() - 1) {
                    cell.append(" ".repeat(typeWidths.get(i) - parts.get(i).length() + 2));
                }
            }
            rows.get(r)[3] = cell.toString();
        }
    }

    private static <T> List<String> details(EntitySchema<T> entity, Object item, List<String> alsoShown) {
        T typed = entity.javaType().cast(item);
        List<Attribute<T, ?>> shown = new ArrayList<>();
        List<String> names = DETAILS.get(entity.type());
        if (names != null) {
            names.forEach(name -> entity.attribute(name).ifPresent(shown::add));
        }
        if (shown.isEmpty()) {
            // no such list, or none of its attributes in this design's entity of that name (a schema file's own PostTag)
            List<String> keySlots = new ArrayList<>(entity.primaryKey().partition().attributeNames());
            entity.primaryKey().sort().map(KeyTemplate::attributeNames).ifPresent(keySlots::addAll);
            entity.attributes().stream().filter(a -> !keySlots.contains(a.name())).limit(DEFAULT_DETAILS).forEach(shown::add);
        }
        List<String> parts = new ArrayList<>();
        for (Attribute<T, ?> attribute : shown) {
            format(attribute.valueOf(typed), MAX_VALUE_WIDTH).ifPresent(value -> parts.add(attribute.name() + "=" + value));
        }
        for (String name : alsoShown) {
            entity.attribute(name).filter(a -> !shown.contains(a))
                    .flatMap(a -> format(a.valueOf(typed), Integer.MAX_VALUE)).ifPresent(value -> parts.add(name + "=" + value));
        }
        if (entity.attributeBag().isPresent() && item instanceof DynamicItem dynamic) {
            // the attributes its bag holds, which the entity does not declare, by name: a stored item has no order of them
            new java.util.TreeMap<>(dynamic.unmappedAttributes()).forEach((name, stored) -> format(
                    AttributeTypes.DOCUMENT_VALUE.fromAttributeValue(stored), MAX_VALUE_WIDTH).ifPresent(value -> parts.add(name + "=" + value)));
        }
        return parts;
    }

    private static Optional<String> format(Object value, int maxWidth) {
        if (value == null) {
            return Optional.empty();
        }
        if (value instanceof Optional<?> optional) {
            return optional.flatMap(v -> format(v, maxWidth));
        }
        String text = RequestText.cell(value);
        return Optional.of(text.length() > maxWidth ? text.substring(0, maxWidth - 1) + "…" : text);
    }
}
