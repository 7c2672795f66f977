package dev.singletable.cli.data.load;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * Ctrl-C (the JVM shutting down) stops a load or a migration cleanly: no new batch, those in flight finish, the checkpoint
 * is saved; the hook holds the JVM until the run's summary is printed and {@link #release(int)} is called, then ends it
 * with the run's own exit code (1 for an interrupted run, as its help says) rather than the signal's 130.
 */
final class StopOnCtrlC {
    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;
    private volatile int exitCode = 1;

    StopOnCtrlC(Runnable stop, String threadName, IntConsumer halt) {
        this.hook = new Thread(() -> {
            stop.run();
            try {
                if (reported.await(60, TimeUnit.SECONDS)) {
                    // the JVM would otherwise end with 128 + the signal once the hooks are done
                    halt.accept(exitCode);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, threadName);
    }

    /** Installs the hook that calls {@code stop} on Ctrl-C; call {@link #release(int)} once the summary is printed. */
    static StopOnCtrlC install(Runnable stop, String threadName) {
        StopOnCtrlC stopOnCtrlC = new StopOnCtrlC(stop, threadName, Runtime.getRuntime()::halt);
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC.hook);
        return stopOnCtrlC;
    }

    /** The hook, for a test to run as the JVM would on Ctrl-C. */
    Thread hook() {
        return hook;
    }

    /**
     * The summary is printed and the run ends with {@code exitCode}: a running hook ends the JVM with it, and a hook not
     * yet run is removed.
     */
    void release(int exitCode) {
        this.exitCode = exitCode;
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down (Ctrl-C): the hook is running, and the latch has released it
        }
    }
}
