package dev.singletable.design.internal;

import dev.singletable.design.DesignTools;
import dev.singletable.design.DocumentFormat;
import dev.singletable.design.LintFinding;
import dev.singletable.design.LintFormat;
import dev.singletable.design.LintSeverity;
import dev.singletable.design.internal.lint.Finding;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.design.internal.lint.LintReport;
import dev.singletable.design.internal.tables.DesignDocuments;
import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.design.internal.lint.PartialIndexReads;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SourceLocation;

import java.util.List;
import java.util.Optional;

/** The design tools of one design file, on the internal lint and tables, as the CLI's commands use them; made by {@code DesignTools.of}. */
public final class DesignFileTools implements DesignTools {
    private final SchemaFile design;

    public DesignFileTools(SchemaFile design) {
        this.design = design;
    }

    @Override
    public List<LintFinding> lint() {
        return findings().stream().map(DesignFileTools::finding).toList();
    }

    private List<Finding> findings() {
        return LintFindings.of(design);
    }

    private static LintFinding finding(Finding finding) {
        return new LintFinding(finding.ruleId(), finding.rule().ruleName(), LintSeverity.valueOf(finding.severity().name()),
                finding.subject().toString(), finding.message(), finding.why(), finding.fix(), finding.file(), finding.line(),
                finding.column());
    }

    @Override
    public String lintReport(LintFormat format) {
        List<Finding> findings = findings();
        return switch (format) {
            case TEXT -> LintReport.text(findings);
            case JSON -> LintReport.json(findings);
            case SARIF -> LintReport.sarif(findings);
        };
    }

    @Override
    public List<SchemaError> unrunnablePatterns() {
        String file = design.location().map(SourceLocation::file).orElse("(document)");
        return PartialIndexReads.of(design.document()).stream().map(read -> {
            Optional<SourceLocation> at = design.location("accessPatterns", String.valueOf(read.position()), "index");
            return new SchemaError(SchemaError.Kind.SCHEMA_DEFINITION, file, at.map(SourceLocation::line).orElse(0),
                    at.map(SourceLocation::column).orElse(0), "accessPatterns[" + read.position() + "].index", read.text());
        }).toList();
    }

    @Override
    public String describe(DocumentFormat format) {
        DesignTables tables = DesignTables.offline(design, SampleItems.examplesOf(design));
        return DesignDocuments.describe(List.of(tables), switch (format) {
            case TEXT -> DesignDocuments.Format.text;
            case MARKDOWN -> DesignDocuments.Format.markdown;
            case JSON -> DesignDocuments.Format.json;
        });
    }
}
