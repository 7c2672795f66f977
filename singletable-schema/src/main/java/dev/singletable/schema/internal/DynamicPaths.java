package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.AttributePath;
import dev.singletable.AttributeType;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.IndefiniteArticle;
import dev.singletable.ValidationException;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Document paths written as text ({@code address.city}, {@code tags[2]}, {@code counters.views},
 * {@code counters["page views"]}) resolved against a file's entity and record types into the core's
 * {@link AttributePath}, with what the value at the path is, to read values given for it. The grammar is
 * DynamoDB's own document path (names, {@code .}, {@code [n]}) plus quoted map keys; each name is looked up
 * in the file, so a wrong name or a step into the wrong kind of value is refused naming entity and path.
 */
final class DynamicPaths {
    /** A resolved path and the definition of the value at its end (a list element or map value as an attribute of its own). */
    public record Resolved(AttributePath<DynamicItem, Object> path, AttributeDefinition value) {
    }

    private record Step(String name, int index, boolean quoted) {
        boolean isIndex() {
            return name == null;
        }
    }

    private final SchemaDocument document;
    private final DesignBuilder.Design design;
    /** The entity types items name, the state types of an entity stored in states (ActiveProduct) among them, as the design's. */
    private final Map<String, EntityDefinition> entityTypes;

    public DynamicPaths(SchemaDocument document, DesignBuilder.Design design) {
        this.document = document;
        this.design = design;
        this.entityTypes = document.entityTypes();
    }

    /** @throws ValidationException naming entity, path and what is wrong, with the names that would fit */
    @SuppressWarnings("unchecked")
    public Resolved resolve(String entityName, String text) {
        EntityDefinition entity = entityTypes.get(entityName);
        EntitySchema<DynamicItem> schema = design.entities().get(entityName);
        List<Step> steps = parse(entityName, text);
        String rootName = steps.get(0).name();
        AttributeDefinition current = entity.attributes().get(rootName);
        if (current == null) {
            throw new ValidationException(entityName + ": path " + text + ": " + entityName + " has no attribute '" + rootName + "'"
                    + closest(rootName, entity.attributes().keySet()) + "; its attributes are " + String.join(", ", entity.attributes().keySet()));
        }
        AttributePath<DynamicItem, Object> path = AttributePath.of((Attribute<DynamicItem, Object>) schema.attribute(rootName).orElseThrow());
        StringBuilder walked = new StringBuilder(rootName);
        for (Step step : steps.subList(1, steps.size())) {
            String here = walked.toString();
            if (step.isIndex()) {
                if (current.type() != AttributeKind.RECORD_LIST && current.type() != AttributeKind.STRING_LIST) {
                    throw wrongStep(entityName, text, here, current, "[" + step.index() + "]");
                }
                path = path.at(step.index());
                current = element(current);
                walked.append('[').append(step.index()).append(']');
            } else if (current.type() == AttributeKind.RECORD && !step.quoted()) {
                RecordTypeDefinition record = document.types().get(current.recordType().orElseThrow());
                AttributeDefinition nested = record.attributes().get(step.name());
                if (nested == null) {
                    throw new ValidationException(entityName + ": path " + text + ": " + here + " is a record of type "
                            + current.recordType().get() + ", which has no attribute '" + step.name() + "'" + closest(step.name(), record.attributes().keySet())
                            + "; its attributes are " + String.join(", ", record.attributes().keySet()));
                }
                AttributeType<Object> type = (AttributeType<Object>) design.typeOf(nested);
                String name = step.name();
                Attribute<Object, Object> attribute = nested.required()
                        ? Attribute.required(name, type, (Object item) -> ((DynamicItem) item).values().get(name))
                        : Attribute.of(name, type, (Object item) -> ((DynamicItem) item).values().get(name));
                path = path.then(attribute);
                current = nested;
                walked.append('.').append(name);
            } else if (current.type() == AttributeKind.RECORD_MAP || current.type() == AttributeKind.STRING_MAP) {
                path = path.key(step.name());
                current = element(current);
                walked.append(step.quoted() ? "[\"" + step.name() + "\"]" : "." + step.name());
            } else {
                throw wrongStep(entityName, text, here, current, step.quoted() ? "[\"" + step.name() + "\"]" : "." + step.name());
            }
        }
        return new Resolved(path, current);
    }

    private static AttributeDefinition element(AttributeDefinition container) {
        return container.type().holdsRecords() ? AttributeDefinition.ofRecords(AttributeKind.RECORD, container.recordType().orElseThrow(), false)
                : AttributeDefinition.of(AttributeKind.STRING, false);
    }

    private static ValidationException wrongStep(String entity, String text, String here, AttributeDefinition current, String step) {
        String holds = switch (current.type()) {
            case RECORD -> IndefiniteArticle.before(current.recordType().orElseThrow()) + " record: go into it with .name";
            case RECORD_LIST, STRING_LIST -> "a list: go into it with [index]";
            case RECORD_MAP, STRING_MAP -> "a map: go into it with .key or [\"key\"]";
            default -> IndefiniteArticle.before(current.typeText()) + ", which a path cannot go into; end the path at " + here;
        };
        return new ValidationException(entity + ": path " + text + ": " + here + step + " is not there: " + here + " is " + holds);
    }

    private static String closest(String name, java.util.Collection<String> names) {
        return ClosestName.among(name, names).map(n -> " (did you mean '" + n + "'?)").orElse("");
    }

    /** {@code name(.name|[n]|["key"])*}; a refusal says at which character and what was expected there. */
    private static List<Step> parse(String entity, String text) {
        List<Step> steps = new ArrayList<>();
        int i = 0;
        int n = text.length();
        boolean first = true;
        while (i < n || first) {
            char c = i < n ? text.charAt(i) : 0;
            if (!first && c == '[') {
                int close = text.indexOf(']', i);
                if (i + 1 < n && text.charAt(i + 1) == '"') {
                    int end = closingQuote(text, i + 2);
                    if (end < 0 || end + 1 >= n || text.charAt(end + 1) != ']') {
                        throw badPath(entity, text, i, "a quoted map key closed by \"]");
                    }
                    String key = text.substring(i + 2, end).replace("\\\"", "\"");
                    if (key.isEmpty()) {
                        throw badPath(entity, text, i, "a map key of at least one character");
                    }
                    steps.add(new Step(key, -1, true));
                    i = end + 2;
                    continue;
                }
                String digits = close < 0 ? "" : text.substring(i + 1, close);
                if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 9) {
                    throw badPath(entity, text, i, "a list index such as [2] or a quoted map key such as [\"page views\"]");
                }
                steps.add(new Step(null, Integer.parseInt(digits), false));
                i = close + 1;
                continue;
            }
            if (!first) {
                if (c != '.') {
                    throw badPath(entity, text, i, "'.', '[' or the end of the path");
                }
                i++;
            }
            int start = i;
            while (i < n && text.charAt(i) != '.' && text.charAt(i) != '[') {
                i++;
            }
            if (i == start) {
                throw badPath(entity, text, start, "a name");
            }
            steps.add(new Step(text.substring(start, i), -1, false));
            first = false;
        }
        return steps;
    }

    private static int closingQuote(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\\') {
                i++;
            } else if (text.charAt(i) == '"') {
                return i;
            }
        }
        return -1;
    }

    private static ValidationException badPath(String entity, String text, int at, String expected) {
        return new ValidationException(entity + ": path '" + text + "' at character " + (at + 1) + ": expected " + expected
                + "; a path is attribute names joined by '.', with [n] for a list element and [\"key\"] for a map key, such as "
                + "address.city, tags[2] or counters[\"page views\"]");
    }

    /** The Java value for the end of a resolved path, from a plain value or command-line text. */
    public Object value(String entity, Resolved resolved, Object plain) {
        try {
            return DynamicTypes.valueOf(resolved.value(), plain, document.types());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(entity + ": path " + resolved.path() + " holds " + resolved.value().typeText() + ", and "
                    + (plain instanceof String ? "'" + plain + "'" : String.valueOf(plain)) + " does not fit: " + e.getMessage()
                    + "; give " + (resolved.value().type().holdsRecords() ? "a map of its attributes" : "a value of that type"), e);
        }
    }
}
