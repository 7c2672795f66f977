package dev.singletable.processor;

import javax.lang.model.element.TypeElement;
import java.util.ArrayList;
import java.util.List;

import static dev.singletable.processor.JavaSource.CONTINUATION;
import static dev.singletable.processor.JavaSource.INDENT;

/** The class of an {@code @ItemCollection}: its {@code EntityCollection} of the member entities' schemas. */
final class CollectionWriter {
    private CollectionWriter() {
    }

    static String write(TypeElement collection, String packageName, String className, boolean isPublic,
                        List<TypeElement> members) {
        ImportScope scope = new ImportScope(packageName, className);
        String type = scope.name(collection);
        String entityCollection = scope.name("dev.singletable.EntityCollection");
        List<String> schemas = new ArrayList<>();
        for (TypeElement member : members) {
            String pkg = Names.packageOf(member);
            schemas.add(scope.name(pkg.isEmpty() ? Names.generatedName(member, "Schema")
                    : pkg + "." + Names.generatedName(member, "Schema")) + ".INSTANCE");
        }
        String generated = scope.name("javax.annotation.processing.Generated");
        StringBuilder file = new StringBuilder();
        if (!packageName.isEmpty()) {
            file.append("package ").append(packageName).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n")
                .append("/**\n * The entities of {@link ").append(type).append("}, read together by one query.\n */\n")
                .append("@").append(generated).append("(\"").append(SchemaWriter.PROCESSOR).append("\")\n")
                .append(isPublic ? "public " : "").append("final class ").append(className).append(" {\n")
                .append(INDENT).append("public static final ").append(entityCollection).append("<").append(type).append("> INSTANCE =\n")
                .append(CONTINUATION).append(entityCollection).append(".of(").append(type).append(".class, ")
                .append(String.join(", ", schemas)).append(");\n\n")
                .append(INDENT).append("private ").append(className).append("() {\n").append(INDENT).append("}\n}\n");
        return file.toString();
    }
}
