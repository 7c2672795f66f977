package dev.singletable.design.internal.lint;

import dev.singletable.schema.SchemaFile;

import java.util.List;

/**
 * The lint findings of a loaded design: every rule of {@link LintChecks#ALL} applied to its table, entities, indexes and
 * access patterns, ordered by their place in the file.
 *
 * <pre>{@code
 * List<Finding> findings = LintFindings.of(SchemaFile.load(Path.of("designs/blog.singletable.yaml")));
 * findings.forEach(f -> System.out.println(f.ruleId() + " " + f.subject() + ": " + f.message()));
 * }</pre>
 */
public final class LintFindings {
    private LintFindings() {
    }

    /** Every finding of every rule, ordered by file (a code-first design's findings are in its Java sources), line, column and rule id. */
    public static List<Finding> of(SchemaFile design) {
        LintedDesign lint = new LintedDesign(design);
        for (LintCheck rule : LintChecks.ALL) {
            rule.check(lint);
        }
        return lint.sorted();
    }
}
