package dev.singletable.cli.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code @Index} annotations of an entity record of {@link JavaSources}: one per index of the entity, a sparse condition
 * as a {@code @Index(when = ...)} method ({@code has...} for a present condition, {@code in...} for the others). An index
 * whose condition has no Java here is left out, with a note.
 */
final class EntityIndexes {
    private final JavaSources sources;

    EntityIndexes(JavaSources sources) {
        this.sources = sources;
    }

    /** Adds them to {@code record} (the entity {@code name} of the file, its components {@code names}); the indexes generated. */
    Set<String> add(TypeSpec.Builder record, String name, EntityDefinition entity, Map<String, String> names,
                    Map<String, String> recordTypes, List<JavaFile> files) {
        Set<String> indexes = new LinkedHashSet<>();
        entity.indexes().forEach((index, key) -> {
            AnnotationSpec.Builder indexAnnotation = AnnotationSpec.builder(JavaSources.annotation("Index")).addMember("name", "$S", index);
            // a local index shares the table's partition key: its @Index repeats the entity's own pk template
            sources.keyMember(indexAnnotation, "pk", name, key.partition().isEmpty() ? entity.keys().partition() : key.partition());
            if (!key.sort().isEmpty()) {
                sources.keyMember(indexAnnotation, "sk", name, key.sort());
            }
            // a present condition on a slot of the index's keys says what the keys say already: they are written only when every
            // slot has a value; a @Index(when = ...) method would say it again, and keep the processor from writing the design file
            boolean redundant = key.when().isPresent() && key.when().get() instanceof ConditionDefinition.Present present
                    && JavaSources.slots(JavaSources.concat(key.partition().isEmpty() ? entity.keys().partition() : key.partition(), key.sort()))
                    .contains(present.attribute());
            if (key.when().isPresent() && key.when().get() instanceof ConditionDefinition.JavaMethod java) {
                sources.notes.add("entities." + name + ".indexes." + index + ".when: the condition is the Java method " + java.method() + " of the "
                        + "code the file was compiled from, which the file does not hold; the entity's keys on " + index
                        + " and the patterns reading them are left out");
                return;
            }
            if (key.when().isPresent() && !redundant) {
                Optional<CodeBlock> test = new SparseConditions(names, (owner, attribute) -> sources.javaType(owner, attribute,
                        entity.attributes().get(attribute), recordTypes, files)).java(sources.typeNames.get(name), key.when().get(), entity);
                if (test.isEmpty()) {
                    sources.notes.add("entities." + name + ".indexes." + index + ".when: the condition compares an attribute whose type has no "
                            + "Java literal here (only strings, enums, numbers, booleans, dates, instants and UUIDs); the entity's keys on "
                            + index + " and the patterns reading them are left out");
                    return;
                }
                String method = key.when().get() instanceof ConditionDefinition.Present present
                        ? "has" + JavaSources.capitalized(names.get(present.attribute()))
                        : "in" + JavaSources.capitalized(JavaSources.identifier(index));
                indexAnnotation.addMember("when", "$S", method);
                sources.sparseMethods.computeIfAbsent(name, entityName -> new ArrayList<>())
                        .add(index + " (" + sources.typeNames.get(name) + "." + method + ")");
                record.addMethod(MethodSpec.methodBuilder(method).returns(TypeName.BOOLEAN)
                        .addJavadoc("Whether the item is in index $L: the schema file's sparse condition, in Java.\n", index)
                        .addStatement("return $L", test.get()).build());
            }
            record.addAnnotation(indexAnnotation.build());
            indexes.add(index);
        });
        return indexes;
    }
}
