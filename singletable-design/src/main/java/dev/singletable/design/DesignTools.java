package dev.singletable.design;

import dev.singletable.Experimental;
import dev.singletable.design.internal.DesignFileTools;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;

import java.util.List;

/**
 * The design tools of one loaded design file, as the {@code singletable} command's {@code lint} and {@code describe}
 * run them, usable from Java: a Maven plugin, a test, an IDE. Nothing is sent to DynamoDB.
 *
 * <pre>{@code
 * DesignTools tools = DesignTools.of(SchemaFile.load(Path.of("designs/blog.singletable.yaml")));
 * for (LintFinding finding : tools.lint()) {
 *     System.out.println(finding.ruleId() + " " + finding.severity() + " " + finding.subject() + ": " + finding.message());
 * }
 * String sarif = tools.lintReport(LintFormat.SARIF);      // for code scanning
 * String markdown = tools.describe(DocumentFormat.MARKDOWN); // the key design and sample items
 * }</pre>
 */
@Experimental
public interface DesignTools {
    /** The tools of a loaded design. */
    static DesignTools of(SchemaFile design) {
        java.util.Objects.requireNonNull(design, "design");
        return new DesignFileTools(design);
    }

    /** Every finding of every lint rule, ordered by line, column and rule id, as {@code singletable lint} reports them. */
    List<LintFinding> lint();

    /** The lint findings rendered as {@code singletable lint --format} renders them. */
    String lintReport(LintFormat format);

    /** The design described as {@code singletable describe --format} describes it: tables, key design, sample items. */
    String describe(DocumentFormat format);

    /**
     * The access patterns that load but cannot run as written, each an error located at the pattern's {@code index}
     * field, as {@code singletable check} reports them: reads of a GSI projecting KEYS_ONLY or INCLUDE for attributes
     * it does not hold, which the library refuses before sending. Empty when every pattern can run.
     *
     * <pre>{@code
     * for (SchemaError error : DesignTools.of(design).unrunnablePatterns()) {
     *     System.err.println(error);   // tickets.singletable.yaml:31:12: ... select what the index holds, or fetchFullItems: true
     * }
     * }</pre>
     */
    List<SchemaError> unrunnablePatterns();
}
