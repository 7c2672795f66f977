package dev.singletable.wire.internal.client;

import software.amazon.awssdk.http.ExecutableHttpRequest;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Aborts one HTTP exchange when its time is up ({@code ExecutableHttpRequest.abort()}: the Apache client aborts the
 * request, the URL connection client disconnects), and remembers that it did, so that the failure the abort causes
 * is reported as the timeout it is.
 */
final class AbortTimer {
    private final ScheduledFuture<?> task;
    private final AtomicBoolean fired;

    private AbortTimer(ScheduledFuture<?> task, AtomicBoolean fired) {
        this.task = task;
        this.fired = fired;
    }

    static AbortTimer start(ExecutableHttpRequest exchange, Duration after) {
        AtomicBoolean fired = new AtomicBoolean();
        ScheduledFuture<?> task = Scheduler.INSTANCE.schedule(() -> {
            fired.set(true);
            exchange.abort();
        }, after.toNanos(), TimeUnit.NANOSECONDS);
        return new AbortTimer(task, fired);
    }

    /** Stops the timer; true when it had already aborted the exchange. */
    boolean stop() {
        task.cancel(false);
        return fired.get();
    }

    /**
     * One daemon thread for every wire client of the JVM, created by the first request with a timeout (a client has no
     * life cycle of its own to stop a thread with: its close() closes nothing), and ended after a minute without timers.
     */
    private static final class Scheduler {
        static final ScheduledThreadPoolExecutor INSTANCE = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
                Thread thread = new Thread(runnable, "singletable-wire-client-timeouts");
                thread.setDaemon(true);
                return thread;
            });
            executor.setKeepAliveTime(1, TimeUnit.MINUTES);
            executor.allowCoreThreadTimeOut(true);
            executor.setRemoveOnCancelPolicy(true);
            return executor;
        }
    }
}
