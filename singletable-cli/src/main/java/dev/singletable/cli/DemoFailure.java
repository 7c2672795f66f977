package dev.singletable.cli;

/** A command failed for a reason its message explains to the user in full. */
final class DemoFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DemoFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
