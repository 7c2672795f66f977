package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignFiles;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code view DIR} and {@code patterns DIR} list DESIGN's schema files once: the designs are loaded from that list, each
 * once, and the check that two files would write the same TABLE.html names the files of that list (not a second listing).
 */
class ViewDirectoryTest {
    private static final Path BLOG = Path.of("../designs/blog.singletable.yaml");

    @Test
    void sharedTable_whenTwoListedFilesAreOfOneTable_namesBothFromTheListLoadingEachOnce() {
        AtomicInteger loads = new AtomicInteger();
        List<DesignFiles.DesignFile> listed = List.of(counted("listed/a.singletable.yaml", loads), counted("listed/b.singletable.yaml", loads));
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ViewCommand()).setErr(new PrintWriter(err));

        List<DesignInput.Loaded> designs = DesignInput.load(command.getCommandSpec(), listed).orElseThrow();
        boolean shared = ViewCommand.sharedTable(designs, new PrintWriter(err, true));

        assertThat(shared).isTrue();
        assertThat(loads).hasValue(2);
        assertThat(designs).extracting(loaded -> loaded.file().name()).containsExactly("listed/a.singletable.yaml", "listed/b.singletable.yaml");
        assertThat(err.toString()).startsWith("listed/b.singletable.yaml: table BlogTable is also the table of listed/a.singletable.yaml");
    }

    private static DesignFiles.DesignFile counted(String name, AtomicInteger loads) {
        return new DesignFiles.DesignFile(name, () -> {
            loads.incrementAndGet();
            return SchemaFile.load(BLOG);
        }, () -> new byte[0]);
    }
}
