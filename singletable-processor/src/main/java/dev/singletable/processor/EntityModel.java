package dev.singletable.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import java.util.List;

/** What the processor learned about one annotated type; the writer renders it without looking at elements again. */
record EntityModel(
        TypeElement element,
        String packageName,
        String schemaName,
        boolean isPublic,
        boolean entity,
        boolean embeddable,
        String typeName,
        Creation creation,
        List<String> constructorParameters,
        List<Property> properties,
        String partitionTemplate,
        String sortTemplate,
        List<IndexModel> indexes,
        List<Hook> hooks,
        List<String> maintained,
        java.util.Optional<StatesModel> states) {

    /** An entity whose keys do not depend on its state. */
    EntityModel(TypeElement element, String packageName, String schemaName, boolean isPublic, boolean entity, boolean embeddable,
                String typeName, Creation creation, List<String> constructorParameters, List<Property> properties,
                String partitionTemplate, String sortTemplate, List<IndexModel> indexes, List<Hook> hooks, List<String> maintained) {
        this(element, packageName, schemaName, isPublic, entity, embeddable, typeName, creation, constructorParameters, properties,
                partitionTemplate, sortTemplate, indexes, hooks, maintained, java.util.Optional.empty());
    }

    /**
     * The states of an entity declared with {@code @KeyState}s: the {@code @StateAttribute} property, boolean or an
     * enum ({@code enumType}, null for a boolean), and one state per value in declaration order.
     */
    record StatesModel(Property attribute, TypeElement enumType, List<StateModel> states) {
    }

    /** One {@code @KeyState}: the state attribute's value, the state's entity type name and its keys ({@code sort} null without). */
    record StateModel(String value, String type, String partition, String sort, List<IndexModel> indexes) {
    }

    enum Creation { RECORD, CONSTRUCTOR, SETTERS }

    /** One property of the Java type, stored or not. */
    record Property(
            Element element,
            String javaName,
            String attributeName,
            String constant,
            TypeMirror type,
            TypeCode typeCode,
            boolean required,
            boolean read,
            boolean written,
            boolean bag,
            Access access,
            String setter,
            String generatedId,
            String maintainedAs,
            ValueOptions options) {

        boolean mapped() {
            return typeCode != null && (read || written);
        }
    }

    /**
     * What {@code @Attribute(nullable)}, {@code @Default}, {@code @Pattern}, {@code @Range}, {@code @Length} and
     * {@code @AllowedValues} declare; {@code defaultText} (as written) and {@code defaultCode} (a Java expression) are null
     * without a default, {@code pattern}, {@code min}, {@code max}, {@code minLength}, {@code maxLength} null when not declared.
     */
    record ValueOptions(boolean nullable, String defaultText, String defaultCode, String pattern, String min, String max,
                        Integer minLength, Integer maxLength, List<String> allowed) {
        static final ValueOptions NONE = new ValueOptions(false, null, null, null, null, null, null, null, List.of());

        boolean any() {
            return !equals(NONE);
        }

        boolean hasRules() {
            return pattern != null || min != null || max != null || minLength != null || !allowed.isEmpty();
        }
    }

    /** How a property is read from the entity: an accessor method or a field. */
    record Access(String name, boolean field) {
    }

    /**
     * The entity's keys on one GSI; {@code sort} and {@code condition} may be null. The condition is an
     * instance method without parameters, or a static method taking the entity.
     */
    /**
     * @param partition  the first partition template
     * @param sort       the first sort template, null without a sort key
     * @param partitions every partition template (several for a multi-attribute key)
     * @param sorts      every sort template
     */
    record IndexModel(String name, String partition, String sort, String condition, boolean conditionIsStatic,
                      List<String> partitions, List<String> sorts) {

        boolean multiAttribute() {
            return partitions.size() > 1 || sorts.size() > 1;
        }

    }

    /** A hook method and the builder method that installs it. */
    record Hook(String builderMethod, String method) {
    }

    /** How an attribute is stored, as an expression over {@code AttributeTypes}. */
    sealed interface TypeCode {
        /** A constant of AttributeTypes, such as STRING; scalars can fill key slots. */
        record Constant(String name, boolean keyable) implements TypeCode {
        }

        /** AttributeTypes.enumType(E.class). */
        record EnumOf(TypeElement type) implements TypeCode {
        }

        /** AttributeTypes.listOf/setOf/mapOf/optional(element). */
        record Of(String method, TypeCode element) implements TypeCode {
        }

        /** The TYPE of an @Embeddable's generated schema. */
        record Nested(String packageName, String schemaName) implements TypeCode {
        }

        /** AttributeTypes.custom("Name", to, from), calling the static methods to and from of owner; valueType is boxed. */
        record Custom(String typeName, TypeElement owner, String to, String from, TypeMirror valueType) implements TypeCode {
        }

        /** AttributeTypes.omitEmpty(type). */
        record OmitEmpty(TypeCode type) implements TypeCode {
        }

        default boolean keyable() {
            return this instanceof Constant constant && constant.keyable() || this instanceof EnumOf;
        }
    }

    /** The name of the type an attribute's type code stores, for messages. */
    static String describe(TypeCode code) {
        if (code instanceof TypeCode.Constant constant) {
            return "AttributeTypes." + constant.name();
        }
        if (code instanceof TypeCode.Of of) {
            return "AttributeTypes." + of.method() + "(" + describe(of.element()) + ")";
        }
        if (code instanceof TypeCode.Nested nested) {
            return "a nested map (" + nested.schemaName() + ".TYPE)";
        }
        if (code instanceof TypeCode.Custom custom) {
            return "a custom conversion (@Convert)";
        }
        if (code instanceof TypeCode.OmitEmpty omit) {
            return describe(omit.type()) + " with omitEmpty";
        }
        return "an enum";
    }
}
