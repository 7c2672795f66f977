package dev.singletable.design.internal.lint;

/** How much a lint finding matters; {@code --fail-on} picks the lowest that fails the command. */
public enum Severity {
    /** Worth knowing; not a defect in itself. */
    NOTE("note"),
    /** Likely to cost throughput, money or correctness as the table grows. */
    WARNING("warning"),
    /** An access pattern or a table that will not work at scale as designed. */
    ERROR("error");

    private final String label;

    Severity(String label) {
        this.label = label;
    }

    /** The lower-case name used in text, JSON and SARIF ({@code level}) output. */
    public String label() {
        return label;
    }
}
