package dev.singletable.schema.internal;

import dev.singletable.AttributePath;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.Query;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SourceLocation;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A loaded design, what {@code SchemaFile} holds: the document, the core model built from it, its access patterns bound
 * to that model, and where its fields are in the file (empty when built in code). Made by {@link SchemaFiles}.
 */
public final class LoadedDesign {
    private final SchemaDocument document;
    private final DesignBuilder.Design design;
    private final AccessPatterns patterns;
    private final Function<List<String>, Optional<SourceLocation>> locations;
    private final Function<List<String>, Optional<SourceLocation>> codeLocations;
    private final DynamicPaths paths;

    LoadedDesign(SchemaDocument document, DesignBuilder.Design design, Function<List<String>, Optional<SourceLocation>> locations,
                 Function<List<String>, Optional<SourceLocation>> codeLocations) {
        this.codeLocations = codeLocations;
        this.document = document;
        this.design = design;
        this.patterns = new AccessPatterns(document, design);
        this.locations = locations;
        this.paths = new DynamicPaths(document, design);
    }

    public AttributePath<DynamicItem, Object> path(String entity, String path) {
        return paths.resolve(entity, path).path();
    }

    public Object pathValue(String entity, String path, Object value) {
        return paths.value(entity, paths.resolve(entity, path), value);
    }

    public Optional<SourceLocation> location(List<String> path) {
        return locations.apply(path);
    }

    public Optional<SourceLocation> codeLocation(List<String> path) {
        return codeLocations.apply(path);
    }

    public SchemaDocument document() {
        return document;
    }

    public TableSchema table() {
        return design.table();
    }

    /** The table as the design tools compose items, an index conditioned on a Java method as an upper bound. */
    public TableSchema upperBound() {
        return design.upperBound();
    }

    public Map<String, EntitySchema<DynamicItem>> entities() {
        return design.entities();
    }

    public Map<String, EntityCollection<DynamicItem>> collections() {
        return design.collections();
    }

    public Map<String, List<DynamicItem>> examples() {
        return design.examples();
    }

    public AccessPatternDefinition pattern(String name) {
        return patterns.definition(name);
    }

    public List<DynamicItem> run(Table table, String pattern, Map<String, ?> parameters) {
        return patterns.run(table, pattern, parameters);
    }

    public Query<DynamicItem> query(Table table, String pattern, Map<String, ?> parameters) {
        return patterns.query(table, pattern, parameters);
    }

    public Query<Map<String, Object>> queryMaps(Table table, String pattern, Map<String, ?> parameters) {
        return patterns.queryMaps(table, pattern, parameters);
    }

    public dev.singletable.ItemKey<DynamicItem> itemKey(Table table, String pattern, Map<String, ?> parameters) {
        return patterns.itemKey(table, pattern, parameters);
    }

    public Explanation explain(Table table, String pattern, Map<String, ?> parameters) {
        return patterns.explain(table, pattern, parameters);
    }
}
