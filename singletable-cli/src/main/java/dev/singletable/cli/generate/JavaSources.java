package dev.singletable.cli.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;

import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schema file as Java 17 sources for the annotation processor: a record per entity (its key templates, index keys and
 * attribute names as annotations), a {@code @TableDesign} class, an {@code @ItemCollection} interface per collection, an
 * enum per enum attribute, an {@code @Embeddable} record per record type, and an {@code @AccessPatterns} interface with a
 * method per get, query and scan pattern. What the annotations cannot say is left out, each with a note (in the generated
 * Javadoc and in {@link Generated#notes()}), never silently.
 */
public final class JavaSources {
    private static final String ANNOTATIONS = "dev.singletable.annotations";
    static final Pattern SLOT = Pattern.compile("\\{([^}:]+)((?::[^}]*)?)}");

    /**
     * The generated files, what was left out or renamed (one line each), in the order they were found.
     *
     * @param warnings      what the compiled sources will not do that the file does (one line each), such as writing the
     *                      design file back
     * @param tableClass    the simple name of the {@code @TableDesign} class
     * @param patternsClass the simple name of the {@code @AccessPatterns} interface
     * @param methods       the methods of that interface, one per generated pattern, in the file's order
     */
    public record Generated(List<JavaFile> files, List<String> notes, List<String> warnings, String tableClass, String patternsClass,
                            List<PatternMethod> methods, Optional<Examples> examples) {
        public Generated {
            files = List.copyOf(files);
            notes = List.copyOf(notes);
            warnings = List.copyOf(warnings);
            methods = List.copyOf(methods);
            Objects.requireNonNull(examples, "examples");
        }
    }

    /**
     * The design's example items as the JSON Lines resource the {@code @TableDesign} class names.
     *
     * @param resource its path under the source root, as {@code @TableDesign(examples = ...)} gives it
     *                 ({@code com/example/blog/BlogTable-examples.jsonl})
     * @param text     its lines, one item each
     * @param items    how many items it holds
     */
    public record Examples(String resource, String text, int items) {
        public Examples {
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * The method generated for an access pattern of the file.
     *
     * @param pattern  the pattern's name in the file
     * @param method   the method's name
     * @param examples its {@code @Example} values, one per parameter, in the parameters' order
     */
    public record PatternMethod(String pattern, String method, List<String> examples) {
        public PatternMethod {
            examples = List.copyOf(examples);
        }
    }

    final SchemaDocument document;
    final String packageName;
    final List<String> notes = new ArrayList<>();
    final Map<String, String> typeNames = new LinkedHashMap<>();
    /** Per entity (file name), the Java name of each attribute (file name). */
    final Map<String, Map<String, String>> attributeNames = new LinkedHashMap<>();
    /** Per entity, the indexes whose keys were generated. */
    final Map<String, Set<String>> generatedIndexes = new LinkedHashMap<>();
    private final Set<String> usedTypeNames = new LinkedHashSet<>();
    /** The enum generated for each enum attribute ({@code Order.status}: owner's Java name, attribute's file name). */
    private final Map<String, String> enumNames = new LinkedHashMap<>();
    final List<PatternMethod> methods = new ArrayList<>();
    /** Per entity (file name), its indexes with a {@code @Index(when = ...)} method, as {@code GSI1 (Order.hasShippedAt)}. */
    final Map<String, List<String>> sparseMethods = new LinkedHashMap<>();
    /** The example items' resource, which the {@code @TableDesign} class names. */
    Optional<Examples> examples = Optional.empty();

    private JavaSources(SchemaDocument document, String packageName) {
        this.document = document;
        this.packageName = packageName;
    }

    /**
     * The sources of {@code document} in {@code packageName} (which the caller has checked with {@link #isPackageName}), the
     * {@code @TableDesign} class naming the resource of {@code examples} (each entity's items, as {@link ExampleLines#read}
     * gives them) when there are any.
     */
    public static Generated of(SchemaDocument document, Map<String, List<Map<String, Object>>> examples, String packageName) {
        JavaSources sources = new JavaSources(document, packageName);
        if (!examples.isEmpty()) {
            sources.examples = Optional.of(new Examples(packageName.replace('.', '/') + "/" + document.table().name() + "-examples.jsonl",
                    ExampleLines.lines(document, examples, sources.notes), examples.values().stream().mapToInt(List::size).sum()
                    + document.relations().values().stream().mapToInt(relation -> relation.examples().size()).sum()));
        }
        return sources.generate();
    }

    /** Whether {@code name} is a Java package name: dotted identifiers, none a keyword. */
    public static boolean isPackageName(String name) {
        return SourceVersion.isName(name, SourceVersion.RELEASE_17);
    }

    private Generated generate() {
        String tableClass = typeName(document.table().name(), "table " + document.table().name());
        usedTypeNames.add(tableClass);
        usedTypeNames.add(tableClass + "Design");
        for (String entity : document.entities().keySet()) {
            typeNames.put(entity, uniqueType(typeName(entity, "entity " + entity), "entity " + entity, "Schema"));
        }
        Map<String, String> recordTypes = new LinkedHashMap<>();
        document.types().keySet().forEach(type -> recordTypes.put(type, uniqueType(typeName(type, "type " + type), "type " + type, "Schema")));
        Map<String, String> collections = new LinkedHashMap<>();
        document.collections().keySet().forEach(name -> collections.put(name, uniqueType(typeName(name, "collection " + name))));
        String patternsName = uniqueType(tableStem(tableClass) + "Access", "the access patterns", "Patterns");

        List<JavaFile> files = new ArrayList<>();
        recordTypes.forEach((file, java) -> files.add(javaFile(embeddable(document.types().get(file), java, recordTypes, files))));
        List<String> leftOut = LeftOutCollections.remove(document, collections);
        Map<String, List<String>> memberOf = new LinkedHashMap<>();
        document.collections().forEach((name, collection) -> collection.members().stream().filter(m -> collections.containsKey(name))
                .forEach(member -> memberOf.computeIfAbsent(member, m -> new ArrayList<>()).add(collections.get(name))));
        List<String> entities = new ArrayList<>();
        document.entities().forEach((name, entity) -> {
            entities.add(name);
            files.add(javaFile(entity(name, entity, recordTypes, memberOf.getOrDefault(name, List.of()), files)));
        });
        notes.addAll(leftOut);
        collections.forEach((name, java) -> files.add(javaFile(collection(java, document.collections().get(name)))));
        files.add(javaFile(TableDesignSource.of(this, tableClass, entities)));
        files.add(javaFile(new PatternSources(this).patterns(patternsName, tableClass, entities, collections)));
        List<String> warnings = new ArrayList<>();
        if (!sparseMethods.isEmpty()) {
            // a method is Java: the processor's design file names it ({"java": ...}) but cannot hold what it tests, so the tools
            // reading the compiled design see an upper bound of the index; say so here, where the choice is made
            warnings.add("the compiled sources' design file (META-INF/singletable/" + document.table().name()
                    + ".singletable.json) holds a @Index(when = ...) method only by its name ({\"java\": ...}), not what it tests, and "
                    + "these sparse indexes have one: " + String.join(", ", sparseMethods.values().stream().flatMap(List::stream).toList())
                    + "; patterns, lint, view, cost and mcp on it take every item whose key slots have values as in the index (an "
                    + "upper bound): run them on the schema file for the exact conditions");
        }
        return new Generated(files, notes, warnings, tableClass, patternsName, methods, examples);
    }

    private JavaFile javaFile(TypeSpec type) {
        return JavaFile.builder(packageName, type).skipJavaLangImports(true).indent("    ").build();
    }

    // ---- names

    private String uniqueType(String name) {
        String unique = name;
        for (int i = 2; !usedTypeNames.add(unique); i++) {
            unique = name + i;
        }
        return unique;
    }

    /**
     * A type name that neither it nor the class the processor generates for it ({@code name + generatedSuffix}, such as
     * {@code OrderSchema}) takes from another type; renamed with a note, so that an entity named {@code OrderSchema} next to
     * {@code Order} still compiles.
     */
    private String uniqueType(String name, String what, String generatedSuffix) {
        String unique = name;
        for (int i = 2; usedTypeNames.contains(unique) || usedTypeNames.contains(unique + generatedSuffix); i++) {
            unique = name + i;
        }
        if (!unique.equals(name)) {
            notes.add(what + ": the type " + name + " or the processor's " + name + generatedSuffix + " would clash with another "
                    + "generated type; the type is " + unique);
        }
        usedTypeNames.add(unique);
        usedTypeNames.add(unique + generatedSuffix);
        return unique;
    }

    /**
     * The Java names of a record's attributes (by their names in the file), each unique: {@code a-b} and {@code a_b} would both
     * be {@code a_b}, so the second becomes {@code a_b2} (stored under its own name by {@code @Attribute(name = ...)}).
     */
    private Map<String, String> componentNames(String owner, java.util.Collection<String> attributes) {
        Map<String, String> names = new LinkedHashMap<>();
        Set<String> used = new LinkedHashSet<>(attributes.stream().filter(a -> identifier(a).equals(a)).toList());
        for (String attribute : attributes) {
            String java = identifier(attribute);
            if (!java.equals(attribute)) {
                String base = java;
                for (int i = 2; used.contains(java); i++) {
                    java = base + i;
                }
                if (!java.equals(base)) {
                    notes.add(owner + "." + attribute + ": its Java name " + base + " is another attribute's; the record component is " + java);
                }
            }
            used.add(java);
            names.put(attribute, java);
        }
        return names;
    }

    private String typeName(String name, String what) {
        String java = identifier(name);
        if (!Character.isUpperCase(java.charAt(0)) && Character.isLetter(java.charAt(0))) {
            java = Character.toUpperCase(java.charAt(0)) + java.substring(1);
        }
        if (!java.equals(name) && !java.equals(Character.toUpperCase(name.charAt(0)) + name.substring(1))) {
            notes.add(what + ": '" + name + "' is not a Java identifier; the type is " + java);
        }
        return java;
    }

    /** {@code name} as a Java identifier: other characters become {@code _}, a keyword gets a trailing {@code _}. */
    static String identifier(String name) {
        StringBuilder java = new StringBuilder();
        name.codePoints().forEach(c -> java.appendCodePoint(java.length() == 0 ? (Character.isJavaIdentifierStart(c) ? c : '_')
                : Character.isJavaIdentifierPart(c) ? c : '_'));
        if (java.length() == 0 || !Character.isJavaIdentifierStart(name.codePointAt(0)) && Character.isJavaIdentifierPart(name.codePointAt(0))) {
            java.insert(0, '_');
        }
        String text = java.toString();
        return SourceVersion.isKeyword(text, SourceVersion.RELEASE_17) || text.equals("_") ? text + "_" : text;
    }

    private static String tableStem(String tableClass) {
        return tableClass.endsWith("Table") && tableClass.length() > "Table".length()
                ? tableClass.substring(0, tableClass.length() - "Table".length()) : tableClass;
    }

    String attributeName(String entity, String attribute) {
        return attributeNames.getOrDefault(entity, Map.of()).getOrDefault(attribute, identifier(attribute));
    }

    /** A template with its slots named by the attributes' Java names. */
    private String template(String entity, String template) {
        Matcher matcher = SLOT.matcher(template);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement("{" + attributeName(entity, matcher.group(1)) + matcher.group(2) + "}"));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    static List<String> slots(List<String> templates) {
        List<String> slots = new ArrayList<>();
        for (String template : templates) {
            Matcher matcher = SLOT.matcher(template);
            while (matcher.find()) {
                if (!slots.contains(matcher.group(1))) {
                    slots.add(matcher.group(1));
                }
            }
        }
        return slots;
    }

    // ---- types

    TypeName javaType(String owner, String attribute, AttributeDefinition definition, Map<String, String> recordTypes,
                              List<JavaFile> files) {
        return switch (definition.type()) {
            case ENUM -> {
                if (!enumConstants(definition.values())) {
                    // no enum constant can hold such a value and the annotations map no constant to another stored name: a String
                    // restricted to the values stores and reads every one of them
                    if (enumNames.putIfAbsent(owner + "." + attribute, "") == null) {
                        notes.add(owner + "." + attribute + ": the values " + definition.values().stream().filter(value -> !enumConstants(List.of(value)))
                                .map(value -> "'" + value + "'").toList() + " are not Java identifiers (or are keywords), so no enum constant "
                                + "can hold them; the attribute is a String with @AllowedValues of all " + definition.values().size()
                                + " values (the design file the sources write says type string, allowedValues)");
                    }
                    yield ClassName.get(String.class);
                }
                String known = enumNames.get(owner + "." + attribute);
                if (known != null) {
                    yield ClassName.get(packageName, known);
                }
                String name = uniqueType(owner + capitalized(identifier(attribute)));
                enumNames.put(owner + "." + attribute, name);
                TypeSpec.Builder type = TypeSpec.enumBuilder(name).addModifiers(Modifier.PUBLIC)
                        .addJavadoc("The values of $L.$L.\n", owner, attribute);
                definition.values().forEach(type::addEnumConstant);
                files.add(javaFile(type.build()));
                yield ClassName.get(packageName, name);
            }
            case RECORD -> ClassName.get(packageName, recordTypes.get(definition.recordType().orElseThrow()));
            case RECORD_LIST -> ParameterizedTypeName.get(ClassName.get(List.class),
                    ClassName.get(packageName, recordTypes.get(definition.recordType().orElseThrow())));
            case RECORD_MAP -> ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class),
                    ClassName.get(packageName, recordTypes.get(definition.recordType().orElseThrow())));
            case LIST -> ParameterizedTypeName.get(ClassName.get(List.class), javaType(owner, attribute,
                    AttributeDefinition.of(definition.elementType().orElseThrow(), false), recordTypes, files));
            case MAP -> ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), javaType(owner, attribute,
                    AttributeDefinition.of(definition.elementType().orElseThrow(), false), recordTypes, files));
            // the scalars and fixed collections: the Java type of the kind's entry in the core's registry
            default -> TypeName.get(definition.type().javaType());
        };
    }

    static String capitalized(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** A double as a Java literal: {@code 5.0}, {@code 0.5}. */
    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().scale() <= 0 ? BigDecimal.valueOf(value).setScale(1).toPlainString()
                : BigDecimal.valueOf(value).toPlainString();
    }

    static ClassName annotation(String simpleName) {
        return ClassName.get(ANNOTATIONS, simpleName);
    }

    static String javadocText(String text) {
        return text.replace("*/", "*&#47;").replace("@", "{@literal @}");
    }

    /** Lists in {@code type}'s javadoc what the annotations cannot say, one line each; nothing when there is none. */
    static void notGenerated(TypeSpec.Builder type, List<String> left) {
        if (!left.isEmpty()) {
            type.addJavadoc("\n<p>Not generated (the annotations cannot say it):\n<ul>\n");
            left.forEach(line -> type.addJavadoc("<li>$L</li>\n", javadocText(line)));
            type.addJavadoc("</ul>\n");
        }
    }

    private TypeSpec embeddable(RecordTypeDefinition definition, String name, Map<String, String> recordTypes, List<JavaFile> files) {
        TypeSpec.Builder record = TypeSpec.recordBuilder(name).addModifiers(Modifier.PUBLIC).addAnnotation(annotation("Embeddable"));
        definition.description().ifPresent(description -> record.addJavadoc("$L\n", javadocText(description)));
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder();
        Map<String, String> names = componentNames(name, definition.attributes().keySet());
        definition.attributes().forEach((attribute, attributeDefinition) -> {
            String java = names.get(attribute);
            ParameterSpec.Builder component = ParameterSpec.builder(javaType(name, attribute, attributeDefinition, recordTypes, files), java);
            component.addAnnotations(AttributeAnnotations.of(name, attribute, java, attributeDefinition, notes));
            constructor.addParameter(component.build());
        });
        return record.recordConstructor(constructor.build()).build();
    }

    /** Whether every value can be an enum constant: a Java identifier, no keyword. */
    static boolean enumConstants(List<String> values) {
        return values.stream().allMatch(value -> SourceVersion.isName(value, SourceVersion.RELEASE_17) && !value.contains("."));
    }

    private TypeSpec entity(String name, EntityDefinition entity, Map<String, String> recordTypes, List<String> collections,
                            List<JavaFile> files) {
        String java = typeNames.get(name);
        Map<String, String> names = componentNames("entities." + name, entity.attributes().keySet());
        attributeNames.put(name, names);

        TypeSpec.Builder record = TypeSpec.recordBuilder(java).addModifiers(Modifier.PUBLIC);
        entity.description().ifPresent(description -> record.addJavadoc("$L\n", javadocText(description)));
        entityAnnotations(record, name, java, entity);
        generatedIndexes.put(name, new EntityIndexes(this).add(record, name, entity, names, recordTypes, files));
        volume(record, entity);
        if (entity.attributeBag()) {
            notes.add("entities." + name + ".attributeBag: not generated (an @AttributeBag needs a Map<String, AttributeValue> of the AWS "
                    + "SDK); add one by hand to keep attributes the file does not name");
        }
        collections.forEach(collection -> record.addSuperinterface(ClassName.get(packageName, collection)));
        return record.recordConstructor(components(name, java, entity, names, recordTypes, files)).build();
    }

    /** {@code @Entity} with its key templates, and a {@code @KeyState} per state with its own keys and indexes. */
    private void entityAnnotations(TypeSpec.Builder record, String name, String java, EntityDefinition entity) {
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(annotation("Entity"));
        if (!java.equals(name)) {
            annotation.addMember("type", "$S", name);
        }
        if (!entity.keys().partition().isEmpty()) {
            annotation.addMember("pk", "$S", template(name, String.join("", entity.keys().partition())));
        }
        if (!entity.keys().sort().isEmpty()) {
            annotation.addMember("sk", "$S", template(name, String.join("", entity.keys().sort())));
        }
        record.addAnnotation(annotation.build());
        entity.states().ifPresent(states -> states.values().forEach((value, state) -> {
            AnnotationSpec.Builder keyState = AnnotationSpec.builder(annotation("KeyState")).addMember("value", "$S", value)
                    .addMember("type", "$S", state.type())
                    .addMember("pk", "$S", template(name, String.join("", state.keys().partition())));
            if (!state.keys().sort().isEmpty()) {
                keyState.addMember("sk", "$S", template(name, String.join("", state.keys().sort())));
            }
            state.indexes().forEach((index, key) -> {
                AnnotationSpec.Builder indexAnnotation = AnnotationSpec.builder(annotation("Index")).addMember("name", "$S", index);
                keyMember(indexAnnotation, "pk", name, key.partition().isEmpty() ? state.keys().partition() : key.partition());
                if (!key.sort().isEmpty()) {
                    keyMember(indexAnnotation, "sk", name, key.sort());
                }
                if (key.when().isPresent()) {
                    notes.add("entities." + name + ".states." + value + ".indexes." + index + ".when: a state's sparse condition is not generated");
                }
                keyState.addMember("indexes", "$L", indexAnnotation.build());
            });
            record.addAnnotation(keyState.build());
        }));
    }

    /** {@code @Volume} when the entity declares one. */
    private static void volume(TypeSpec.Builder record, EntityDefinition entity) {
        if (!entity.volume().isEmpty()) {
            AnnotationSpec.Builder volume = AnnotationSpec.builder(annotation("Volume"));
            entity.volume().count().ifPresent(count -> volume.addMember("count", "$LL", count));
            entity.volume().partitionKeyValues().ifPresent(values -> volume.addMember("partitionKeyValues", "$LL", values));
            entity.volume().writes().ifPresent(writes -> volume.addMember("writesPeak", "$L", number(writes.peak()))
                    .addMember("writesAverage", "$L", number(writes.average())));
            record.addAnnotation(volume.build());
        }
    }

    /** The record's components: a parameter per attribute with its Java type and annotations. */
    private MethodSpec components(String name, String java, EntityDefinition entity, Map<String, String> names,
                                  Map<String, String> recordTypes, List<JavaFile> files) {
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder();
        entity.attributes().forEach((attribute, definition) -> {
            ParameterSpec.Builder component = ParameterSpec.builder(javaType(java, attribute, definition, recordTypes, files), names.get(attribute));
            component.addAnnotations(AttributeAnnotations.of(name, attribute, names.get(attribute), definition, notes));
            definition.role().ifPresent(role -> component.addAnnotation(annotation(switch (role) {
                case VERSION -> "Version";
                case CREATED_AT -> "CreatedAt";
                case UPDATED_AT -> "UpdatedAt";
                case TIME_TO_LIVE -> "TimeToLive";
            })));
            if (entity.states().map(states -> states.attribute().equals(attribute)).orElse(false)) {
                component.addAnnotation(annotation("StateAttribute"));
            }
            definition.generated().ifPresent(generator -> component.addAnnotation(generator == AttributeDefinition.IdGenerator.UUID
                    ? AnnotationSpec.builder(annotation("GeneratedId")).addMember("value", "$T.UUID", annotation("GeneratedId").nestedClass("Strategy")).build()
                    : AnnotationSpec.builder(annotation("GeneratedId")).build()));
            constructor.addParameter(component.build());
        });
        return constructor.build();
    }

    void keyMember(AnnotationSpec.Builder annotation, String member, String entity, List<String> templates) {
        for (String template : templates) {
            annotation.addMember(member, "$S", template(entity, template));
        }
    }

    private TypeSpec collection(String name, CollectionDefinition collection) {
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.SEALED)
                .addAnnotation(annotation("ItemCollection"));
        collection.description().ifPresent(description -> type.addJavadoc("$L\n", javadocText(description)));
        collection.members().forEach(member -> type.addPermittedSubclass(ClassName.get(packageName, typeNames.get(member))));
        return type.build();
    }

    // ---- the access patterns

    static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

}
