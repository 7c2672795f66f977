package dev.singletable.cli.lint;

import dev.singletable.cli.Main;
import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lint on a code-first project: the processor writes a {@code @Scan} method into the design file as a scan pattern, so
 * ST001 (scan-pattern) finds it in the compiled classes, named after the method (at the design file's line: the file does not
 * say which Java line a pattern came from).
 */
class CodeFirstScanLintTest {
    @Test
    void lint_whenACompiledPatternInterfaceDeclaresAScan_reportsST001OnThePattern(@TempDir Path dir) throws IOException {
        Path sources = dir.resolve("src/com/example");
        Files.createDirectories(sources);
        Files.writeString(sources.resolve("Inventory.java"), """
                package com.example;

                import dev.singletable.annotations.Entity;

                @Entity(pk = "PRODUCT#{productId}", sk = "LOCATION#{location}")
                public record Inventory(String productId, String location, int quantity) {
                }
                """);
        Files.writeString(sources.resolve("Stock.java"), """
                package com.example;

                import dev.singletable.annotations.TableDesign;

                @TableDesign(name = "Stock", entities = Inventory.class)
                public final class Stock {
                    private Stock() {
                    }
                }
                """);
        Files.writeString(sources.resolve("StockAccess.java"), """
                package com.example;

                import dev.singletable.annotations.AccessPatterns;
                import dev.singletable.annotations.Example;
                import dev.singletable.annotations.Filter;
                import dev.singletable.annotations.Get;
                import dev.singletable.annotations.Scan;
                import java.util.List;
                import java.util.Optional;

                @AccessPatterns(table = Stock.class)
                public interface StockAccess {
                    @Get
                    @Example({"P1", "BERLIN"})
                    Optional<Inventory> inventory(String productId, String location);

                    @Scan
                    @Example("0")
                    List<Inventory> outOfStock(@Filter int quantity);
                }
                """);
        Path classes = dir.resolve("classes");
        assertThat(compile(dir.resolve("src"), classes)).isTrue();

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"lint", classes.toString(), "--fail-on", "error"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                Style.plain());

        String report = out.toString(StandardCharsets.UTF_8).replace(classes.toString(), "classes");
        assertThat(code).as(report).isEqualTo(1);
        // the @Scan method's line in its Java source, which the processor records in the compiled design file
        assertThat(report).isEqualTo("""
                com/example/StockAccess.java:17: error ST001 scan-pattern: access pattern out-of-stock: reads \
                entity Inventory with a Scan of the whole table, filtered
                    why: A Scan reads every item of the table and pays for all of them; its latency and cost grow with the table, not \
                with the answer.
                    fix: key the items by what the pattern selects on: a partition key template (or a GSI's) holding it, then make \
                the pattern a query of that key
                classes/META-INF/singletable/Stock.singletable.json: 1 error, 0 warnings, 0 notes
                """);
    }

    private static boolean compile(Path sources, Path classes) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Files.createDirectories(classes);
        List<java.io.File> files;
        try (var walk = Files.walk(sources)) {
            files = walk.filter(file -> file.toString().endsWith(".java")).map(Path::toFile).toList();
        }
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager manager = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = compiler.getTask(null, manager, diagnostics, List.of("--release", "17", "-classpath", classPath,
                    "-processorpath", classPath, "-d", classes.toString(), "-s", classes.toString()), null,
                    manager.getJavaFileObjectsFromFiles(files)).call();
            assertThat(diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR)
                    .map(d -> d.getMessage(Locale.ROOT)).toList()).isEmpty();
            return ok;
        }
    }
}
