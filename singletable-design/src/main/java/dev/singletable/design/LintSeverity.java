package dev.singletable.design;

import dev.singletable.Experimental;

/**
 * How much a lint finding matters, lowest first: {@code singletable lint --fail-on} picks the lowest that fails.
 *
 * <pre>{@code
 * boolean fails = DesignTools.of(design).lint().stream().anyMatch(f -> f.severity() == LintSeverity.ERROR);
 * }</pre>
 */
@Experimental
public enum LintSeverity {
    /** Worth knowing; not a defect in itself. */
    NOTE,
    /** Likely to cost throughput, money or correctness as the table grows. */
    WARNING,
    /** An access pattern or a table that will not work at scale as designed. */
    ERROR
}
