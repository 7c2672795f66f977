package dev.singletable.design.internal.lint;

/**
 * One lint finding: which rule, how much it matters, what it concerns, what was found, why it
 * matters and the fix, and where in the schema file (line and column 0 when unknown, as for a
 * design built in code). Only {@link LintedDesign#add} makes one, from parts checked there or when the rule was made;
 * {@link dev.singletable.design.LintFinding} is its public view.
 *
 * <pre>{@code
 * for (Finding finding : LintFindings.of(SchemaFile.load(Path.of("blog.singletable.yaml")))) {
 *     System.out.println(finding.file() + ":" + finding.line() + ": " + finding.ruleId() + " " + finding.message());
 * }
 * }</pre>
 *
 * @param ruleId the rule's stable id, such as {@code ST003}
 * @param severity note, warning or error
 * @param subject the entity, index, access pattern or table concerned
 * @param message what was found, naming the templates, attributes and values
 * @param why why it matters
 * @param fix what to change
 * @param path the field's path in the schema file, such as {@code entities.Post.indexes.gsi1} (as {@code SchemaError} gives it)
 * @param file the schema file's name as loaded
 * @param line the 1-based line of {@code path}, 0 when unknown
 * @param column the 1-based column of {@code path}, 0 when unknown
 */
public record Finding(String ruleId, Severity severity, Subject subject, String message, String why, String fix,
                      String path, String file, int line, int column) {
    /** The rule of {@link #ruleId()}. */
    public LintCheck rule() {
        return LintChecks.byId(ruleId);
    }
}
