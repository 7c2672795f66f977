package dev.singletable.cli.lint;

import dev.singletable.cli.options.DesignArgument;
import dev.singletable.design.internal.lint.Finding;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.design.internal.lint.LintReport;
import dev.singletable.design.internal.lint.Severity;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable lint DESIGN}: the single-table anti-patterns of a design, each with its rule, why and fix. */
@Command(name = "lint", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class LintCommand implements Callable<Integer> {
    /** Output formats. */
    public enum Format {
        TEXT, JSON, SARIF
    }

    /** The lowest severity that fails the command. */
    public enum FailOn {
        NOTE(Severity.NOTE), WARNING(Severity.WARNING), ERROR(Severity.ERROR);

        private final Severity severity;

        FailOn(Severity severity) {
            this.severity = severity;
        }
    }

    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignArgument design;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text")
    private Format format;

    @Option(names = "--fail-on", paramLabel = "SEVERITY", defaultValue = "warning")
    private FailOn failOn;

    /** For picocli. */
    public LintCommand() {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, design.path(), err);
        if (found.isEmpty()) {
            return 1;
        }
        List<DesignFiles.DesignFile> files = found.get();
        List<Finding> findings = new ArrayList<>();
        List<SchemaError> loadErrors = new ArrayList<>();
        int failedToLoad = 0;
        for (DesignFiles.DesignFile file : files) {
            try {
                List<Finding> ofFile = LintFindings.of(file.load());
                findings.addAll(ofFile);
                if (format == Format.TEXT) {
                    out.print(LintReport.text(ofFile));
                    out.println(file.name() + ": " + LintReport.counts(ofFile));
                }
            } catch (SchemaFileException e) {
                failedToLoad++;
                loadErrors.addAll(e.errors());
                PrintWriter to = format == Format.TEXT ? out : err;
                e.errors().stream().map(SchemaError::toString).forEach(to::println);
                to.println(file.name() + ": " + dev.singletable.cli.design.CheckCommand.counted(e) + "; not linted (run 'singletable check')");
            }
        }
        if (format == Format.JSON) {
            out.print(LintReport.json(findings, loadErrors));
        } else if (format == Format.SARIF) {
            out.print(LintReport.sarif(findings, loadErrors));
        }
        out.flush();
        boolean failing = findings.stream().anyMatch(f -> f.severity().compareTo(failOn.severity) >= 0);
        return failedToLoad > 0 || failing ? 1 : 0;
    }
}
