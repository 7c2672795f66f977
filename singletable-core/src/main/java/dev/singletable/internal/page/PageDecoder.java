package dev.singletable.internal.page;

/**
 * The core's one seam for a second way of reading response bodies: an {@code ExecutionInterceptor} on a client that
 * implements this decodes the items of the requests singletable marks with a {@link DecodedPage} straight from the
 * body, and hands them over as {@code AttributeValue} maps that are also {@link StoredItem}s (their Strings and
 * Numbers read as text in place), so the core decodes entities one way whichever reader filled the page. singletable-wire's codec is the implementation; this package is exported to that module alone.
 */
public interface PageDecoder {
    /** True when this decoder reads the items of responses to {@code operation}, such as {@code "Query"}. */
    boolean reads(String operation);
}
