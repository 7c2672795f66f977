package dev.singletable.processor;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.AttributeBag;
import dev.singletable.annotations.Convert;
import dev.singletable.annotations.CreatedAt;
import dev.singletable.annotations.EpochSeconds;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Ignore;
import dev.singletable.annotations.Naming;
import dev.singletable.annotations.StateAttribute;
import dev.singletable.annotations.TimeToLive;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.annotations.UpdatedAt;
import dev.singletable.annotations.Version;
import dev.singletable.processor.EntityModel.Access;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.MirroredTypeException;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads the properties of a record or class: stored name, storage, access, maintained role and value options of each,
 * and the rules between them (one stored name each, at most one of each maintained annotation).
 */
final class PropertyReader {
    /** The annotations that make an attribute maintained or special; an entity has at most one of each. */
    private static final List<Class<? extends Annotation>> ONE_PER_ENTITY =
            List.of(Version.class, TimeToLive.class, CreatedAt.class, UpdatedAt.class, AttributeBag.class);

    private final ProcessorContext context;
    private final PropertyTypes propertyTypes;
    private final ValueOptionsReader valueOptions;

    PropertyReader(ProcessorContext context) {
        this.context = context;
        this.propertyTypes = new PropertyTypes(context);
        this.valueOptions = new ValueOptionsReader(context.diagnostics(), propertyTypes);
    }

    /** The record's components or the class's instance fields that are not transient. */
    static List<? extends Element> members(TypeElement type) {
        return type.getKind() == ElementKind.RECORD ? type.getRecordComponents()
                : ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                .filter(f -> !f.getModifiers().contains(Modifier.STATIC) && !f.getModifiers().contains(Modifier.TRANSIENT))
                .toList();
    }

    /** The properties of the members, each placed where javac reports on it; a member reported on is left out. */
    List<Property> properties(TypeElement type, List<? extends Element> members, Naming naming, List<String> keySlots) {
        boolean isRecord = type.getKind() == ElementKind.RECORD;
        List<Property> properties = new ArrayList<>();
        for (Element member : members) {
            Property property = property(type, member, naming, keySlots, isRecord);
            if (property != null && isRecord) {
                // javac locates diagnostics on a record's fields, not on its components
                Element field = ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                        .filter(f -> f.getSimpleName().equals(member.getSimpleName())).findFirst().orElse(null);
                if (field != null) {
                    property = atElement(property, field);
                }
            }
            if (property != null) {
                properties.add(property);
            }
        }
        return properties;
    }

    private static Property atElement(Property p, Element element) {
        return new Property(element, p.javaName(), p.attributeName(), p.constant(), p.type(), p.typeCode(), p.required(), p.read(),
                p.written(), p.bag(), p.access(), p.setter(), p.generatedId(), p.maintainedAs(), p.options());
    }

    private Property property(TypeElement owner, Element member, Naming naming, List<String> primaryKeySlots, boolean isRecord) {
        String javaName = member.getSimpleName().toString();
        String simple = owner.getSimpleName().toString();
        TypeMirror type = member.asType();
        Ignore ignore = member.getAnnotation(Ignore.class);
        boolean read = ignore == null || ignore.value() == Ignore.Direction.WRITE;
        boolean written = ignore == null || ignore.value() == Ignore.Direction.READ;
        Attribute settings = member.getAnnotation(Attribute.class);
        String attributeName = settings != null && !settings.name().isEmpty() ? settings.name() : Names.name(javaName, naming);

        Access access = access(owner, member, isRecord);
        String setter = isRecord ? null : setter(owner, javaName, type);
        if (written && access == null) {
            context.diagnostics().report(Message.NO_GETTER, Annotated.at(member), simple, javaName, "get" + Names.capitalize(javaName));
        }
        if (member.getAnnotation(AttributeBag.class) != null) {
            if (!propertyTypes.isAttributeValueMap(type)) {
                context.diagnostics().report(Message.WRONG_TYPE_FOR_ANNOTATION, Annotated.at(member), simple, javaName, "AttributeBag",
                        "Map<String, AttributeValue>", type);
            }
            return new Property(member, javaName, attributeName, Names.constant(javaName), type, null, false, false, false, true,
                    access, setter, null, null, EntityModel.ValueOptions.NONE);
        }
        if (!read && !written) {
            return new Property(member, javaName, attributeName, Names.constant(javaName), type, null, false, false, false, false,
                    access, setter, null, null, EntityModel.ValueOptions.NONE);
        }
        TypeCode code = storage(owner, member, type);
        String maintained = maintainedAs(member, simple, javaName, type);
        String generatedId = generatedId(member, simple, javaName, type);
        if (code != null && settings != null && settings.omitEmpty()) {
            code = new TypeCode.OmitEmpty(code);
        }
        boolean inPrimaryKey = primaryKeySlots.contains(javaName) || primaryKeySlots.contains(attributeName);
        boolean stateAttribute = member.getAnnotation(StateAttribute.class) != null; // it picks the keys, so it always has a value
        boolean required = type.getKind().isPrimitive() || settings != null && settings.required() || inPrimaryKey || stateAttribute;
        EntityModel.ValueOptions options = code == null ? EntityModel.ValueOptions.NONE
                : valueOptions.valueOptions(member, simple, javaName, type, code, settings, required);
        return new Property(member, javaName, attributeName, Names.constant(javaName), type, code, required, read, written, false,
                access, setter, generatedId, maintained, options);
    }

    /** How the member is stored: by its converter, as a time to live, or by its type; null when reported. */
    private TypeCode storage(TypeElement owner, Element member, TypeMirror type) {
        String javaName = member.getSimpleName().toString();
        String simple = owner.getSimpleName().toString();
        TypeCode code;
        Convert convert = member.getAnnotation(Convert.class);
        if (convert != null) {
            code = custom(owner, member, convert, type);
        } else if (member.getAnnotation(TimeToLive.class) != null) {
            code = timeToLive(type);
            if (code == null) {
                context.diagnostics().report(Message.TIME_TO_LIVE_WRONG_TYPE, Annotated.at(member), simple, javaName, "@TimeToLive " + type,
                        "declare it as " + Kind.timeToLiveKinds(Kind::typeName));
            }
        } else if (member.getAnnotation(EpochSeconds.class) != null) {
            code = propertyTypes.isType(type, "java.time.Instant") ? new TypeCode.Constant("EPOCH_SECONDS", false) : null;
            if (code == null) {
                context.diagnostics().report(Message.WRONG_TYPE_FOR_ANNOTATION, Annotated.at(member), simple, javaName, "EpochSeconds",
                        "an Instant", type);
            }
        } else {
            code = propertyTypes.typeCode(type, owner, member);
        }
        return code;
    }

    /** The storage of a {@code @TimeToLive} member: an Instant as epoch seconds, a number kind the TTL rule allows as itself; else null. */
    private TypeCode timeToLive(TypeMirror type) {
        TypeMirror boxed = propertyTypes.box(type);
        if (!(boxed instanceof javax.lang.model.type.DeclaredType declared)) {
            return null;
        }
        Kind kind = Kind.ofJavaTypeName(((TypeElement) declared.asElement()).getQualifiedName().toString())
                .map(k -> k == Kind.INSTANT ? Kind.EPOCH_SECONDS : k).filter(Kind::timeToLive).orElse(null);
        return kind == null ? null : new TypeCode.Constant(kind.name(), kind != Kind.EPOCH_SECONDS);
    }

    /** The member's maintained role ({@code version}, {@code createdAt}, {@code updatedAt}), or null. */
    private String maintainedAs(Element member, String simple, String javaName, TypeMirror type) {
        String maintained = null;
        if (member.getAnnotation(Version.class) != null) {
            maintained = "version";
            if (!propertyTypes.isType(type, "java.lang.Long") && !propertyTypes.isType(type, "java.lang.Integer")) {
                context.diagnostics().report(Message.WRONG_TYPE_FOR_ANNOTATION, Annotated.at(member), simple, javaName, "Version",
                        "a long or an int", type);
            }
        }
        for (Class<? extends Annotation> stamp : List.of(CreatedAt.class, UpdatedAt.class)) {
            if (member.getAnnotation(stamp) != null) {
                maintained = stamp == CreatedAt.class ? "createdAt" : "updatedAt";
                if (!propertyTypes.isType(type, "java.time.Instant")) {
                    context.diagnostics().report(Message.WRONG_TYPE_FOR_ANNOTATION, Annotated.at(member), simple, javaName,
                            stamp.getSimpleName(), "an Instant", type);
                }
            }
        }
        return maintained;
    }

    /** The strategy of the member's {@code @GeneratedId}, or null. */
    private String generatedId(Element member, String simple, String javaName, TypeMirror type) {
        String generatedId = null;
        GeneratedId id = member.getAnnotation(GeneratedId.class);
        if (id != null) {
            generatedId = id.value().name();
            boolean fits = propertyTypes.isType(type, "java.lang.String")
                    || id.value() == GeneratedId.Strategy.UUID && propertyTypes.isType(type, "java.util.UUID");
            if (!fits) {
                context.diagnostics().report(Message.WRONG_TYPE_FOR_ANNOTATION, Annotated.at(member), simple, javaName, "GeneratedId",
                        id.value() == GeneratedId.Strategy.ULID ? "a String" : "a String or a UUID", type);
            } else if (id.value() == GeneratedId.Strategy.ULID && context.elements().getTypeElement("com.github.f4b6a3.ulid.UlidCreator") == null) {
                context.diagnostics().report(Message.ULID_CREATOR_MISSING, Annotated.at(member), simple, javaName);
            }
        }
        return generatedId;
    }

    private TypeCode custom(TypeElement owner, Element member, Convert convert, TypeMirror type) {
        TypeMirror in;
        try {
            convert.in();
            throw new IllegalStateException("Convert.in() is always a mirrored type at compile time");
        } catch (MirroredTypeException e) {
            in = e.getTypeMirror();
        }
        TypeElement declaring = in.getKind() == TypeKind.VOID ? owner : (TypeElement) context.types().asElement(in);
        TypeMirror boxed = propertyTypes.box(type);
        TypeElement attributeValue = context.elements().getTypeElement(PropertyTypes.ATTRIBUTE_VALUE);
        boolean ok = true;
        ExecutableElement to = staticMethod(declaring, convert.to());
        if (to == null || to.getParameters().size() != 1 || attributeValue == null
                || !context.types().isSameType(to.getReturnType(), attributeValue.asType())
                || !context.types().isAssignable(boxed, propertyTypes.box(to.getParameters().get(0).asType()))) {
            context.diagnostics().report(Message.CONVERTER_NOT_FOUND, Annotated.at(member), owner.getSimpleName(), member.getSimpleName(), convert.to(),
                    declaring.getSimpleName(), convert.to(), "AttributeValue " + convert.to() + "(" + propertyTypes.simpleName(type) + " value)");
            ok = false;
        }
        ExecutableElement from = staticMethod(declaring, convert.from());
        if (from == null || from.getParameters().size() != 1 || attributeValue == null
                || !context.types().isSameType(from.getParameters().get(0).asType(), attributeValue.asType())
                || !context.types().isAssignable(propertyTypes.box(from.getReturnType()), boxed)) {
            context.diagnostics().report(Message.CONVERTER_NOT_FOUND, Annotated.at(member), owner.getSimpleName(), member.getSimpleName(), convert.from(),
                    declaring.getSimpleName(), convert.from(), propertyTypes.simpleName(type) + " " + convert.from() + "(AttributeValue value)");
            ok = false;
        }
        return ok ? new TypeCode.Custom(propertyTypes.simpleName(type), declaring, convert.to(), convert.from(), boxed) : null;
    }

    private ExecutableElement staticMethod(TypeElement type, String name) {
        return ElementFilter.methodsIn(type.getEnclosedElements()).stream()
                .filter(m -> m.getSimpleName().contentEquals(name) && m.getModifiers().contains(Modifier.STATIC)
                        && !m.getModifiers().contains(Modifier.PRIVATE))
                .findFirst().orElse(null);
    }

    private Access access(TypeElement owner, Element member, boolean isRecord) {
        String name = member.getSimpleName().toString();
        if (isRecord) {
            // no accessor when the component's name cannot be one (notify, wait...): javac reports that itself
            ExecutableElement accessor = ((RecordComponentElement) member).getAccessor();
            return new Access(accessor == null ? name : accessor.getSimpleName().toString(), false);
        }
        boolean bool = member.asType().getKind() == TypeKind.BOOLEAN;
        for (String candidate : bool ? List.of("is" + Names.capitalize(name), "get" + Names.capitalize(name), name)
                : List.of("get" + Names.capitalize(name), name)) {
            for (ExecutableElement method : ElementFilter.methodsIn(context.elements().getAllMembers(owner))) {
                if (method.getSimpleName().contentEquals(candidate) && method.getParameters().isEmpty()
                        && !method.getModifiers().contains(Modifier.PRIVATE) && !method.getModifiers().contains(Modifier.STATIC)
                        && context.types().isSameType(method.getReturnType(), member.asType())) {
                    return new Access(candidate, false);
                }
            }
        }
        return member.getModifiers().contains(Modifier.PRIVATE) ? null : new Access(name, true);
    }

    private String setter(TypeElement owner, String name, TypeMirror type) {
        String candidate = "set" + Names.capitalize(name);
        for (ExecutableElement method : ElementFilter.methodsIn(context.elements().getAllMembers(owner))) {
            if (method.getSimpleName().contentEquals(candidate) && method.getParameters().size() == 1
                    && !method.getModifiers().contains(Modifier.PRIVATE) && !method.getModifiers().contains(Modifier.STATIC)
                    && context.types().isSameType(method.getParameters().get(0).asType(), type)) {
                return candidate;
            }
        }
        return null;
    }

    void checkDuplicates(TypeElement owner, List<Property> properties) {
        Map<String, Property> byName = new LinkedHashMap<>();
        for (Property property : properties) {
            if (!property.mapped()) {
                continue;
            }
            Property previous = byName.putIfAbsent(property.attributeName(), property);
            if (previous != null) {
                context.diagnostics().report(Message.DUPLICATE_ATTRIBUTE_NAME, property.element(), owner.getSimpleName(), property.javaName(),
                        property.attributeName(), owner.getSimpleName(), previous.javaName());
            }
        }
    }

    void checkOnePerEntity(TypeElement type, List<? extends Element> members) {
        String simple = type.getSimpleName().toString();
        for (Class<? extends Annotation> annotation : ONE_PER_ENTITY) {
            Element first = null;
            for (Element member : members) {
                if (member.getAnnotation(annotation) == null) {
                    continue;
                }
                if (first == null) {
                    first = member;
                } else {
                    context.diagnostics().report(Message.ONE_PER_ENTITY, Annotated.at(member), simple, annotation.getSimpleName(),
                            first.getSimpleName(), member.getSimpleName());
                }
            }
        }
        for (Element member : members) {
            List<String> maintained = Stream.of(Version.class, CreatedAt.class, UpdatedAt.class, AttributeBag.class)
                    .filter(annotation -> member.getAnnotation(annotation) != null).map(Class::getSimpleName).toList();
            if (maintained.size() > 1) {
                context.diagnostics().report(Message.CONFLICTING_ANNOTATIONS, Annotated.at(member), simple, member.getSimpleName(), maintained.get(0),
                        maintained.get(1));
            }
            Ignore ignore = member.getAnnotation(Ignore.class);
            if (!maintained.isEmpty() && ignore != null && ignore.value() == Ignore.Direction.BOTH) {
                context.diagnostics().report(Message.MAINTAINED_BUT_IGNORED, Annotated.at(member), simple, member.getSimpleName(), maintained.get(0));
            }
        }
    }
}
