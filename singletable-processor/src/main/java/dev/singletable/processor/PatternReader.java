package dev.singletable.processor;

import dev.singletable.annotations.BatchGet;
import dev.singletable.annotations.Create;
import dev.singletable.annotations.Delete;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Put;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Scan;
import dev.singletable.annotations.Update;
import dev.singletable.processor.PatternModel.Kind;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.Target;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.singletable.processor.PatternParameters.argument;
import static dev.singletable.processor.PatternParameters.rawName;
import static dev.singletable.processor.PatternParameters.simpleType;

/**
 * Reads an {@code @AccessPatterns} interface: binds each method's parameters to the key slots of its entity on the
 * table or index it names, and reports every pattern that cannot be one call into the query API as a compile error at
 * the method or parameter, with the fix. Each method's kind, entity and result are read here; its parameters by the
 * reader of its kind ({@link KeyedPatternReader}, {@link QueryPatternReader} for queries and scans), with the
 * checks they share in {@link PatternParameters}.
 */
final class PatternReader {
    private static final List<Class<? extends Annotation>> KINDS =
            List.of(Get.class, BatchGet.class, Query.class, Scan.class, Put.class, Create.class, Update.class, Delete.class);

    private final ProcessorContext context;
    private final KeyedPatternReader keyed;
    private final QueryPatternReader queries;

    /** The table a pattern interface names: its facts and the models of its entities. */
    record Design(TypeElement holder, TableFacts facts, List<EntityModel> entities) {
    }

    PatternReader(ProcessorContext context) {
        this.context = context;
        this.keyed = new KeyedPatternReader(context);
        this.queries = new QueryPatternReader(context);
    }

    /** The model, or null when errors were reported. */
    PatternModel read(TypeElement type, Design design, Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        int errorsBefore = context.diagnostics().errors();
        String iface = type.getSimpleName().toString();
        if (type.getKind() != ElementKind.INTERFACE) {
            context.diagnostics().report(Message.PATTERNS_NOT_INTERFACE, type, type.getKind().toString().toLowerCase(java.util.Locale.ROOT) + " " + iface);
            return null;
        }
        if (!type.getTypeParameters().isEmpty()) {
            context.diagnostics().report(Message.PATTERN_GENERIC, type, iface);
            return null;
        }
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            context.diagnostics().report(Message.PRIVATE_TYPE, type, iface, Names.generatedName(type, "Patterns"));
            return null;
        }
        List<ExecutableElement> abstractMethods = new ArrayList<>();
        // inherited patterns too: the generated class implements every abstract method of the interface
        for (Element member : context.elements().getAllMembers(type)) {
            if (member instanceof ExecutableElement method && method.getModifiers().contains(Modifier.ABSTRACT)
                    && method.getEnclosingElement().getKind() == ElementKind.INTERFACE) {
                abstractMethods.add(method);
            }
        }
        boolean async = !abstractMethods.isEmpty() && isAsync(abstractMethods.get(0).getReturnType());
        List<PatternModel.Method> methods = new ArrayList<>();
        for (ExecutableElement method : abstractMethods) {
            String name = iface + "." + method.getSimpleName();
            if (isAsync(method.getReturnType()) != async) {
                context.diagnostics().report(Message.PATTERN_MIXED_ASYNC, method, name, async ? "no CompletableFuture" : "a CompletableFuture",
                        iface, async ? "asynchronous" : "synchronous");
                continue;
            }
            PatternModel.Method read = readMethod(iface, method, async, design, models, collections);
            if (read != null) {
                methods.add(read);
            }
        }
        if (context.diagnostics().errors() > errorsBefore) {
            return null;
        }
        return new PatternModel(type, Names.packageOf(type), Names.generatedName(type, "Patterns"),
                type.getModifiers().contains(Modifier.PUBLIC), async, List.copyOf(methods));
    }

    private PatternModel.Method readMethod(String iface, ExecutableElement method, boolean async, Design design,
                                           Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        String name = iface + "." + method.getSimpleName();
        List<Class<? extends Annotation>> kinds = KINDS.stream().filter(k -> method.getAnnotation(k) != null).toList();
        if (kinds.size() != 1) {
            context.diagnostics().report(kinds.isEmpty() ? Message.PATTERN_NOT_ANNOTATED : Message.PATTERN_TWO_KINDS, method, name,
                    kinds.stream().map(k -> "@" + k.getSimpleName()).toList());
            return null;
        }
        if (!method.getTypeParameters().isEmpty()) {
            context.diagnostics().report(Message.PATTERN_GENERIC, method, name);
            return null;
        }
        Kind kind = kind(kinds.get(0));
        String annotation = "@" + kinds.get(0).getSimpleName();
        TypeMirror returned = isFuture(method.getReturnType()) ? argument(method.getReturnType()) : method.getReturnType();
        // the entity or collection: a write's parameter, else the element type of what it returns
        TypeMirror element;
        Optional<VariableElement> written = Optional.empty();
        if (kind == Kind.PUT || kind == Kind.CREATE) {
            if (method.getParameters().size() != 1) {
                context.diagnostics().report(Message.PATTERN_WRITE_PARAMETERS, method, name, annotation, method.getParameters().size(),
                        method.getSimpleName());
                return null;
            }
            written = Optional.of(method.getParameters().get(0));
            element = written.get().asType();
        } else if ((kind == Kind.QUERY || kind == Kind.SCAN) && returned != null && isCount(returned)
                || (kind == Kind.UPDATE || kind == Kind.DELETE) && returned != null
                && (returned.getKind() == TypeKind.VOID || rawName(returned).equals("java.lang.Void"))) {
            element = declaredEntity(method);
        } else {
            element = elementOf(returned);
        }
        Target target = target(name, method, kind, async, annotation, element, design, models, collections);
        if (target == null) {
            return null;
        }
        Result result = reads(kind) && isCount(returned) ? Result.COUNT
                : result(kind, async, isFuture(method.getReturnType()), returned, element);
        if (result == null || (target.collection() && !reads(kind))) {
            String e = target.type().getSimpleName().toString();
            context.diagnostics().report(Message.PATTERN_RETURN_TYPE, method, name, annotation, returnText(method), forms(kind, async, e),
                    target.collection() && !reads(kind) ? "; a collection is read by @Query or @Scan only" : "");
            return null;
        }
        if (!inTable(name, method, target, design)) {
            return null;
        }
        return switch (kind) {
            case QUERY, SCAN -> queries.read(name, method, kind, result, target, design);
            case PUT, CREATE -> new PatternModel.Method(method, kind, result, target, Optional.empty(), List.of(), List.of(),
                    Optional.empty(), List.of(), List.of(), List.of(), Optional.empty(), Optional.empty(), written, List.of(), false, 0,
                    List.of(), false);
            default -> keyed.read(name, method, kind, result, target);
        };
    }

    private static Kind kind(Class<? extends Annotation> annotation) {
        return switch (annotation.getSimpleName()) {
            case "Get" -> Kind.GET;
            case "BatchGet" -> Kind.BATCH_GET;
            case "Query" -> Kind.QUERY;
            case "Scan" -> Kind.SCAN;
            case "Put" -> Kind.PUT;
            case "Create" -> Kind.CREATE;
            case "Update" -> Kind.UPDATE;
            default -> Kind.DELETE;
        };
    }

    /** The entity or collection the pattern is about, or null when reported. */
    private Target target(String name, ExecutableElement method, Kind kind, boolean async, String annotation, TypeMirror element,
                          Design design, Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        Target target = element == null ? null : target(element, models, collections);
        if (target == null && element instanceof DeclaredType declared && (declared.asElement().getAnnotation(
                dev.singletable.annotations.Entity.class) != null || declared.asElement().getAnnotation(
                dev.singletable.annotations.ItemCollection.class) != null)) {
            context.diagnostics().report(Message.PATTERN_ENTITY_NOT_COMPILED, method, name, declared.asElement().getSimpleName(),
                    method.getEnclosingElement().getSimpleName());
            return null;
        }
        if (target == null) {
            context.diagnostics().report(Message.PATTERN_RETURN_TYPE, method, name, annotation, returnText(method), forms(kind, async, "E"),
                     " of an @Entity E" + (reads(kind) ? " or an @ItemCollection E" : "") + " of table " + design.facts().name());
            return null;
        }
        return target;
    }

    /** True when every entity of the target is one of the table's, without states; else reported. */
    private boolean inTable(String name, ExecutableElement method, Target target, Design design) {
        for (EntityModel entity : target.entities()) {
            if (!design.entities().contains(entity)) {
                context.diagnostics().report(Message.PATTERN_NOT_IN_TABLE, method, name, entity.element().getSimpleName(), design.facts().name(),
                        entity.element().getSimpleName(), design.holder().getSimpleName());
                return false;
            }
            if (entity.states().isPresent()) {
                context.diagnostics().report(Message.PATTERN_ENTITY_HAS_STATES, method, name, entity.element().getSimpleName());
                return false;
            }
        }
        return true;
    }

    /** The entity or collection a type names, or null. */
    private static Target target(TypeMirror type, Map<String, EntityModel> models, Map<String, List<TypeElement>> collections) {
        if (!(type instanceof DeclaredType declared)) {
            return null;
        }
        TypeElement element = (TypeElement) declared.asElement();
        String qualified = element.getQualifiedName().toString();
        EntityModel entity = models.get(qualified);
        if (entity != null && entity.entity()) {
            return new Target(element, entity, List.of(), null, null);
        }
        List<TypeElement> members = collections.get(qualified);
        if (members == null) {
            return null;
        }
        List<EntityModel> memberModels = new ArrayList<>();
        for (TypeElement member : members) {
            EntityModel model = models.get(member.getQualifiedName().toString());
            if (model == null) {
                return null;
            }
            memberModels.add(model);
        }
        return new Target(element, null, List.copyOf(memberModels), Names.packageOf(element),
                Names.generatedName(element, "Collection"));
    }

    /**
     * How a pattern returns its result; null when it cannot return {@code returned}. A publisher is the asynchronous stream
     * itself, never inside a future: a future of a publisher would only delay handing over what subscribing already delays.
     */
    private Result result(Kind kind, boolean async, boolean inFuture, TypeMirror returned, TypeMirror element) {
        String raw = rawName(returned);
        boolean isElement = context.types().isSameType(returned, element);
        return switch (kind) {
            case GET -> raw.equals("java.util.Optional") ? Result.OPTIONAL : null;
            case BATCH_GET -> raw.equals("java.util.List") ? Result.LIST : null;
            case QUERY, SCAN -> switch (raw) {
                case "java.util.Optional" -> Result.OPTIONAL;
                case "java.util.List" -> Result.LIST;
                case "java.util.stream.Stream" -> async ? null : Result.STREAM;
                case "java.util.concurrent.Flow.Publisher" -> async && !inFuture ? Result.PUBLISHER : null;
                case "dev.singletable.Page" -> Result.PAGE;
                default -> null;
            };
            case PUT, CREATE, UPDATE -> isElement ? Result.ENTITY : !async && returned.getKind() == TypeKind.VOID ? Result.NONE : null;
            case DELETE -> raw.equals("java.util.Optional") ? Result.OPTIONAL
                    : returned.getKind() == TypeKind.VOID || async && raw.equals("java.lang.Void") ? Result.NONE : null;
        };
    }

    /** The element type of a return type (or written type), null when it has none. */
    private TypeMirror elementOf(TypeMirror returned) {
        if (returned == null || returned.getKind() != TypeKind.DECLARED) {
            return null;
        }
        String raw = rawName(returned);
        if (List.of("java.util.Optional", "java.util.List", "java.util.stream.Stream", "java.util.concurrent.Flow.Publisher",
                "dev.singletable.Page").contains(raw)) {
            return argument(returned);
        }
        return returned;
    }

    /** Queries and scans: reads of several items, of an entity or a collection. */
    private static boolean reads(Kind kind) {
        return kind == Kind.QUERY || kind == Kind.SCAN;
    }

    /** True for count queries ({@code long}, {@code Long}), which {@link #result} does not see as an element. */
    static boolean isCount(TypeMirror returned) {
        return returned.getKind() == TypeKind.LONG || returned.toString().equals("java.lang.Long");
    }

    /** The {@code entity = X.class} of a count, or of an update or delete returning nothing; null without. */
    private static TypeMirror declaredEntity(ExecutableElement method) {
        for (javax.lang.model.element.AnnotationMirror mirror : method.getAnnotationMirrors()) {
            if (!mirror.getAnnotationType().toString().startsWith("dev.singletable.annotations.")) {
                continue;
            }
            for (var entry : mirror.getElementValues().entrySet()) {
                if (entry.getKey().getSimpleName().contentEquals("entity") && entry.getValue().getValue() instanceof TypeMirror type) {
                    return type.getKind() == TypeKind.VOID ? null : type;
                }
            }
        }
        return null;
    }

    /** A future, or a publisher (the asynchronous stream). */
    private boolean isAsync(TypeMirror type) {
        return isFuture(type) || rawName(type).equals("java.util.concurrent.Flow.Publisher");
    }

    private boolean isFuture(TypeMirror type) {
        return rawName(type).equals("java.util.concurrent.CompletableFuture");
    }

    private static String returnText(ExecutableElement method) {
        return simpleType(method.getReturnType());
    }

    /** The return types a kind of pattern takes, for messages. */
    private static String forms(Kind kind, boolean async, String e) {
        List<String> forms = switch (kind) {
            case GET -> List.of("Optional<" + e + ">");
            case BATCH_GET -> List.of("List<" + e + ">");
            case QUERY, SCAN -> async ? List.of("List<" + e + ">", "Optional<" + e + ">", "Page<" + e + ">", "Long (a count)",
                    "Flow.Publisher<" + e + ">")
                    : List.of("List<" + e + ">", "Stream<" + e + ">", "Optional<" + e + ">", "Page<" + e + ">",
                    "long (a count, with @" + (kind == Kind.SCAN ? "Scan" : "Query") + "(entity = " + e + ".class))");
            case PUT, CREATE -> async ? List.of(e) : List.of(e, "void");
            case UPDATE -> async ? List.of(e) : List.of(e, "void (with @Update(entity = " + e + ".class))");
            case DELETE -> List.of((async ? "Void" : "void") + " (with @Delete(entity = " + e + ".class))", "Optional<" + e + ">");
        };
        if (async) {
            forms = forms.stream().map(f -> f.startsWith("Flow.Publisher<") ? f + " (a stream, not in a CompletableFuture)"
                    : f.endsWith(" (a count)") ? "CompletableFuture<Long> (a count)" : "CompletableFuture<" + f + ">").toList();
        }
        return String.join(", ", forms);
    }
}
