package dev.singletable.cli.data.load;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (the JVM shutting down) stops a load or a migration cleanly: no new batch, those in flight finish, the checkpoint
 * is saved; the hook holds the JVM until the run's summary is printed and {@link #release()} is called.
 */
final class StopOnCtrlC {
    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;

    private StopOnCtrlC(Runnable stop, String threadName) {
        this.hook = new Thread(() -> {
            stop.run();
            try {
                reported.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, threadName);
    }

    /** Installs the hook that calls {@code stop} on Ctrl-C; call {@link #release()} once the summary is printed. */
    static StopOnCtrlC install(Runnable stop, String threadName) {
        StopOnCtrlC stopOnCtrlC = new StopOnCtrlC(stop, threadName);
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC.hook);
        return stopOnCtrlC;
    }

    /** The summary is printed: a running hook may let the JVM go, and a hook not yet run is removed. */
    void release() {
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down (Ctrl-C): the hook is running, and the latch has released it
        }
    }
}
