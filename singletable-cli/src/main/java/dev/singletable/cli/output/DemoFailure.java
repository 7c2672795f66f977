package dev.singletable.cli.output;

/** A command failed for a reason its message explains to the user in full: exit code 1, the message printed as it is. */
public final class DemoFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DemoFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
