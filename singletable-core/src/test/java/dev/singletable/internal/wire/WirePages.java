package dev.singletable.internal.wire;

import java.nio.charset.StandardCharsets;

/** Items of a Query page as the wire codec reads them, for tests of the types that read them outside this package. */
public final class WirePages {
    private WirePages() {
    }

    /** The first item of a Query response body. */
    public static WireItem firstItem(String body) {
        return (WireItem) WireBody.decode("Query", body.getBytes(StandardCharsets.UTF_8)).orElseThrow().items().get(0);
    }
}
