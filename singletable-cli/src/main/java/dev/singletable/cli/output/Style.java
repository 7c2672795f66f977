package dev.singletable.cli.output;

/**
 * Emphasis for terminal output: ANSI bold and dim when standard output is a terminal that takes
 * them, nothing at all otherwise (a pipe, a file, {@code NO_COLOR}, {@code TERM=dumb}).
 */
public final class Style {
    private static final Style PLAIN = new Style(false);
    private static final Style ANSI = new Style(true);

    private final boolean ansi;

    private Style(boolean ansi) {
        this.ansi = ansi;
    }

    /** No escape codes: for pipes, files and tests. */
    public static Style plain() {
        return PLAIN;
    }

    /** ANSI when the JVM's standard output is an interactive terminal that is not {@code dumb}, and NO_COLOR is unset. */
    public static Style forTerminal() {
        boolean terminal = System.console() != null;
        String term = System.getenv("TERM");
        boolean noColor = System.getenv("NO_COLOR") != null && !System.getenv("NO_COLOR").isEmpty();
        return terminal && !noColor && term != null && !term.equals("dumb") ? ANSI : PLAIN;
    }

    public boolean isAnsi() {
        return ansi;
    }

    public String bold(String text) {
        return ansi ? "\u001b[1m" + text + "\u001b[0m" : text;
    }

    public String dim(String text) {
        return ansi ? "\u001b[2m" + text + "\u001b[0m" : text;
    }
}
