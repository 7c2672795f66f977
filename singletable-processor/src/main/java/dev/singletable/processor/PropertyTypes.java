package dev.singletable.processor;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.annotations.Embeddable;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.processor.EntityModel.TypeCode;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.util.List;

/**
 * The one place where Java types meet the kinds of attribute singletable stores: which Java type is stored how (its
 * {@link TypeCode}), how a default's text becomes a value of it, and which core {@link AttributeType} stands in for a
 * storage when the core checks a schema.
 */
final class PropertyTypes {
    static final String ATTRIBUTE_VALUE = "software.amazon.awssdk.services.dynamodb.model.AttributeValue";

    /** Stands in for the entity's enums: the core's rules for enum slots do not depend on the constants. */
    enum AnyEnum { CONSTANT }


    private final ProcessorContext context;

    PropertyTypes(ProcessorContext context) {
        this.context = context;
    }

    /** The Java expression of a default's text for a scalar type, or null (reported) when it does not fit. */
    String defaultCode(Element member, String owner, String javaName, TypeMirror type, TypeCode code, String text) {
        String typeName = box(type) instanceof DeclaredType declared ? ((TypeElement) declared.asElement()).getQualifiedName().toString()
                : type.toString();
        try {
            if (code instanceof TypeCode.EnumOf enumOf) {
                boolean known = enumOf.type().getEnclosedElements().stream()
                        .anyMatch(e -> e.getKind() == ElementKind.ENUM_CONSTANT && e.getSimpleName().contentEquals(text));
                if (!known) {
                    throw new IllegalArgumentException("no constant of " + enumOf.type().getSimpleName() + " is named '" + text + "'");
                }
                return enumOf.type().getQualifiedName() + "." + text;
            }
            // read by the core's registry of attribute kinds, as the command line reads the kind's values
            Kind kind = Kind.ofJavaTypeName(typeName).orElseThrow(() -> new IllegalArgumentException("defaults are for scalar "
                    + "attributes (enums and " + Kind.scalarClassNames() + "), and this one is " + simpleName(type)));
            Object value;
            try {
                value = kind.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + text + "' is not " + kind.expected(), e);
            }
            return kind.javaSource(value);
        } catch (RuntimeException e) {
            context.diagnostics().report(Message.VALUE_OPTION_INVALID, Annotated.at(member), owner, javaName, "@Default(\"" + text + "\")",
                    e.getMessage() == null ? e.toString() : e.getMessage(), "give a value of the attribute's type");
            return null;
        }
    }

    TypeCode typeCode(TypeMirror type, TypeElement owner, Element member) {
        TypeCode code = typeCode(type);
        if (code == null) {
            context.diagnostics().report(Message.UNSUPPORTED_TYPE, Annotated.at(member), owner.getSimpleName(), member.getSimpleName(), type,
                    advice(type), simpleName(type), simpleName(type));
            return null;
        }
        return code;
    }

    /**
     * What to store instead of a type singletable has no storage for, the first fix of the message: the type the user
     * can change (a collection's element, a map's keys or values), the supported type closest to a JDK one, and
     * {@code @Embeddable} only for a type of the user's own, which is the one they can annotate.
     */
    private String advice(TypeMirror type) {
        String simple = simpleName(box(type));
        if (isType(type, "java.lang.Character")) {
            return "store text as a String";
        }
        if (isType(type, "java.lang.Double") || isType(type, "java.lang.Float")) {
            return "store it as a BigDecimal (exact decimals), or an int or long for whole numbers, as singletable stores no binary "
                    + "floating point (" + simple + " values would not read back as written)";
        }
        if (isType(type, "java.lang.Short") || isType(type, "java.lang.Byte")) {
            return "store whole numbers as an int or a long";
        }
        if (type.getKind() == TypeKind.ARRAY) {
            return "store a List instead of an array (byte[] alone is stored, as binary)";
        }
        if (!(type instanceof DeclaredType declared) || !(declared.asElement() instanceof TypeElement element)) {
            return "store one of singletable's types (" + Kind.scalarClassNames() + ", enums, collections of them)";
        }
        String name = element.getQualifiedName().toString();
        List<? extends TypeMirror> arguments = declared.getTypeArguments();
        switch (name) {
            case "java.util.Date", "java.util.Calendar", "java.sql.Timestamp", "java.time.ZonedDateTime", "java.time.OffsetDateTime" -> {
                return "store a point in time as a java.time.Instant (or a LocalDate for a day)";
            }
            case "java.util.List", "java.util.Optional" -> {
                return arguments.size() != 1 ? "give its element type, such as " + simpleName(type) + "<String>"
                        : "its element type " + simpleName(arguments.get(0)) + " cannot be stored: " + advice(arguments.get(0));
            }
            case "java.util.Set" -> {
                return arguments.size() != 1 ? "give its element type, such as Set<String>"
                        : "a Set holds String, Integer, Long, BigInteger, BigDecimal or ByteBuffer elements (DynamoDB's string, number "
                        + "and binary sets), not " + simpleName(arguments.get(0)) + ": " + advice(arguments.get(0));
            }
            case "java.util.Map" -> {
                if (arguments.size() != 2) {
                    return "give its key and value types, such as Map<String, String>";
                }
                return !isType(arguments.get(0), "java.lang.String")
                        ? "DynamoDB map keys are strings: declare it as Map<String, " + simpleName(arguments.get(1)) + "> (the keys as text)"
                        : "its value type " + simpleName(arguments.get(1)) + " cannot be stored: " + advice(arguments.get(1));
            }
            default -> {
                return isJdk(name) ? "store one of singletable's types (" + Kind.scalarClassNames() + ", enums, collections of them)"
                        : "annotate " + simple + " with @Embeddable to store it as a map of its properties";
            }
        }
    }

    private static boolean isJdk(String qualifiedName) {
        return qualifiedName.startsWith("java.") || qualifiedName.startsWith("javax.") || qualifiedName.startsWith("jdk.");
    }

    String simpleName(TypeMirror type) {
        return type instanceof DeclaredType declared ? declared.asElement().getSimpleName().toString() : type.toString();
    }

    /** The storage of a type, or null when singletable has none. */
    private TypeCode typeCode(TypeMirror type) {
        if (type.getKind().isPrimitive()) {
            return primitiveCode(type);
        }
        if (type.getKind() == TypeKind.ARRAY) {
            return context.types().isSameType(type, context.types().getArrayType(context.types().getPrimitiveType(TypeKind.BYTE)))
                    ? new TypeCode.Constant("BYTES", false) : null;
        }
        if (!(type instanceof DeclaredType declared) || !(declared.asElement() instanceof TypeElement element)) {
            return null;
        }
        String name = element.getQualifiedName().toString();
        if (name.equals("java.lang.Object")) {
            return new TypeCode.Constant("DOCUMENT_VALUE", false);
        }
        java.util.Optional<Kind> scalar = Kind.ofJavaTypeName(name); // the core's registry of attribute kinds
        if (scalar.isPresent()) {
            return new TypeCode.Constant(scalar.get().name(), scalar.get().keyable());
        }
        if (element.getKind() == ElementKind.ENUM) {
            return new TypeCode.EnumOf(element);
        }
        List<? extends TypeMirror> arguments = declared.getTypeArguments();
        return switch (name) {
            case "java.util.List", "java.util.Set", "java.util.Optional" -> containerCode(name, arguments);
            case "java.util.Map" -> mapCode(arguments);
            default -> embeddableCode(element);
        };
    }

    /** The storage of an int, long or boolean, or null for the other primitives. */
    private static TypeCode primitiveCode(TypeMirror type) {
        return switch (type.getKind()) {
            case INT -> new TypeCode.Constant("INTEGER", true);
            case LONG -> new TypeCode.Constant("LONG", true);
            case BOOLEAN -> new TypeCode.Constant("BOOLEAN", true);
            default -> null;
        };
    }

    /** The storage of a List, Set or Optional: a dedicated set or list type when there is one, else its element's. */
    private TypeCode containerCode(String name, List<? extends TypeMirror> arguments) {
        if (arguments.size() != 1) {
            return null;
        }
        boolean ofString = isType(arguments.get(0), "java.lang.String");
        if (name.equals("java.util.List") && ofString) {
            return new TypeCode.Constant("STRING_LIST", false);
        }
        if (name.equals("java.util.Set") && ofString) {
            return new TypeCode.Constant("STRING_SET", false);
        }
        if (name.equals("java.util.Set") && isType(arguments.get(0), "java.nio.ByteBuffer")) {
            return new TypeCode.Constant("BINARY_SET", false);
        }
        TypeCode element = typeCode(arguments.get(0));
        String method = name.equals("java.util.List") ? "listOf" : name.equals("java.util.Set") ? "setOf" : "optional";
        return element == null ? null : new TypeCode.Of(method, element);
    }

    /** The storage of a Map with String keys: a string map, a document, or a map of its value type. */
    private TypeCode mapCode(List<? extends TypeMirror> arguments) {
        if (arguments.size() != 2 || !isType(arguments.get(0), "java.lang.String")) {
            return null;
        }
        if (isType(arguments.get(1), "java.lang.String")) {
            return new TypeCode.Constant("STRING_MAP", false);
        }
        if (isType(arguments.get(1), "java.lang.Object")) {
            return new TypeCode.Constant("DOCUMENT", false);
        }
        TypeCode value = typeCode(arguments.get(1));
        return value == null ? null : new TypeCode.Of("mapOf", value);
    }

    /** The generated schema of an {@code @Embeddable} class, or null for any other class. */
    private TypeCode embeddableCode(TypeElement element) {
        if (element.getAnnotation(Embeddable.class) != null) {
            return new TypeCode.Nested(context.elements().getPackageOf(element).getQualifiedName().toString(),
                    Names.generatedName(element, "Schema"));
        }
        return null;
    }

    boolean isAttributeValueMap(TypeMirror type) {
        TypeElement attributeValue = context.elements().getTypeElement(ATTRIBUTE_VALUE);
        return attributeValue != null && context.types().isSameType(type, context.types().getDeclaredType(context.elements().getTypeElement("java.util.Map"),
                context.elements().getTypeElement("java.lang.String").asType(), attributeValue.asType()));
    }

    boolean isType(TypeMirror type, String qualifiedName) {
        TypeMirror boxed = box(type);
        return boxed instanceof DeclaredType declared
                && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(qualifiedName);
    }

    TypeMirror box(TypeMirror type) {
        return type.getKind().isPrimitive() ? context.types().boxedClass((javax.lang.model.type.PrimitiveType) type).asType() : type;
    }

    /** The core's type for a storage; types that cannot fill key slots stand in for one another. */
    static AttributeType<?> type(TypeCode code) {
        if (code instanceof TypeCode.Constant constant) {
            // the registry's type for the keyable kinds and epoch seconds (maintained timestamps); a list stands in for the rest
            return Kind.named(constant.name()).filter(kind -> kind.keyable() || kind == Kind.EPOCH_SECONDS)
                    .<AttributeType<?>>map(Kind::type).orElse(AttributeTypes.STRING_LIST);
        }
        if (code instanceof TypeCode.EnumOf) {
            return AttributeTypes.enumType(AnyEnum.class);
        }
        return AttributeTypes.STRING_LIST;
    }
}
