package dev.singletable.bench.load;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * CPU time per operation split by who spends it, for a load that runs the client and DynamoDB Local in one JVM:
 * {@code cpu.client.norm} (the JMH worker, the command's writer and progress threads, the hand-written loop's pool
 * threads), {@code cpu.engine.norm} (DynamoDB Local's HTTP threads and its SQLite queue thread) and
 * {@code cpu.process.norm} (the whole JVM: with the JIT compiler and the GC, whose threads the JVM does not list).
 * Writer threads end with each load and take their CPU time with them, so every thread's CPU time is polled every
 * 20 ms and a thread that ended counts with its last reading (it was idle, waiting for shutdown, by then).
 * Use it as {@code -prof dev.singletable.bench.load.ThreadGroupCpuProfiler}.
 */
public final class ThreadGroupCpuProfiler implements InternalProfiler {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** Thread id to its name and the CPU time read at the iteration's start (0 for threads started since). */
    private final Map<Long, Long> startCpu = new HashMap<>();
    private final Map<Long, Long> lastCpu = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    private ScheduledExecutorService poller;
    private long processStart;

    @Override
    public String getDescription() {
        return "CPU time per operation of the client threads, DynamoDB Local's threads and the whole JVM";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
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
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "thread-cpu-poller");
            thread.setDaemon(true);
            return thread;
        });
        poller.scheduleAtFixedRate(this::poll, 0, 20, TimeUnit.MILLISECONDS);
    }

    private synchronized void poll() {
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

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
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
                if (name.startsWith("SQLiteQueue") || name.startsWith("dynamodb-local")) {
                    engine += spent;
                } else if (name.contains("jmh-worker") || name.startsWith("singletable-load") || name.matches("pool-\\d+-thread-\\d+")) {
                    client += spent;
                }
            }
        }
        double ops = Math.max(1, result.getMetadata().getAllOps());
        return List.of(
                new ScalarResult("cpu.client.norm", client / ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.engine.norm", engine / ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.process.norm", process / ops, "ns/op", AggregationPolicy.AVG));
    }
}
