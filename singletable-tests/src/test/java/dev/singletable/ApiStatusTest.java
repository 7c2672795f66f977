package dev.singletable;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every public top-level type of an exported package of the published modules says its API status with exactly one
 * of {@link Stable}, {@link Experimental} and {@link Internal}, which the release build's API check reads (nested types
 * share their enclosing type's). A new public type without one fails here. Each package the core exports says in its
 * {@code package-info.java} what it holds, with an example, and its status.
 */
class ApiStatusTest {
    /** The exported packages of the published modules with Java code of their own (README, "Releases"). */
    private static final List<String> EXPORTED = List.of(
            "dev.singletable", "dev.singletable.capacity", "dev.singletable.changes", "dev.singletable.extension", "dev.singletable.partiql",
            "dev.singletable.wire", "dev.singletable.local", "dev.singletable.schema",
            "dev.singletable.migrations", "dev.singletable.design", "dev.singletable.lambda");
    private static final List<Class<? extends java.lang.annotation.Annotation>> STATUSES =
            List.of(Stable.class, Experimental.class, Internal.class);

    @Test
    void publicTypes_whenTheirAnnotationsAreRead_carryExactlyOneApiStatus() {
        // the modules' own jars or class directories only: a scan of the whole class path takes twenty seconds
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importUrls(Stream.of(Table.class, dev.singletable.wire.WireClient.class, dev.singletable.local.LocalDynamoDb.class,
                                dev.singletable.schema.SchemaFile.class, dev.singletable.migrations.MigrationRunner.class,
                                dev.singletable.design.DesignTools.class, dev.singletable.lambda.LambdaStreamRecords.class)
                        .map(type -> type.getProtectionDomain().getCodeSource().getLocation()).toList());
        Map<String, List<String>> statuses = new TreeMap<>();
        classes.stream()
                .filter(type -> EXPORTED.contains(type.getPackageName()))
                .filter(type -> type.getModifiers().contains(JavaModifier.PUBLIC) && type.isTopLevelClass())
                .forEach(type -> statuses.put(type.getName(), statuses(type)));

        assertThat(statuses).hasSizeGreaterThan(100);
        assertThat(statuses).allSatisfy((type, marks) -> assertThat(marks).as(type).hasSize(1));
    }

    @Test
    void coreExportedPackages_whenTheirDocumentationIsRead_sayWhatTheyHoldWithAnExampleAndTheirStatus() throws IOException {
        Path sources = Path.of("..", "singletable-core", "src", "main", "java");
        Matcher exports = Pattern.compile("^\\s*exports ([\\w.]+);", Pattern.MULTILINE)
                .matcher(Files.readString(sources.resolve("module-info.java")));
        List<String> packages = new ArrayList<>();
        while (exports.find()) {
            packages.add(exports.group(1));
        }

        assertThat(packages).contains("dev.singletable", "dev.singletable.extension", "dev.singletable.partiql");
        assertThat(EXPORTED).as("the exported packages this test checks").containsAll(packages);
        for (String name : packages) {
            Path info = sources.resolve(name.replace('.', '/')).resolve("package-info.java");
            assertThat(info).as(name + "'s package-info.java").exists();
            assertThat(Files.readString(info)).as(name + "'s package-info.java").contains("<pre>{@code", "API status: ");
        }
    }

    private static List<String> statuses(JavaClass type) {
        return STATUSES.stream().filter(type::isAnnotatedWith).map(Class::getSimpleName)
                .flatMap(Stream::of).toList();
    }
}
