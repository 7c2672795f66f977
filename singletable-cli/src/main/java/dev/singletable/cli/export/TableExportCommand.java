package dev.singletable.cli.export;

import dev.singletable.design.internal.export.DeployableTable;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.options.DesignOutput;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.function.BiFunction;
import java.util.concurrent.Callable;

/**
 * What the CloudFormation and Terraform exports share: DESIGN, {@code -o}, the flags turning off
 * point-in-time recovery and deletion protection, {@code --tag}; each design file's table loaded
 * (every table of a directory or jar in one output).
 */
abstract class TableExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignOutput files;

    @Option(names = "--no-point-in-time-recovery")
    private boolean noPointInTimeRecovery;

    @Option(names = "--no-deletion-protection")
    private boolean noDeletionProtection;

    @Option(names = "--tag", paramLabel = "KEY=VALUE")
    private List<String> tagArguments = new ArrayList<>();

    /** DynamoDB's tag characters: letters, white space, digits and {@code + - = . _ : / @}. */
    private static final Pattern TAG_TEXT = Pattern.compile("[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*");

    private final String formatName;
    private final BiFunction<List<DeployableTable>, String, String> renderer;

    /**
     * An export to the format called {@code formatName} in messages, whose text of the tables {@code renderer} gives
     * ({@code source}, its second argument, names the design).
     */
    TableExportCommand(String formatName, BiFunction<List<DeployableTable>, String, String> renderer) {
        this.formatName = formatName;
        this.renderer = renderer;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, files.design(), err);
        if (found.isEmpty()) {
            return 1;
        }
        Map<String, String> tags = tags();
        List<DeployableTable> tables = new ArrayList<>();
        Map<String, String> fileOfTable = new LinkedHashMap<>();
        int failed = 0;
        for (DesignFiles.DesignFile file : found.get()) {
            try {
                DeployableTable table = DeployableTable.of(file.load().document(), !noPointInTimeRecovery, !noDeletionProtection, tags);
                String first = fileOfTable.putIfAbsent(table.name(), file.name());
                if (first != null) {
                    // two resources of one table name: the second CreateTable fails, or one design silently replaces the other
                    failed++;
                    err.println(file.name() + ": table " + table.name() + " is also the table of " + first
                            + "; an export declares each table once, so nothing is exported: export the files one at a time, or rename one table");
                    continue;
                }
                tables.add(table);
            } catch (SchemaFileException e) {
                failed++;
                e.errors().stream().map(SchemaError::toString).forEach(err::println);
                err.println(file.name() + ": " + Counted.of(e.errors().size(), "error", "errors") + "; nothing exported");
            }
        }
        if (failed > 0) {
            return 1;
        }
        String text = renderer.apply(tables, files.design().toString().replace('\\', '/'));
        Optional<Path> output = files.output();
        if (output.isEmpty()) {
            out.print(text);
        } else {
            PerTableExport.write(output.get(), text);
            out.println("wrote " + output.get() + ": " + formatName + ", " + String.join(", ", tables.stream().map(t -> "table " + t.name() + " ("
                    + Counted.of(t.globalIndexes().size(), "GSI", "GSIs") + ", " + Counted.of(t.localIndexes().size(), "LSI", "LSIs") + ")").toList()));
        }
        return 0;
    }

    /**
     * The {@code --tag} arguments as DynamoDB takes a table's tags: each key once, 1 to 128 characters, not starting with
     * {@code aws:} (in any case: AWS's own), each value at most 256, both of DynamoDB's tag characters, at most 50 tags.
     * Anything else is refused here, naming the argument, rather than by CloudFormation or Terraform at deploy time.
     */
    private Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        Map<String, String> argumentOf = new LinkedHashMap<>();
        for (String argument : tagArguments) {
            int equals = argument.indexOf('=');
            if (equals < 0) {
                throw tagError(argument, "it has no '='; write KEY=VALUE (KEY= for an empty value)");
            }
            String key = argument.substring(0, equals);
            String value = argument.substring(equals + 1);
            if (key.isEmpty()) {
                throw tagError(argument, "the key is empty; a tag key is 1 to 128 characters");
            }
            if (key.codePointCount(0, key.length()) > 128) {
                throw tagError(argument, "the key is " + key.codePointCount(0, key.length()) + " characters; a tag key is at most 128");
            }
            if (value.codePointCount(0, value.length()) > 256) {
                throw tagError(argument, "the value is " + value.codePointCount(0, value.length()) + " characters; a tag value is at most 256");
            }
            if (key.regionMatches(true, 0, "aws:", 0, 4)) {
                throw tagError(argument, "keys starting with '" + key.substring(0, 4) + "' are AWS's own; choose another key");
            }
            if (!TAG_TEXT.matcher(key).matches() || !TAG_TEXT.matcher(value).matches()) {
                throw tagError(argument, "DynamoDB's tags hold letters, white space, digits and + - = . _ : / @ only");
            }
            String first = argumentOf.putIfAbsent(key, argument);
            if (first != null) {
                throw tagError(argument, "key '" + key + "' is also given as --tag " + first + "; a table has one value per tag key: give it once");
            }
            tags.put(key, value);
        }
        if (tags.size() > 50) {
            throw new ParameterException(spec.commandLine(), "--tag: " + tags.size() + " tags; a DynamoDB table holds at most 50");
        }
        return tags;
    }

    private ParameterException tagError(String argument, String why) {
        return new ParameterException(spec.commandLine(), "--tag " + argument + ": " + why);
    }
}
