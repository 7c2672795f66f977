package dev.singletable.design.internal.lint;

import java.util.Objects;

/**
 * One lint rule: its stable id (never reused), short name, severity, title and why it matters, beside the check that finds
 * it in a design. Each rule is a class of its own, listed once in {@link LintChecks#ALL}; {@code docs/lint-rules.md}
 * documents each with an example.
 *
 * <pre>{@code
 * LintCheck rule = LintChecks.byId("ST003"); // HotPartition
 * System.out.println(rule.title() + ": " + rule.why());
 * }</pre>
 */
public abstract class LintCheck {
    private final String id;
    private final String ruleName;
    private final Severity severity;
    private final String title;
    private final String why;

    LintCheck(String id, String ruleName, Severity severity, String title, String why) {
        this.id = Objects.requireNonNull(id, "id");
        this.ruleName = Objects.requireNonNull(ruleName, "ruleName");
        this.severity = Objects.requireNonNull(severity, "severity");
        this.title = Objects.requireNonNull(title, "title");
        this.why = Objects.requireNonNull(why, "why");
    }

    /** The stable id, {@code ST001}... */
    public String id() {
        return id;
    }

    /** The short name, {@code hot-partition}. */
    public String ruleName() {
        return ruleName;
    }

    public Severity severity() {
        return severity;
    }

    public String title() {
        return title;
    }

    public String why() {
        return why;
    }

    /** Adds this rule's findings on the design, each through {@link LintedDesign#add}. */
    abstract void check(LintedDesign design);

    @Override
    public String toString() {
        return id + " " + ruleName;
    }
}
