package dev.singletable.cli.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;

import javax.lang.model.element.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * The generated {@code @TableDesign} class: the table's keys, indexes, stream and time to live, its entities and its
 * relations (a relation whose entity is left out is left out too, with a note).
 */
final class TableDesignSource {
    private final JavaSources sources;

    private TableDesignSource(JavaSources sources) {
        this.sources = sources;
    }

    static TypeSpec of(JavaSources sources, String name, List<String> entities) {
        return new TableDesignSource(sources).table(name, entities);
    }

    private TypeSpec table(String name, List<String> entities) {
        ClassName design = JavaSources.annotation("TableDesign");
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(design).addMember("name", "$S", sources.document.table().name());
        KeyAttributeDefinition partitionKey = sources.document.table().partitionKey();
        annotation.addMember("partitionKey", "$S", partitionKey.name());
        if (partitionKey.type() != KeyAttributeDefinition.KeyAttributeType.S) {
            annotation.addMember("partitionKeyType", "$T.$L", design.nestedClass("KeyType"), partitionKey.type().name());
        }
        sources.document.table().sortKey().ifPresentOrElse(sortKey -> {
            annotation.addMember("sortKey", "$S", sortKey.name());
            if (sortKey.type() != KeyAttributeDefinition.KeyAttributeType.S) {
                annotation.addMember("sortKeyType", "$T.$L", design.nestedClass("KeyType"), sortKey.type().name());
            }
        }, () -> annotation.addMember("noSortKey", "true"));
        if (!sources.document.table().entityTypeAttribute().equals("entityType")) {
            annotation.addMember("entityTypeAttribute", "$S", sources.document.table().entityTypeAttribute());
        }
        sources.document.table().timeToLiveAttribute().ifPresent(ttl -> annotation.addMember("timeToLiveAttribute", "$S", ttl));
        sources.document.table().stream().ifPresent(view -> annotation.addMember("stream", "$T.$L", design.nestedClass("StreamView"), view.name()));
        for (IndexDefinition index : sources.document.table().indexes()) {
            AnnotationSpec.Builder indexAnnotation;
            if (index.kind() == IndexDefinition.IndexKind.GLOBAL) {
                indexAnnotation = AnnotationSpec.builder(design.nestedClass("GlobalIndex")).addMember("name", "$S", index.name());
                keyAttributes(indexAnnotation, design, "partitionKey", index.partitionKey());
                keyAttributes(indexAnnotation, design, "sortKey", index.sortKey());
            } else {
                indexAnnotation = AnnotationSpec.builder(design.nestedClass("LocalIndex")).addMember("name", "$S", index.name());
                KeyAttributeDefinition sortKey = index.sortKey().get(0);
                indexAnnotation.addMember("sortKey", "$S", sortKey.name());
                if (sortKey.type() != KeyAttributeDefinition.KeyAttributeType.S) {
                    indexAnnotation.addMember("sortKeyType", "$T.$L", design.nestedClass("KeyType"), sortKey.type().name());
                }
            }
            if (index.projection().type() != dev.singletable.schema.ProjectionDefinition.ProjectionType.ALL) {
                indexAnnotation.addMember("projection", "$T.$L", design.nestedClass("ProjectionType"), index.projection().type().name());
                index.projection().attributes().forEach(attribute -> indexAnnotation.addMember("include", "$S", attribute));
            }
            annotation.addMember(index.kind() == IndexDefinition.IndexKind.GLOBAL ? "indexes" : "localIndexes", "$L", indexAnnotation.build());
        }
        for (String entity : entities) {
            annotation.addMember("entities", "$T.class", ClassName.get(sources.packageName, sources.typeNames.get(entity)));
        }
        List<String> left = relations(annotation, design, entities);
        if (entities.isEmpty()) {
            annotation.addMember("entities", "{}");
        }
        sources.examples.ifPresent(examples -> annotation.addMember("examples", "$S", examples.resource()));
        TypeSpec.Builder table = TypeSpec.classBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.FINAL).addAnnotation(annotation.build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        table.addJavadoc("Table $L$L\n", sources.document.table().name(),
                sources.document.table().description().map(description -> ": " + JavaSources.javadocText(description)).orElse("."));
        JavaSources.notGenerated(table, left);
        return table.build();
    }

    /**
     * Adds the relations whose entities are generated to {@code annotation}, with their edge attributes; what they cannot
     * say (an edge attribute that is a list, map or record; the relation's example pairs) as lines for the table's javadoc,
     * each a note too.
     */
    private List<String> relations(AnnotationSpec.Builder annotation, ClassName design, List<String> entities) {
        List<String> left = new ArrayList<>();
        sources.document.relations().forEach((relationName, relation) -> {
            if (!entities.contains(relation.first()) || !entities.contains(relation.second())) {
                sources.notes.add("relations." + relationName + ": entity " + (entities.contains(relation.first()) ? relation.second() : relation.first())
                        + " is left out, so the relation is too");
                return;
            }
            AnnotationSpec.Builder relationAnnotation = relation(design, relationName, relation);
            List<String> structures = new ArrayList<>();
            relation.edge().forEach((edgeName, edge) -> edgeType(edge.type()).ifPresentOrElse(
                    type -> relationAnnotation.addMember("edges", "$L", edge(design, edgeName, type, edge)), () -> structures.add(edgeName)));
            annotation.addMember("relations", "$L", relationAnnotation.build());
            if (!structures.isEmpty()) {
                left.add("relations." + relationName + ".edge: " + String.join(", ", structures) + " not generated: @TableDesign.Edge "
                        + "declares the kinds of TableDesign.EdgeType, not lists, maps or records of a kind, so the generated relation "
                        + relationName + " lacks them and relate refuses their values; to keep them, build the relation in Java with "
                        + "Relation.between(...).edge(Relation.edgeAttribute(...)) and give relate EdgeValues");
            }
            if (!relation.examples().isEmpty() && sources.examples.isEmpty()) {
                // the pairs are adjacency items of the examples resource, which is written only when an entity has examples
                int pairs = relation.examples().size();
                left.add("relations." + relationName + ".examples: " + pairs + (pairs == 1 ? " example pair" : " example pairs")
                        + " not generated: no entity has examples, so there is no examples resource (@TableDesign(examples = ...)) to "
                        + "hold them as adjacency items; relate the pairs where the examples are loaded (singletable relate, or "
                        + "table.relate in Java)");
            }
        });
        sources.notes.addAll(left);
        return left;
    }

    /**
     * The {@code TableDesign.EdgeType} of an edge attribute's kind (the core registry's name of it: {@code date} is
     * {@code LOCAL_DATE}); empty for the file's structures (records, lists and maps of a kind), which it does not name.
     */
    static Optional<String> edgeType(AttributeKind kind) {
        return switch (kind) {
            case RECORD, RECORD_LIST, RECORD_MAP, LIST, MAP -> Optional.empty();
            case DATE -> Optional.of("LOCAL_DATE");
            case DATE_TIME -> Optional.of("LOCAL_DATE_TIME");
            case BINARY -> Optional.of("BYTES");
            case NUMBER_SET -> Optional.of("DECIMAL_SET");
            default -> Optional.of(kind.name());
        };
    }

    private static AnnotationSpec edge(ClassName design, String name, String type, AttributeDefinition edge) {
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(design.nestedClass("Edge")).addMember("name", "$S", name)
                .addMember("type", "$T.$L", design.nestedClass("EdgeType"), type);
        edge.values().forEach(value -> annotation.addMember("values", "$S", value));
        if (edge.required()) {
            annotation.addMember("required", "true");
        }
        edge.description().ifPresent(description -> annotation.addMember("description", "$S", description));
        return annotation.build();
    }

    private AnnotationSpec.Builder relation(ClassName design, String name, dev.singletable.schema.RelationDefinition relation) {
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(design.nestedClass("Relation")).addMember("name", "$S", name)
                .addMember("first", "$T.class", ClassName.get(sources.packageName, sources.typeNames.get(relation.first())))
                .addMember("second", "$T.class", ClassName.get(sources.packageName, sources.typeNames.get(relation.second())))
                .addMember("firstSide", "$L", relationSide(design, relation, relation.firstSide()))
                .addMember("secondSide", "$L", relationSide(design, relation, relation.secondSide()));
        relation.itemTypes().forEach(type -> annotation.addMember("itemTypes", "$S", type));
        relation.copyFromFirst().forEach(attribute -> annotation.addMember("copyFromFirst", "$S", attribute));
        relation.copyFromSecond().forEach(attribute -> annotation.addMember("copyFromSecond", "$S", attribute));
        if (relation.propagateCopies()) {
            annotation.addMember("propagateCopies", "true");
        }
        return annotation;
    }

    /** A side's templates, each slot by the Java name of the entity (first, else second) that has it. */
    private AnnotationSpec relationSide(ClassName design, dev.singletable.schema.RelationDefinition relation, KeyDefinition side) {
        return AnnotationSpec.builder(design.nestedClass("RelationSide"))
                .addMember("pk", "$S", relationTemplate(relation, String.join("", side.partition())))
                .addMember("sk", "$S", relationTemplate(relation, String.join("", side.sort()))).build();
    }

    private String relationTemplate(dev.singletable.schema.RelationDefinition relation, String template) {
        Matcher matcher = JavaSources.SLOT.matcher(template);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String owner = sources.document.entities().get(relation.first()).attributes().containsKey(matcher.group(1)) ? relation.first() : relation.second();
            matcher.appendReplacement(out, Matcher.quoteReplacement("{" + sources.attributeName(owner, matcher.group(1)) + matcher.group(2) + "}"));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static void keyAttributes(AnnotationSpec.Builder annotation, ClassName design, String member, List<KeyAttributeDefinition> keys) {
        keys.forEach(key -> annotation.addMember(member, "$S", key.name()));
        if (keys.stream().anyMatch(key -> key.type() != KeyAttributeDefinition.KeyAttributeType.S)) {
            keys.forEach(key -> annotation.addMember(member + "Type", "$T.$L", design.nestedClass("KeyType"), key.type().name()));
        }
    }
}
