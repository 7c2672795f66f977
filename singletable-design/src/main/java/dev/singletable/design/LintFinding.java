package dev.singletable.design;

import dev.singletable.Experimental;

import java.util.Objects;

/**
 * One lint finding: the rule ({@code ST006}, {@code shared-partition}), how much it matters, what it is about, the
 * message, why it matters and the fix, and where in the design file.
 *
 * <pre>{@code
 * LintFinding finding = DesignTools.of(design).lint().get(0);
 * String where = finding.file() + ":" + finding.line() + ":" + finding.column();
 * }</pre>
 *
 * @param ruleId   the rule's id, such as {@code ST001}
 * @param ruleName the rule's name, such as {@code scan-pattern}
 * @param severity how much it matters
 * @param subject  what it is about, such as {@code entity Post} or {@code access pattern posts-by-user}
 * @param message  what the rule found
 * @param why      why it matters
 * @param fix      how to fix it
 * @param file     the design file
 * @param line     the line in the file (1-based), or 0 when unknown
 * @param column   the column in the file (1-based), or 0 when unknown
 */
@Experimental
public record LintFinding(String ruleId, String ruleName, LintSeverity severity, String subject, String message, String why,
                          String fix, String file, int line, int column) {
    /** Checks that no part is null. */
    public LintFinding {
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(ruleName, "ruleName");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(why, "why");
        Objects.requireNonNull(fix, "fix");
        Objects.requireNonNull(file, "file");
    }
}
