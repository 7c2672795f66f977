package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.options.DesignArgument;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.design.DesignTools;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable check DESIGN}: loads schema files as the library does and lists every mistake. */
@Command(name = "check", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class CheckCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignArgument design;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Map<String, String> fileOfTable = new LinkedHashMap<>();
        return DesignFiles.each(spec, design.path(), out, file -> {
            try {
                SchemaFile loaded = file.load();
                List<SchemaError> unreadable = unreadable(loaded);
                if (unreadable.isEmpty()) {
                    out.println(file.name() + ": OK, " + loaded.summary());
                } else {
                    unreadable.forEach(out::println);
                    out.println(file.name() + ": " + Counted.of(unreadable.size(), "error", "errors"));
                }
                sharedTable(fileOfTable, file.name(), loaded.document().table().name()).ifPresent(out::println);
                return unreadable.isEmpty();
            } catch (SchemaFileException e) {
                for (SchemaError error : e.errors()) {
                    out.println(error);
                }
                out.println(file.name() + ": " + counted(e));
                return false;
            }
        });
    }

    /**
     * The warning for a second file of a directory or jar that declares a table an earlier one declares: each file is
     * right on its own (and loads so), but {@code view} and the exports of the whole directory take each table once and
     * refuse the pair, so the user learns it here rather than there. Empty for the first file of a table.
     */
    static Optional<String> sharedTable(Map<String, String> fileOfTable, String file, String table) {
        String first = fileOfTable.putIfAbsent(table, file);
        return Optional.ofNullable(first).map(earlier -> file + ": warning: table " + table + " is also the table of " + earlier
                + "; view and the exports of the directory refuse two files of one table: keep the table's entities in one "
                + "file, rename one table, or give those commands one file at a time");
    }

    /**
     * The access patterns that load but cannot run as written: reads of a GSI projecting KEYS_ONLY or INCLUDE for
     * attributes it does not hold, which the library refuses before sending (and patterns, run and view with it).
     */
    static List<SchemaError> unreadable(SchemaFile design) {
        return DesignTools.of(design).unrunnablePatterns();
    }

    /**
     * {@code 3 errors}, and that the rest of the file was not checked when these stopped the checks (a syntax error, a list
     * where a map belongs): a file that then shows new errors once these are fixed does not take its user by surprise.
     */
    public static String counted(SchemaFileException e) {
        return Counted.of(e.errors().size(), "error", "errors") + (e.wholeFileChecked() ? ""
                : "; the rest of the file (entities, key templates, examples, access patterns) was not checked: fix these, then check again");
    }
}
