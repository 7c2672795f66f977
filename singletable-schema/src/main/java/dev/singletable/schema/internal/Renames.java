package dev.singletable.schema.internal;

import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renames in an imported design: an entity ({@code UFollower=Follower}) or an attribute with the
 * slots that name it ({@code Follower.id=userId}), everywhere the document names it.
 */
final class Renames {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Renames() {
    }

    public static SchemaDocument apply(SchemaDocument document, String rename) {
        String[] parts = rename.split("=", 2);
        String[] target = parts[0].split("\\.", 2);
        if (parts.length != 2 || !IDENTIFIER.matcher(parts[1]).matches() || !target[0].matches(IDENTIFIER.pattern())
                || (target.length == 2 && !IDENTIFIER.matcher(target[1]).matches())) {
            throw new DesignImportException("rename '" + rename + "': write ENTITY=NEW or ENTITY.ATTRIBUTE=NEW, names of letters, digits and _");
        }
        String entityName = target[0];
        EntityDefinition entity = document.entities().get(entityName);
        if (entity == null) {
            throw new DesignImportException("rename '" + rename + "': no entity '" + entityName + "'; the entities are "
                    + String.join(", ", document.entities().keySet()));
        }
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        if (target.length == 1) {
            if (document.entities().containsKey(parts[1])) {
                throw new DesignImportException("rename '" + rename + "': there is an entity '" + parts[1] + "' already; pick another name");
            }
            EntityDefinition renamed = new EntityDefinition(entity.description().map(d -> d.replace(" " + entityName + "=", " " + parts[1] + "=")
                    .replace(" " + entityName + ".SLOT", " " + parts[1] + ".SLOT")), entity.attributes(), entity.keys(), entity.indexes(),
                    entity.attributeBag(), entity.examples(), entity.exampleFile());
            document.entities().forEach((name, definition) -> entities.put(name.equals(entityName) ? parts[1] : name,
                    name.equals(entityName) ? renamed : definition));
        } else {
            String from = target[1];
            String to = parts[1];
            if (!entity.attributes().containsKey(from)) {
                throw new DesignImportException("rename '" + rename + "': entity " + entityName + " has no attribute '" + from
                        + "'; its attributes are " + String.join(", ", entity.attributes().keySet()));
            }
            if (entity.attributes().containsKey(to)) {
                throw new DesignImportException("rename '" + rename + "': entity " + entityName + " has an attribute '" + to + "' already");
            }
            Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
            entity.attributes().forEach((name, attribute) -> attributes.put(name.equals(from) ? to : name, attribute));
            Map<String, KeyDefinition> indexes = new LinkedHashMap<>();
            entity.indexes().forEach((name, key) -> indexes.put(name, key(key, from, to)));
            List<Map<String, Object>> examples = entity.examples().stream().map(example -> {
                Map<String, Object> renamed = new LinkedHashMap<>();
                example.forEach((name, value) -> renamed.put(name.equals(from) ? to : name, value));
                return renamed;
            }).toList();
            Optional<String> description = entity.description().map(d -> slots(d, from, to));
            document.entities().forEach((name, definition) -> entities.put(name, name.equals(entityName)
                    ? new EntityDefinition(description, attributes, key(entity.keys(), from, to), indexes, entity.attributeBag(), examples,
                    entity.exampleFile())
                    : definition));
        }
        return new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns(),
                document.relations(), document.types());
    }

    private static KeyDefinition key(KeyDefinition key, String from, String to) {
        return new KeyDefinition(key.partition().stream().map(t -> slots(t, from, to)).toList(),
                key.sort().stream().map(t -> slots(t, from, to)).toList(), key.when());
    }

    private static String slots(String template, String from, String to) {
        return template.replaceAll("(?<!\\{)\\{" + Pattern.quote(from) + "([}:])", Matcher.quoteReplacement("{" + to) + "$1");
    }
}
