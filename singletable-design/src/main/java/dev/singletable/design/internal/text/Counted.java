package dev.singletable.design.internal.text;

/** A count with its noun in the right number ("1 item", "2 items"), for every summary the command prints. */
public final class Counted {
    private Counted() {
    }

    /** {@code n} and {@code one} when {@code n} is 1, else {@code n} and {@code many}: {@code of(1, "entity", "entities")} is "1 entity". */
    public static String of(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
