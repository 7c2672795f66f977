package dev.singletable.design;

import dev.singletable.Experimental;

/**
 * How {@link DesignTools#describe} renders a design.
 *
 * <pre>{@code
 * String page = DesignTools.of(design).describe(DocumentFormat.MARKDOWN);
 * }</pre>
 */
@Experimental
public enum DocumentFormat {
    /** Plain text tables for a terminal. */
    TEXT,
    /** Markdown tables, for a README or a wiki. */
    MARKDOWN,
    /** One JSON document. */
    JSON
}
