package dev.singletable.internal.declaration;

import dev.singletable.Attribute;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;

/**
 * The fixes of the runtime messages that depend on how an entity is declared, each in the words of its
 * {@link Declaration}: a user of a schema file or of an annotated record is not told about {@code Attribute.of(...)},
 * which they never wrote. The {@link Declaration#BUILDER} texts are the ones these messages always had.
 */
public final class DeclarationFixes {
    private static final String WITHOUT_REQUIRED = "without @Attribute(required = true)";
    private static final String BOXED = ", and with a boxed type if it is a primitive (Integer for int),";
    private static final String IN_KEY = "it fills a slot of the primary key, so it is always required";

    private DeclarationFixes() {
    }

    /** A stored item lacks a required attribute: the fix after {@code "... lacks required attribute 'a'; "}. */
    public static String missingOnRead(EntitySchema<?> entity, Attribute<?, ?> attribute) {
        return switch (entity.declaration()) {
            case BUILDER -> "write it, or declare the attribute with Attribute.of(...) to allow it to be missing";
            case SCHEMA_FILE -> "write it, or drop required: true from it in the schema file to allow it to be missing";
            case ANNOTATIONS -> inPrimaryKey(entity, attribute.name()) ? "write it (" + IN_KEY + ")"
                    : "write it, or declare it " + WITHOUT_REQUIRED + BOXED + " to allow it to be missing";
        };
    }

    /** A write gives null to a required attribute: the fix after {@code "E.a is null but required; "}. */
    public static String nullOnWrite(EntitySchema<?> entity, Attribute<?, ?> attribute) {
        return switch (entity.declaration()) {
            case BUILDER -> "give it a value or declare it with Attribute.of(...) to allow null";
            case SCHEMA_FILE -> "give it a value or drop required: true from it in the schema file to allow null";
            case ANNOTATIONS -> inPrimaryKey(entity, attribute.name()) ? "give it a value (" + IN_KEY + ")"
                    : "give it a value or declare it " + WITHOUT_REQUIRED + " to allow null";
        };
    }

    /**
     * An update removes a required attribute, or a required attribute of an embedded record ({@code topLevel} false):
     * why it is required and the fix, after {@code "Update of E cannot remove a: "}.
     */
    public static String removeRequired(EntitySchema<?> entity, String root, boolean topLevel) {
        return switch (entity.declaration()) {
            case BUILDER -> "it is required (declared with Attribute.required); set another value, or declare it with Attribute.of(...) "
                    + "to allow it to be absent";
            case SCHEMA_FILE -> "it is required (required: true in the schema file); set another value, or drop required: true to "
                    + "allow it to be absent";
            case ANNOTATIONS -> topLevel && inPrimaryKey(entity, root) ? IN_KEY + "; an update cannot change the item's key"
                    : "it is required (@Attribute(required = true), or a primitive); set another value, or declare it "
                    + WITHOUT_REQUIRED + BOXED + " to allow it to be absent";
        };
    }

    /** A retry on conflict needs a version attribute the entity lacks: how to declare one. */
    public static String versionAttribute(EntitySchema<?> entity) {
        return switch (entity.declaration()) {
            case BUILDER -> "declare one with EntitySchema.builder(...).version(VERSION)";
            case SCHEMA_FILE -> "declare one in the schema file: an integer or long attribute with role: version";
            case ANNOTATIONS -> "declare one with @Version on a long, Long, int or Integer attribute";
        };
    }

    /**
     * A number of a bounded type (typeName {@code Integer} or {@code Long}) at {@code where} ({@code E.path}) would
     * leave its range: how to give it a wider type.
     */
    public static String widerNumber(EntitySchema<?> entity, String where, String typeName) {
        boolean integer = "Integer".equals(typeName);
        return switch (entity.declaration()) {
            case BUILDER -> "declare " + where + " with a wider type (such as BigInteger)";
            case SCHEMA_FILE -> "give " + where + " a wider type in the schema file (" + (integer ? "type: long or decimal" : "type: decimal") + ")";
            case ANNOTATIONS -> "declare " + where + " with a wider Java type (such as " + (integer ? "long or BigInteger" : "BigInteger") + ")";
        };
    }

    /**
     * An update cannot tell whether the item stays on an index whose condition is a Java predicate: how to declare what the
     * condition reads, which limits this to updates of those attributes, in the words of the front end (a schema file says
     * it with a condition it can evaluate; an annotated record has no way, so nothing is said). Starts with "; " or is empty.
     */
    public static String conditionReads(EntitySchema<?> entity, String index) {
        return switch (entity.declaration()) {
            case BUILDER -> "; declaring what the condition reads (indexConditionReads(\"" + index + "\", ...)) limits this to updates "
                    + "of those attributes";
            case SCHEMA_FILE -> "; a when the schema file can evaluate (present, absent, equals, notEquals, beginsWith, all, any) in "
                    + "place of the Java method reads only the attributes it names, which limits this to updates of those";
            case ANNOTATIONS -> "";
        };
    }

    private static boolean inPrimaryKey(EntitySchema<?> entity, String attribute) {
        return entity.primaryKey().templates().stream().anyMatch(template -> template.attributeNames().contains(attribute));
    }
}
