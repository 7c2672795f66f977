package dev.singletable.processor;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.annotations.TableDesign;
import dev.singletable.internal.kinds.Kind;

import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.MirroredTypeException;
import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A {@code @TableDesign.Relation}, resolved against the models of the table's entities: read once, then checked by
 * the core ({@link CoreSchemaCheck#tableRefusal(TableFacts, List, List)}) and rendered as Java ({@link TableSchemaWriter})
 * and as the schema file ({@link DesignFileWriter}) from the same values.
 *
 * @param constant       the name of the generated constant, such as {@code MEMBERSHIP}
 * @param itemTypes      two names, first side first, or empty for the core's default
 * @param copyFromFirst  properties of {@code first} copied onto both adjacency items
 * @param copyFromSecond properties of {@code second} copied onto both adjacency items
 * @param edges          the attributes of the edge itself, in order
 */
record RelationFacts(String name, String constant, EntityModel first, EntityModel second, String firstPk, String firstSk,
                     String secondPk, String secondSk, List<String> itemTypes, List<EntityModel.Property> copyFromFirst,
                     List<EntityModel.Property> copyFromSecond, boolean propagateCopies, List<EdgeFacts> edges) {

    /**
     * A {@code @TableDesign.Edge}: its kind is the core registry's entry of the same name ({@code LOCAL_DATE}).
     *
     * @param values      the allowed values of an {@code ENUM}, else empty
     * @param description free text, empty for none
     */
    record EdgeFacts(String name, Kind kind, List<String> values, boolean required, String description) {
        /** The core's type of its values: an enum's are strings, as a schema file's are. */
        AttributeType<?> type() {
            return kind == Kind.ENUM ? AttributeTypes.STRING : kind.type();
        }

        /** The {@code AttributeTypes} member that gives {@link #type()}, such as {@code LOCAL_DATE}. */
        String typeCode() {
            return SchemaWriter.builtInType(kind == Kind.ENUM ? Kind.STRING.name() : kind.name());
        }
    }

    /** Reads the relations of a design; what cannot be resolved (an entity not of the table, an unknown attribute...) goes to {@code mistakes}. */
    static List<RelationFacts> read(TableDesign design, List<EntityModel> entities, List<TableFacts.Mistake> mistakes) {
        List<RelationFacts> relations = new ArrayList<>();
        List<String> constants = new ArrayList<>(List.of("SCHEMA"));
        for (TableDesign.Relation relation : design.relations()) {
            String where = "@TableDesign " + design.name() + ": relation '" + relation.name() + "'";
            if (relation.name().isBlank()) {
                mistakes.add(new TableFacts.Mistake("@TableDesign " + design.name() + ": a relation has a blank name; give it one, "
                        + "such as name = \"Membership\""));
                continue;
            }
            EntityModel first = entity(where, "first", () -> relation.first(), entities, mistakes);
            EntityModel second = entity(where, "second", () -> relation.second(), entities, mistakes);
            if (first == null || second == null) {
                continue;
            }
            if (onStates(where, "first", first, mistakes) | onStates(where, "second", second, mistakes)) {
                continue;
            }
            if (relation.itemTypes().length != 0 && relation.itemTypes().length != 2) {
                mistakes.add(new TableFacts.Mistake(where + ": itemTypes lists " + relation.itemTypes().length + " name"
                        + (relation.itemTypes().length == 1 ? "" : "s") + " " + Arrays.toString(relation.itemTypes())
                        + "; give two, the first side's item type then the second's, such as itemTypes = {\"" + first.typeName()
                        + second.typeName() + "\", \"" + second.typeName() + first.typeName() + "\"}, or none for these defaults"));
                continue;
            }
            List<EntityModel.Property> fromFirst = copied(where, "copyFromFirst", first, relation.copyFromFirst(), mistakes);
            List<EntityModel.Property> fromSecond = copied(where, "copyFromSecond", second, relation.copyFromSecond(), mistakes);
            List<EdgeFacts> edges = edges(where, relation.edges(), mistakes);
            if (fromFirst == null || fromSecond == null || edges == null) {
                continue;
            }
            String constant = constant(relation.name());
            if (constants.contains(constant)) {
                mistakes.add(new TableFacts.Mistake(where + ": its generated constant " + constant + " is taken (by SCHEMA or "
                        + "another relation of that name); relation names must be unique and differ from \"Schema\": rename it"));
                continue;
            }
            constants.add(constant);
            relations.add(new RelationFacts(relation.name(), constant, first, second, relation.firstSide().pk(),
                    relation.firstSide().sk(), relation.secondSide().pk(), relation.secondSide().sk(), List.of(relation.itemTypes()),
                    fromFirst, fromSecond, relation.propagateCopies(), edges));
        }
        return List.copyOf(relations);
    }

    /** {@code Membership} gives {@code MEMBERSHIP}, {@code UserGroups} gives {@code USER_GROUPS}; other characters become '_'. */
    static String constant(String name) {
        StringBuilder constant = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i > 0 && Character.isUpperCase(c) && Character.isLowerCase(name.charAt(i - 1))) {
                constant.append('_');
            }
            constant.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
        }
        if (!Character.isJavaIdentifierStart(constant.charAt(0))) {
            constant.insert(0, '_');
        }
        return constant.toString().toUpperCase(Locale.ROOT);
    }

    /** A relation cannot have a side whose keys depend on its state: true, with the mistake, when {@code entity} is one. */
    private static boolean onStates(String where, String role, EntityModel entity, List<TableFacts.Mistake> mistakes) {
        if (entity.states().isEmpty()) {
            return false;
        }
        EntityModel.StatesModel states = entity.states().get();
        String name = entity.element().getSimpleName().toString();
        List<String> picks = states.states().stream().map(s -> s.value() + " -> " + s.type()).toList();
        mistakes.add(new TableFacts.Mistake(where + ": " + role + " = " + name + ".class has keys that depend on its state (@KeyState by "
                + states.attribute().javaName() + ": " + String.join(", ", picks) + "): when the state changes the item moves to another "
                + "key, and the relation's adjacency items and related(...) reads would still name the old one. Relations on entities "
                + "with @KeyState are not supported; relate an entity with fixed keys instead (give " + name + " @Entity keys and put "
                + "the state in an @Index key, or relate an entity that holds its id)"));
        return true;
    }

    private static EntityModel entity(String where, String role, Supplier<Class<?>> value, List<EntityModel> entities,
                                      List<TableFacts.Mistake> mistakes) {
        TypeMirror type;
        try {
            value.get();
            throw new IllegalStateException("the compiler gives class values as mirrors");
        } catch (MirroredTypeException e) {
            type = e.getTypeMirror();
        }
        if (type instanceof DeclaredType declared && declared.asElement() instanceof TypeElement element) {
            for (EntityModel entity : entities) {
                if (entity.element().getQualifiedName().contentEquals(element.getQualifiedName())) {
                    return entity;
                }
            }
        }
        mistakes.add(new TableFacts.Mistake(where + ": " + role + " = " + type + ".class is not an entity of the table "
                + entities.stream().map(e -> e.element().getSimpleName().toString()).toList() + "; relate two of its entities, "
                + "or add " + type + " to entities"));
        return null;
    }

    private static List<EntityModel.Property> copied(String where, String role, EntityModel owner, String[] names,
                                                     List<TableFacts.Mistake> mistakes) {
        List<EntityModel.Property> properties = new ArrayList<>();
        for (String name : names) {
            EntityModel.Property found = owner.properties().stream().filter(EntityModel.Property::mapped)
                    .filter(p -> p.javaName().equals(name) || p.attributeName().equals(name)).findFirst().orElse(null);
            if (found == null) {
                mistakes.add(new TableFacts.Mistake(where + ": " + role + " names '" + name + "', which is no attribute of "
                        + owner.element().getSimpleName() + "; copy one of its stored attributes " + owner.properties().stream()
                        .filter(EntityModel.Property::mapped).map(EntityModel.Property::javaName).toList()));
                return null;
            }
            properties.add(found);
        }
        return List.copyOf(properties);
    }

    /** The edge attributes, or null when one is wrong (the mistake says why); the core checks their names against the keys. */
    private static List<EdgeFacts> edges(String where, TableDesign.Edge[] declared, List<TableFacts.Mistake> mistakes) {
        List<EdgeFacts> edges = new ArrayList<>();
        for (TableDesign.Edge edge : declared) {
            String at = where + ": edge '" + edge.name() + "'";
            String mistake = edge.name().isBlank() ? where + ": an edge attribute has a blank name; give it one, such as name = \"role\""
                    : edge.type() == TableDesign.EdgeType.ENUM && edge.values().length == 0 ? at + " is an ENUM without values; "
                    + "list them, such as values = {\"MEMBER\", \"ADMIN\"}"
                    : edge.type() != TableDesign.EdgeType.ENUM && edge.values().length != 0 ? at + " lists values " + Arrays.toString(edge.values())
                    + " but is " + edge.type() + "; only an ENUM takes values: give type = TableDesign.EdgeType.ENUM or leave values out"
                    : null;
            if (mistake != null) {
                mistakes.add(new TableFacts.Mistake(mistake));
                return null;
            }
            edges.add(new EdgeFacts(edge.name(), Kind.valueOf(edge.type().name()), List.of(edge.values()), edge.required(), edge.description()));
        }
        return List.copyOf(edges);
    }

    /** The entity's type as generated code names it, such as {@code dev.example.User}. */
    static String qualifiedType(EntityModel entity) {
        return entity.element().getQualifiedName().toString();
    }

    /** The entity's generated schema class, qualified. */
    static String schemaClass(EntityModel entity) {
        return entity.packageName().isEmpty() ? entity.schemaName() : entity.packageName() + "." + entity.schemaName();
    }
}
