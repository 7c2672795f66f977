package dev.singletable;

/**
 * A count with its noun in the right number ("1 item", "2 items") for the public types' texts. Package-private: the
 * internal packages word their own counts, as the public package must not be reached into from them for a helper.
 */
final class Counted {
    private Counted() {
    }

    static String of(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
