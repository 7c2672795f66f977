package dev.singletable.design;

import dev.singletable.Experimental;

/**
 * How {@link DesignTools#lintReport} renders findings.
 *
 * <pre>{@code
 * Files.writeString(Path.of("lint.sarif"), DesignTools.of(design).lintReport(LintFormat.SARIF));
 * }</pre>
 */
@Experimental
public enum LintFormat {
    /** One paragraph a finding: {@code file:line:column: severity id name: subject: message}, then why and fix. */
    TEXT,
    /** A JSON array of findings. */
    JSON,
    /** SARIF 2.1.0, for code scanning. */
    SARIF
}
