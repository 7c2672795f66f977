package dev.singletable.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The names a generated file uses: each type is written by its simple name and imported, unless
 * another type already took that simple name, in which case it is written qualified.
 */
final class ImportScope {
    private final String packageName;
    private final Map<String, String> bySimpleName = new TreeMap<>();
    private final TreeSet<String> imports = new TreeSet<>();

    ImportScope(String packageName, String ownName) {
        this.packageName = packageName;
        bySimpleName.put(ownName, packageName.isEmpty() ? ownName : packageName + "." + ownName);
    }

    /** Keeps a simple name for a nested class of the generated type, so other types of that name are written qualified. */
    void reserve(String simple, String qualified) {
        bySimpleName.put(simple, qualified);
    }

    /** A top-level type by qualified name, such as {@code dev.singletable.Attribute}. */
    String name(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return name(qualified, dot < 0 ? "" : qualified.substring(0, dot), qualified.substring(dot + 1), true);
    }

    String name(TypeElement type) {
        Element enclosing = type.getEnclosingElement();
        while (!(enclosing instanceof PackageElement)) {
            enclosing = enclosing.getEnclosingElement();
        }
        String pkg = ((PackageElement) enclosing).getQualifiedName().toString();
        return name(type.getQualifiedName().toString(), pkg, type.getSimpleName().toString(),
                type.getEnclosingElement() instanceof PackageElement);
    }

    private String name(String qualified, String pkg, String simple, boolean topLevel) {
        String taken = bySimpleName.get(simple);
        if (taken != null) {
            return taken.equals(qualified) ? simple : qualified;
        }
        bySimpleName.put(simple, qualified);
        boolean implicit = topLevel && (pkg.equals(packageName) || pkg.equals("java.lang"));
        if (!implicit) {
            imports.add(qualified);
        }
        return simple;
    }

    /** A type as written in source; primitives are boxed, for type arguments. */
    String type(TypeMirror type) {
        if (type.getKind().isPrimitive()) {
            return switch (type.getKind()) {
                case INT -> "Integer";
                case CHAR -> "Character";
                default -> {
                    String name = type.getKind().name().toLowerCase(java.util.Locale.ROOT);
                    yield Character.toUpperCase(name.charAt(0)) + name.substring(1);
                }
            };
        }
        if (type.getKind() == TypeKind.ARRAY) {
            TypeMirror component = ((ArrayType) type).getComponentType();
            return (component.getKind().isPrimitive() ? component.toString() : type(component)) + "[]";
        }
        if (type instanceof DeclaredType declared) {
            String raw = name((TypeElement) declared.asElement());
            if (declared.getTypeArguments().isEmpty()) {
                return raw;
            }
            return raw + declared.getTypeArguments().stream().map(this::type).collect(Collectors.joining(", ", "<", ">"));
        }
        return type.toString();
    }

    String importBlock() {
        StringBuilder out = new StringBuilder();
        for (String name : imports) {
            out.append("import ").append(name).append(";\n");
        }
        return out.toString();
    }
}
