package dev.singletable.processor;

import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.ItemCollection;
import dev.singletable.annotations.TableDesign;
import dev.singletable.annotations.TimeToLive;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.MirroredTypeException;
import javax.lang.model.type.MirroredTypesException;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Generates {@code <Name>Schema} for every {@code @Entity} and {@code @Embeddable} type,
 * {@code <Name>Collection} for every {@code @ItemCollection}, and for every {@code @TableDesign}
 * {@code <Holder>Design} (the table's {@code TableSchema}) and its schema file, and for every {@code @AccessPatterns}
 * interface {@code <Name>Patterns}, its implementation. Works on the compiler's model of
 * the sources only: user classes are never loaded.
 */
public final class SingleTableProcessor extends AbstractProcessor {
    private static final String GENERATED = "javax.annotation.processing.Generated";
    private static final List<String> MAINTAINED = List.of("version", "createdAt", "updatedAt");

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        // all of singletable's annotations, and the @Generated its generated sources carry, so that they count as claimed:
        // else the next round warns "No processor claimed ... Generated" (-Xlint:processing), which -Werror makes an error
        return Set.of(Entity.class.getPackageName() + ".*", GENERATED);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(ExampleItems.RESOURCES_OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Diagnostics diagnostics = new Diagnostics(processingEnv.getMessager());
        ModelReader reader = new ModelReader(ProcessorContext.of(processingEnv, diagnostics));
        Set<String> builderMethods = reader.builderMethods();
        Set<Element> types = new LinkedHashSet<>(round.getElementsAnnotatedWith(Entity.class));
        types.addAll(round.getElementsAnnotatedWith(Embeddable.class));
        Map<String, EntityModel> models = new java.util.LinkedHashMap<>();
        Set<String> refused = new java.util.HashSet<>(); // read with errors, reported at the entity
        for (Element element : types) {
            EntityModel model = reader.read((TypeElement) element);
            if (model == null) {
                refused.add(((TypeElement) element).getQualifiedName().toString());
                continue;
            }
            model = withSupportedMaintenance(model, builderMethods, diagnostics);
            models.put(((TypeElement) element).getQualifiedName().toString(), model);
        }
        // written once all are read: an entity's paths into its embedded records need their models
        for (EntityModel model : models.values()) {
            write(model.packageName(), model.schemaName(), SchemaWriter.write(model, models.values()), model.element());
        }
        Map<String, List<TypeElement>> collections = new java.util.LinkedHashMap<>();
        Map<String, List<TypeElement>> collectionsByName = new java.util.LinkedHashMap<>();
        for (Element element : round.getElementsAnnotatedWith(ItemCollection.class)) {
            TypeElement collection = (TypeElement) element;
            List<TypeElement> members = reader.collectionMembers(collection);
            if (members != null && reader.sharePartition(collection, members, models)) {
                collections.put(collection.getSimpleName().toString(), members);
                collectionsByName.put(collection.getQualifiedName().toString(), members);
                String pkg = Names.packageOf(collection);
                String name = Names.generatedName(collection, "Collection");
                write(pkg, name, CollectionWriter.write(collection, pkg, name,
                        collection.getModifiers().contains(Modifier.PUBLIC), members), element);
            }
        }
        // the patterns first: those with examples go into their table's design file
        Map<String, List<PatternModel>> patterns = writePatterns(round, models, collectionsByName, diagnostics);
        for (Element element : round.getElementsAnnotatedWith(TableDesign.class)) {
            TypeElement holder = (TypeElement) element;
            writeDesign(holder, new Compiled(models, refused), collections, patterns.getOrDefault(holder.getQualifiedName().toString(),
                    List.of()), diagnostics);
        }
        return true;
    }

    /**
     * Whether every {@code @TimeToLive} of the table's entities is stored as the table's TTL attribute, reporting each that
     * is not: DynamoDB expires items by that one attribute name, so another would never expire them (schema files refuse
     * a {@code timeToLive} role on another attribute the same way).
     */
    private static boolean timeToLiveOfTheTable(TableFacts facts, List<EntityModel> entities, Diagnostics diagnostics) {
        boolean kept = true;
        for (EntityModel entity : entities) {
            for (EntityModel.Property property : entity.properties()) {
                if (property.element().getAnnotation(TimeToLive.class) == null
                        || property.attributeName().equals(facts.timeToLiveAttribute())) {
                    continue;
                }
                boolean declared = !facts.timeToLiveAttribute().isEmpty();
                diagnostics.report(Message.TIME_TO_LIVE_NOT_THE_TABLES, property.element(), entity.element().getSimpleName(),
                        property.element().getSimpleName(), "@TimeToLive", facts.name(),
                        declared ? "'" + facts.timeToLiveAttribute() + "'" : "not declared",
                        property.attributeName(), declared ? "store it as '" + facts.timeToLiveAttribute() + "' (@Attribute(name = \""
                                + facts.timeToLiveAttribute() + "\"))" : "declare timeToLiveAttribute = \"" + property.attributeName()
                                + "\" on the table's @TableDesign");
                kept = false;
            }
        }
        return kept;
    }

    /** The schema file of a {@code @TableDesign}, from the models of its entities compiled in this round. */
    private void writeDesign(TypeElement holder, Compiled compiled, Map<String, List<TypeElement>> collections,
                             List<PatternModel> patterns, Diagnostics diagnostics) {
        Map<String, EntityModel> models = compiled.models();
        TableDesign design = holder.getAnnotation(TableDesign.class);
        Optional<List<EntityModel>> found = designEntities(holder, design, compiled, diagnostics);
        if (found.isEmpty()) {
            return;
        }
        List<EntityModel> entities = found.get();
        Map<String, List<String>> tableCollections = tableCollections(collections, models, entities);
        AnnotationMirror mirror = holder.getAnnotationMirrors().stream()
                .filter(m -> m.getAnnotationType().toString().equals(TableDesign.class.getCanonicalName())).findFirst().orElse(null);
        List<TableFacts.Mistake> mistakes = new ArrayList<>();
        TableFacts facts = TableFacts.read(design, mistakes);
        List<RelationFacts> relations = RelationFacts.read(design, entities, mistakes);
        for (TableFacts.Mistake mistake : mistakes) {
            diagnostics.report(Message.DESIGN_MISTAKE, holder, mirror, null, mistake.message());
        }
        if (!mistakes.isEmpty() || !timeToLiveOfTheTable(facts, entities, diagnostics)) {
            return;
        }
        TableEntityChecks checks = new TableEntityChecks(diagnostics, holder, mirror);
        boolean indexesKnown = checks.indexesOnTable(facts, entities);
        if (!checks.includesKnown(facts, entities) || !indexesKnown) {
            return;
        }
        Optional<String> refusal = CoreSchemaCheck.tableRefusal(facts, entities, relations);
        if (refusal.isPresent()) {
            checks.reportRefusal(refusal.get(), entities);
            return;
        }
        String pkg = Names.packageOf(holder);
        String designName = Names.generatedName(holder, "Design");
        write(pkg, designName, TableSchemaWriter.write(pkg, designName, holder.getSimpleName().toString(),
                holder.getModifiers().contains(Modifier.PUBLIC), facts, entities, relations), holder);
        ExampleItems.Examples examples = ExampleItems.Examples.NONE;
        if (!design.examples().isBlank()) {
            Optional<ExampleItems.Examples> read = ExampleItems.read(processingEnv, diagnostics, holder, mirror, facts,
                    design.examples().strip(), entities, relations, DesignFileWriter.embeddedIn(models.values()));
            if (read.isEmpty()) {
                return;
            }
            examples = read.get();
        }
        SourceLines lines = SourceLines.of(processingEnv);
        Map<String, String> sources = new java.util.LinkedHashMap<>();
        entities.forEach(entity -> lines.at(entity.element()).ifPresent(source -> sources.put(entity.typeName(), source)));
        DesignFileWriter.Rendered rendered = DesignFileWriter.write(facts, entities, tableCollections, models.values(), relations,
                examples, sources, PresentConditions.of(processingEnv).of(entities));
        writeSchemaFile(holder, design.name(), rendered, lines, patterns, tableCollections.keySet(), diagnostics);
    }

    /** {@code META-INF/singletable/NAME.singletable.json}, with the patterns; reported when the format cannot hold the design. */
    private void writeSchemaFile(TypeElement holder, String name, DesignFileWriter.Rendered rendered, SourceLines lines,
                                 List<PatternModel> patterns, Set<String> collections, Diagnostics diagnostics) {
        if (rendered.json().isEmpty()) {
            diagnostics.report(Message.DESIGN_NOT_EXPRESSIBLE, holder, name, rendered.notExpressible().orElseThrow(), name);
            return;
        }
        String path = "META-INF/singletable/" + name + ".singletable.json";
        try (Writer writer = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", path, holder).openWriter()) {
            writer.write(new PatternFileWriter(ProcessorContext.of(processingEnv, diagnostics), lines)
                    .withPatterns(rendered.json().get(), patterns, collections));
            for (DesignFileWriter.JavaCondition java : rendered.javaConditions()) {
                diagnostics.report(Message.DESIGN_JAVA_CONDITION, holder, name, java.entity(), java.index(), java.method(), name, java.method(),
                        java.entity(), java.index());
            }
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "could not write " + path + ": " + e.getMessage() + "; check the class output directory", holder);
        }
    }

    /** The models read in this round by qualified name, and the names of the types whose reading reported errors. */
    private record Compiled(Map<String, EntityModel> models, Set<String> refused) {
    }

    /**
     * The models of a design's entities, in the order it names them; empty when one is not compiled (reported), or was
     * refused (its errors are reported at the entity, and no warning here sends the user to add an @Entity it has).
     */
    private static Optional<List<EntityModel>> designEntities(TypeElement holder, TableDesign design, Compiled compiled,
                                                              Diagnostics diagnostics) {
        List<? extends TypeMirror> entityTypes = entityTypes(design);
        List<EntityModel> entities = new ArrayList<>();
        for (TypeMirror type : entityTypes) {
            TypeElement entity = (TypeElement) ((DeclaredType) type).asElement();
            EntityModel model = compiled.models().get(entity.getQualifiedName().toString());
            if (model == null && compiled.refused().contains(entity.getQualifiedName().toString())) {
                return Optional.empty();
            }
            if (model == null || !model.entity()) {
                diagnostics.report(Message.DESIGN_ENTITY_NOT_COMPILED, holder, design.name(), entity.getQualifiedName());
                return Optional.empty();
            }
            entities.add(model);
        }
        return distinct(holder, design, entities, diagnostics) ? Optional.of(entities) : Optional.empty();
    }

    /**
     * True when no entity is listed twice and no two share an entity type name; else reported where the fix is: a class
     * listed twice at the {@code @TableDesign}, a type name taken twice at the second class's {@code @Entity}, naming both
     * classes (the core's own refusal names only the type, which sends the user to a class that declares nothing twice).
     */
    private static boolean distinct(TypeElement holder, TableDesign design, List<EntityModel> entities, Diagnostics diagnostics) {
        boolean distinct = true;
        Map<String, EntityModel> byType = new java.util.LinkedHashMap<>();
        for (int i = 0; i < entities.size(); i++) {
            EntityModel entity = entities.get(i);
            if (entities.subList(0, i).contains(entity)) {
                AnnotationMirror mirror = Annotated.mirror(holder, TableDesign.class);
                diagnostics.report(Message.DESIGN_ENTITY_LISTED_TWICE, holder, mirror, Annotated.values(mirror).get("entities"),
                        design.name(), entity.element().getQualifiedName(), entity.element().getSimpleName());
                distinct = false;
                continue;
            }
            EntityModel first = byType.putIfAbsent(entity.typeName(), entity);
            if (first != null) {
                AnnotationMirror mirror = Annotated.mirror(entity.element(), Entity.class);
                diagnostics.report(Message.DESIGN_ENTITY_TYPE_TWICE, entity.element(), mirror, Annotated.values(mirror).get("type"),
                        first.element().getQualifiedName(), typeSource(first), entity.element().getQualifiedName(), typeSource(entity),
                        entity.typeName(), design.name());
                distinct = false;
            }
        }
        return distinct;
    }

    /** Where an entity's type name comes from, for messages. */
    private static String typeSource(EntityModel entity) {
        String declared = entity.element().getAnnotation(Entity.class).type();
        return declared.isEmpty() ? "by its class name" : "@Entity(type = \"" + declared + "\")";
    }

    /** The entity classes a {@code @TableDesign} names, as the compiler gives them: mirrors, never loaded classes. */
    private static List<? extends TypeMirror> entityTypes(TableDesign design) {
        try {
            design.entities();
            throw new IllegalStateException("the compiler gives class values as mirrors");
        } catch (MirroredTypesException e) {
            return e.getTypeMirrors();
        }
    }

    /** The collections of this round whose members are all entities of the table, with their members' type names. */
    private static Map<String, List<String>> tableCollections(Map<String, List<TypeElement>> collections, Map<String, EntityModel> models,
                                                              List<EntityModel> entities) {
        Map<String, List<String>> tableCollections = new java.util.LinkedHashMap<>();
        collections.forEach((name, members) -> {
            List<String> types = new ArrayList<>();
            for (TypeElement member : members) {
                EntityModel model = models.get(member.getQualifiedName().toString());
                if (model != null && entities.contains(model)) {
                    types.add(model.typeName());
                }
            }
            if (types.size() == members.size()) {
                tableCollections.put(name, types);
            }
        });
        return tableCollections;
    }

    /**
     * {@code <Name>Patterns} for every {@code @AccessPatterns} interface whose table and entities are compiled in this round;
     * returns the checked interfaces by their table's holder.
     */
    private Map<String, List<PatternModel>> writePatterns(RoundEnvironment round, Map<String, EntityModel> models,
                                                         Map<String, List<TypeElement>> collections, Diagnostics diagnostics) {
        Map<String, List<PatternModel>> byTable = new java.util.LinkedHashMap<>();
        PatternReader reader = new PatternReader(ProcessorContext.of(processingEnv, diagnostics));
        for (Element element : round.getElementsAnnotatedWith(AccessPatterns.class)) {
            TypeElement type = (TypeElement) element;
            TypeMirror tableType;
            try {
                type.getAnnotation(AccessPatterns.class).table();
                throw new IllegalStateException("the compiler gives class values as mirrors");
            } catch (MirroredTypeException e) {
                tableType = e.getTypeMirror();
            }
            TypeElement holder = tableType instanceof DeclaredType declared ? (TypeElement) declared.asElement() : null;
            Optional<PatternReader.Design> design = holder == null ? Optional.empty() : design(holder, models);
            if (design.isEmpty()) {
                diagnostics.report(Message.PATTERNS_TABLE_NOT_DESIGN, type, tableType, tableType);
                continue;
            }
            PatternModel model = reader.read(type, design.get(), models, collections);
            if (model == null) {
                continue;
            }
            if (!CorePatternCheck.check(model, design.get(), diagnostics)) {
                continue;
            }
            write(model.packageName(), model.implName(), PatternWriter.write(model), type);
            byTable.computeIfAbsent(holder.getQualifiedName().toString(), key -> new ArrayList<>()).add(model);
        }
        return byTable;
    }

    /** The facts and entity models of a {@code @TableDesign} holder, empty when it has none or they have mistakes. */
    private Optional<PatternReader.Design> design(TypeElement holder, Map<String, EntityModel> models) {
        TableDesign design = holder.getAnnotation(TableDesign.class);
        if (design == null) {
            return Optional.empty();
        }
        List<? extends TypeMirror> entityTypes = entityTypes(design);
        List<EntityModel> entities = new ArrayList<>();
        for (TypeMirror type : entityTypes) {
            EntityModel model = models.get(((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString());
            if (model != null && model.entity()) {
                entities.add(model);
            }
        }
        List<TableFacts.Mistake> mistakes = new ArrayList<>();
        TableFacts facts = TableFacts.read(design, mistakes);
        return mistakes.isEmpty() ? Optional.of(new PatternReader.Design(holder, facts, List.copyOf(entities))) : Optional.empty();
    }

    /** Drops version/createdAt/updatedAt calls the singletable-core on the class path does not have yet, with a warning. */
    private EntityModel withSupportedMaintenance(EntityModel model, Set<String> builderMethods, Diagnostics diagnostics) {
        List<String> kept = new ArrayList<>();
        for (String maintained : model.maintained()) {
            String method = maintained.substring(0, maintained.indexOf(':'));
            if (builderMethods.contains(method) || !MAINTAINED.contains(method)) {
                kept.add(maintained);
            } else {
                EntityModel.Property property = model.properties().stream()
                        .filter(p -> maintained.endsWith(":" + p.constant())).findFirst().orElseThrow();
                diagnostics.report(Message.CORE_LACKS_BUILDER_METHOD, property.element(), model.element().getSimpleName(),
                        property.javaName(), Names.capitalize(method), method);
            }
        }
        return new EntityModel(model.element(), model.packageName(), model.schemaName(), model.isPublic(), model.entity(),
                model.embeddable(), model.typeName(), model.creation(), model.constructorParameters(), model.properties(),
                model.partitionTemplate(), model.sortTemplate(), model.indexes(), model.hooks(), kept, model.states());
    }

    private void write(String packageName, String simpleName, String source, Element origin) {
        String name = packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
        try (Writer writer = processingEnv.getFiler().createSourceFile(name, origin).openWriter()) {
            writer.write(source);
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "could not write " + name + ": " + e.getMessage() + "; check the generated-sources directory", origin);
        }
    }
}
