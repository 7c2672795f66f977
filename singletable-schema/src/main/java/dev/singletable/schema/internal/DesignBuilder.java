package dev.singletable.schema.internal;

import dev.singletable.AttributeType;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.IndexSchema;
import dev.singletable.Relation;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The document model to the core model: a {@link TableSchema} of {@code EntitySchema<DynamicItem>}s
 * built with the core's builders, so the core's rules and messages apply. The core stops at its
 * first objection; this builds each entity, each template and each entity-in-its-table on its own
 * first, so that every mistake of a file is found in one run. Problems carry JSON pointers; the
 * loader turns them into lines and columns.
 *
 * <p>This is the coordinator: each section of the document has a builder of its own ({@link TableBuilder},
 * {@link AttributeTypeBuilder} for {@code types:}, {@link EntityBuilder}, {@link CollectionBuilder},
 * {@link AccessPatternChecks}, {@link ExampleBuilder}, {@link RelationBuilder}, {@link StatesBuilder}), all adding
 * to one {@link DesignProblems}; this runs them in the order that finds every mistake and builds the table last.
 */
final class DesignBuilder {
    /** A mistake found, at a JSON pointer of the document. */
    public record Problem(Kind kind, String pointer, String message) {
    }

    /** The core model of a document without problems. */
    public record Design(TableSchema table, TableSchema upperBound, Map<String, EntitySchema<DynamicItem>> entities,
                         Map<String, EntityCollection<DynamicItem>> collections, Map<String, List<DynamicItem>> examples,
                         Map<String, AttributeType<DynamicItem>> recordTypes) {
        /** The core type storing an attribute of the file: its kind's, or the one built for its record type. */
        public AttributeType<?> typeOf(AttributeDefinition attribute) {
            return AttributeTypeBuilder.recordTyped(attribute, recordTypes).orElseGet(() -> DynamicTypes.typeOf(attribute.type()));
        }
    }

    /** The document with each entity whose keys depend on its state given as one entity type per state. */
    private final SchemaDocument document;
    /** The document as written: entities with states as one entity each. */
    private final SchemaDocument source;
    private final DesignProblems problems = new DesignProblems();
    private final TableBuilder tables;
    private final AttributeTypeBuilder types;
    private final EntityBuilder entityBuilder;
    private final CollectionBuilder collectionBuilder;
    private final AccessPatternChecks patterns;
    private final ExampleBuilder exampleBuilder;
    private final RelationBuilder relationBuilder;
    private final StatesBuilder statesBuilder;

    /** @param fileExamples entity name to the examples read from its {@code exampleFile}, already parsed */
    public DesignBuilder(SchemaDocument document, Map<String, List<Map<String, Object>>> fileExamples) {
        this(document, fileExamples, pointer -> Optional.empty());
    }

    /**
     * @param fileExamples entity name to the examples read from its {@code exampleFile}, already parsed
     * @param writtenAs    the text a number or boolean of the document is written as at a JSON pointer ({@code 0012} where
     *                     YAML read the number 10), for messages that quote it
     */
    public DesignBuilder(SchemaDocument document, Map<String, List<Map<String, Object>>> fileExamples,
                         java.util.function.Function<String, Optional<String>> writtenAs) {
        this.source = document;
        this.document = new SchemaDocument(document.table(), document.entityTypes(), document.collections(), document.accessPatterns(),
                document.relations(), document.types());
        this.tables = new TableBuilder(problems);
        this.types = new AttributeTypeBuilder(this.document, problems);
        FileValues fileValues = new FileValues(this.document, problems, types, writtenAs);
        ConditionBuilder conditions = new ConditionBuilder(fileValues);
        EmptySets emptySets = new EmptySets(this.document);
        this.entityBuilder = new EntityBuilder(this.document, problems, types, new EntityKeyChecks(this.document, problems), conditions, emptySets);
        this.collectionBuilder = new CollectionBuilder(this.document, problems);
        this.patterns = new AccessPatternChecks(this.document, problems, fileValues, conditions);
        this.exampleBuilder = new ExampleBuilder(problems, fileValues, emptySets, fileExamples, document.table());
        this.relationBuilder = new RelationBuilder(this.document, source, problems, types, fileValues);
        this.statesBuilder = new StatesBuilder(source, problems);
    }

    public List<Problem> problems() {
        List<Problem> problems = this.problems.all();
        if (source.entities().values().stream().anyMatch(e -> e.states().isPresent())) {
            List<Problem> placed = new ArrayList<>();
            problems.stream().map(statesBuilder::inSource).filter(p -> !placed.contains(p)).forEach(placed::add);
            problems.clear();
            problems.addAll(placed);
        }
        return problems;
    }

    /** The design, or empty when there are problems (then {@link #problems()} lists them all). */
    public Optional<Design> build() {
        TableDefinition table = document.table();
        List<IndexSchema> indexes = tables.indexes(table);
        boolean tableBuilds = tables.tableBuilder(table, indexes).isPresent();
        types.buildRecordTypes();
        Map<String, EntitySchema<DynamicItem>> entities = new LinkedHashMap<>();
        source.entities().forEach((name, entity) -> entity.states().ifPresent(states -> statesBuilder.statesFit(name, entity, states)));
        document.entities().forEach((name, entity) -> entityBuilder.entity(name, entity, false).ifPresent(schema -> entities.put(name, schema)));
        // the design tools compose items as if a Java method's condition always said yes; writes refuse to decide it
        Map<String, EntitySchema<DynamicItem>> upperBound = new LinkedHashMap<>(entities);
        document.entities().forEach((name, entity) -> {
            if (entities.containsKey(name) && entity.indexes().values().stream()
                    .anyMatch(key -> key.when().filter(ConditionDefinition.JavaMethod.class::isInstance).isPresent())) {
                entityBuilder.entity(name, entity, true).ifPresent(schema -> upperBound.put(name, schema));
            }
        });
        if (tableBuilds) {
            for (Map.Entry<String, EntitySchema<DynamicItem>> entity : upperBound.entrySet()) {
                TableSchema.Builder alone = tables.tableBuilder(table, indexes).orElseThrow();
                problems.core(Kind.SCHEMA_DEFINITION, "/entities/" + LocatedTree.segment(entity.getKey()), () -> alone.entity(entity.getValue()).build())
                        .ifPresent(schema -> exampleBuilder.composeWith(entity.getKey(), Table.offline(schema)));
            }
        }
        document.collections().forEach(collectionBuilder::check);
        Set<String> patternNames = new HashSet<>();
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            patterns.pattern(i, document.accessPatterns().get(i), patternNames);
        }
        Map<String, List<DynamicItem>> examples = new LinkedHashMap<>();
        source.entities().forEach((name, entity) -> examples.put(name, exampleBuilder.examples(name, entity)));
        if (!problems.isEmpty() || !tableBuilds) {
            return Optional.empty();
        }
        Optional<TableSchema> schema = table(table, indexes, entities, examples);
        Optional<TableSchema> upperBoundSchema = upperBound.equals(entities) ? schema : schema.flatMap(s -> table(table, indexes, upperBound, examples));
        Map<String, EntityCollection<DynamicItem>> collections = new LinkedHashMap<>();
        schema.ifPresent(built -> document.collections().forEach((name, collection) -> collectionBuilder.collection(name, collection, entities, built)
                .ifPresent(c -> collections.put(name, c))));
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        return upperBoundSchema.map(u -> new Design(schema.orElseThrow(), u, entities, collections, examples, types.recordTypes()));
    }

    /** The table of these entity schemas, with the file's relations and states; empty when there are problems. */
    private Optional<TableSchema> table(TableDefinition table, List<IndexSchema> indexes, Map<String, EntitySchema<DynamicItem>> entities,
                                        Map<String, List<DynamicItem>> examples) {
        List<Relation<DynamicItem, DynamicItem>> relations = new ArrayList<>();
        document.relations().forEach((name, relation) -> relationBuilder.relation(name, relation, entities, examples)
                .ifPresent(relations::add));
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        List<EntityStates<DynamicItem>> states = new ArrayList<>();
        source.entities().forEach((name, entity) -> entity.states().flatMap(s -> statesBuilder.entityStates(name, s, entities))
                .ifPresent(states::add));
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        TableSchema.Builder complete = tables.tableBuilder(table, indexes).orElseThrow();
        entities.values().stream().filter(e -> states.stream().noneMatch(s -> s.states().contains(e))).forEach(complete::entity);
        states.forEach(complete::states);
        relations.forEach(complete::relation);
        return problems.core(Kind.SCHEMA_DEFINITION, "/table", complete::build);
    }
}
