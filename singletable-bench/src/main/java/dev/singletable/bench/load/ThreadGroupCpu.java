package dev.singletable.bench.load;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * CPU time between {@link #start()} and {@link #stop()}, split by who spends it, for a load that runs the client in
 * this JVM and the embedded engine (Dynoxide) in a process of its own: the client's threads (the JMH worker or the
 * caller, the command's writer and progress threads, the hand-written loop's pool threads), the engine (the CPU time the
 * operating system counts for this JVM's child processes) and the whole JVM (with the JIT compiler and the GC, whose
 * threads the JVM does not list). Writer threads end with each load and take their CPU time with them, and JMH may stop
 * the engine before it reads the iteration's end, so every thread's and child process's CPU time is polled every 20 ms
 * and one that ended counts with its last reading (it was idle, waiting for shutdown, by then).
 */
final class ThreadGroupCpu {
    /** CPU nanoseconds of each group. */
    record Split(long client, long engine, long process) {
    }

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final Map<Long, Long> startCpu = new HashMap<>();
    private final Map<Long, Long> lastCpu = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    private final Thread caller;
    private ScheduledExecutorService poller;
    private long processStart;
    /** CPU nanoseconds of each child process (the engine) at the start and at the last poll, by process id. */
    private Map<Long, Long> childrenStart = Map.of();
    private final Map<Long, Long> childrenLast = new HashMap<>();

    /** Counts {@code caller} as a client thread too, whatever its name. */
    ThreadGroupCpu(Thread caller) {
        this.caller = caller;
    }

    void start() {
        synchronized (this) {
            startCpu.clear();
            lastCpu.clear();
            names.clear();
            for (long id : threads.getAllThreadIds()) {
                long cpu = threads.getThreadCpuTime(id);
                if (cpu >= 0) {
                    startCpu.put(id, cpu);
                }
            }
        }
        processStart = os.getProcessCpuTime();
        childrenStart = childrenCpu();
        synchronized (this) {
            childrenLast.clear();
        }
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "thread-cpu-poller");
            thread.setDaemon(true);
            return thread;
        });
        poller.scheduleAtFixedRate(this::poll, 0, 20, TimeUnit.MILLISECONDS);
    }

    private synchronized void poll() {
        childrenLast.putAll(childrenCpu()); // polled too: the engine may be stopped before the iteration's end is taken
        for (long id : threads.getAllThreadIds()) {
            long cpu = threads.getThreadCpuTime(id);
            if (cpu < 0) {
                continue;
            }
            lastCpu.put(id, cpu);
            if (!names.containsKey(id)) {
                ThreadInfo info = threads.getThreadInfo(id);
                if (info != null) {
                    names.put(id, info.getThreadName());
                }
            }
        }
    }

    Split stop() {
        poller.shutdownNow();
        try {
            poller.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        poll();
        long process = os.getProcessCpuTime() - processStart;
        long client = 0;
        long engine = 0;
        synchronized (this) {
            for (Map.Entry<Long, Long> last : lastCpu.entrySet()) {
                String name = names.getOrDefault(last.getKey(), "");
                long spent = last.getValue() - startCpu.getOrDefault(last.getKey(), 0L);
                if (last.getKey() == caller.getId() || name.contains("jmh-worker") || name.startsWith("singletable-load")
                        || name.matches("pool-\\d+-thread-\\d+")) {
                    client += spent;
                }
            }
        }
        synchronized (this) {
            for (Map.Entry<Long, Long> child : childrenLast.entrySet()) {
                engine += child.getValue() - childrenStart.getOrDefault(child.getKey(), 0L);
            }
        }
        return new Split(client, engine, process);
    }

    /** The CPU time of each process this JVM started, and theirs (the engine runs in one), as the OS counts it. */
    private static Map<Long, Long> childrenCpu() {
        Map<Long, Long> cpu = new HashMap<>();
        ProcessHandle.current().descendants().forEach(process -> process.info().totalCpuDuration()
                .ifPresent(spent -> cpu.put(process.pid(), spent.toNanos())));
        return cpu;
    }
}
