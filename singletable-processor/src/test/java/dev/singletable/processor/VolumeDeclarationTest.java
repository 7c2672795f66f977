package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 30: an entity's expected items, partition keys and write rates declared with {@code @Volume}. */
class VolumeDeclarationTest {
    /** The design file of Journal: a directory laid out as target/classes, which singletable-cli's CostCommandTest prices. */
    private static final Path DESIGN_FILE = Path.of("src/test/resources/golden/volume/META-INF/singletable/Journal.singletable.json");
    private static final JavaFileObject JOURNAL = JavaFileObjects.forSourceString("t.Journal", """
            package t;
            import dev.singletable.annotations.TableDesign;
            @TableDesign(name = "Journal", localIndexes = @TableDesign.LocalIndex(name = "lsi1", sortKey = "lsi1sk"),
                    entities = {Entry.class, Tag.class})
            public final class Journal {}
            """);

    @Test
    void generate_whenAnEntityDeclaresVolume_writesItIntoTheDesignFileAndTheSchema() throws IOException {
        Compilation compilation = compile(JavaFileObjects.forSourceString("t.Entry", """
                package t;
                import dev.singletable.annotations.*;
                @Entity(pk = "BOOK#{bookId}", sk = "ENTRY#{entryId}")
                @Index(name = "lsi1", pk = "BOOK#{bookId}", sk = "{writtenAt}")
                @Volume(count = 10_000_000, partitionKeyValues = 2_000_000, writesPeak = 200, writesAverage = 20.5)
                public record Entry(String bookId, String entryId, String writtenAt, String text) {}
                """), JavaFileObjects.forSourceString("t.Tag", """
                package t;
                import dev.singletable.annotations.*;
                @Entity(pk = "BOOK#{bookId}", sk = "TAG#{name}")
                @Volume(writesPeak = 3)
                public record Tag(String bookId, String name) {}
                """));

        assertThat(compilation).succeededWithoutWarnings();
        String actual = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Journal.singletable.json").orElseThrow()
                .getCharContent(true).toString();
        GoldenFiles.assertMatchesGolden(DESIGN_FILE, actual);
        assertThat(compilation.generatedSourceFile("t.EntrySchema").orElseThrow().getCharContent(true).toString())
                .contains("            .volume(Volume.none().count(10000000L).partitionKeyValues(2000000L).writes(200.0, 20.5))\n");
    }

    @Test
    void compile_whenAFigureIsNegative_reportsTheEntityAndTheElementOnItsLine() {
        Compilation compilation = compileEntry("@Volume(count = -5,\n        writesPeak = -1)");

        assertThat(errors(compilation)).containsExactly(
                "6: Entry: @Volume(count = -5) is negative; give a figure of 0 or more, or leave it out",
                "7: Entry: @Volume(writesPeak = -1.0) is negative; give a figure of 0 or more, or leave it out");
    }

    @Test
    void compile_whenTheAverageIsOverThePeak_reportsItAtWritesAverage() {
        Compilation compilation = compileEntry("@Volume(writesPeak = 10,\n        writesAverage = 20)");

        assertThat(errors(compilation)).containsExactly("7: Entry: @Volume writesAverage 20.0 puts a second is more than writesPeak 10.0; "
                + "the peak is the busiest rate: raise writesPeak to at least 20.0 or lower writesAverage");
    }

    @Test
    void compile_whenTheAverageHasNoPeak_asksForThePeak() {
        Compilation compilation = compileEntry("@Volume(writesAverage = 20)");

        assertThat(errors(compilation)).containsExactly(
                "6: Entry: @Volume gives writesAverage = 20.0 without writesPeak; give writesPeak too, the busiest rate");
    }

    @Test
    void compile_whenMorePartitionKeysThanItems_reportsItAtPartitionKeyValues() {
        Compilation compilation = compileEntry("@Volume(count = 10, partitionKeyValues = 11)");

        assertThat(errors(compilation)).containsExactly(
                "6: Entry: @Volume partitionKeyValues 11 is more than count 10; each item has one partition key: give at most 10");
    }

    private static Compilation compileEntry(String volume) {
        return compile(JavaFileObjects.forSourceString("t.Entry", """
                package t;
                import dev.singletable.annotations.*;
                @Entity(pk = "BOOK#{bookId}", sk = "ENTRY#{entryId}")
                @Index(name = "lsi1", pk = "BOOK#{bookId}", sk = "{writtenAt}")
                // the figures
                %s
                public record Entry(String bookId, String entryId, String writtenAt) {}
                """.formatted(volume)), JavaFileObjects.forSourceString("t.Tag", """
                package t;
                import dev.singletable.annotations.*;
                @Entity(pk = "BOOK#{bookId}", sk = "TAG#{name}")
                public record Tag(String bookId, String name) {}
                """));
    }

    private static Compilation compile(JavaFileObject... entities) {
        JavaFileObject[] sources = java.util.Arrays.copyOf(entities, entities.length + 1);
        sources[entities.length] = JOURNAL;
        return javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(sources);
    }

    private static java.util.List<String> errors(Compilation compilation) {
        return compilation.errors().stream().map((Diagnostic<? extends JavaFileObject> e) -> e.getLineNumber() + ": " + e.getMessage(Locale.ROOT))
                .toList();
    }
}
