package dev.singletable.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time per operation, which other processes on a shared machine disturb far less than wall time: {@code cpu.worker.norm}
 * is the CPU time of the benchmark threads per operation, {@code cpu.process.norm} that of the whole JVM (with the GC and the
 * JIT compiler) per operation. Use it as {@code -prof dev.singletable.bench.CpuTimeProfiler}.
 */
public final class CpuTimeProfiler implements InternalProfiler {
    private static final String WORKER_NAME = "-jmh-worker-";
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private Map<Long, Long> workerCpuBefore = Map.of();
    private long processCpuBefore;

    @Override
    public String getDescription() {
        return "CPU time per operation: benchmark threads (cpu.worker.norm) and whole JVM (cpu.process.norm)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        workerCpuBefore = workerCpu();
        processCpuBefore = os.getProcessCpuTime();
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        long processCpu = os.getProcessCpuTime() - processCpuBefore;
        long workerCpu = 0;
        for (Map.Entry<Long, Long> now : workerCpu().entrySet()) {
            workerCpu += now.getValue() - workerCpuBefore.getOrDefault(now.getKey(), 0L);
        }
        long ops = Math.max(1, result.getMetadata().getAllOps());
        return List.of(
                new ScalarResult("cpu.worker.norm", (double) workerCpu / ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.process.norm", (double) processCpu / ops, "ns/op", AggregationPolicy.AVG));
    }

    private Map<Long, Long> workerCpu() {
        Map<Long, Long> cpu = new HashMap<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().contains(WORKER_NAME)) {
                long time = threads.getThreadCpuTime(thread.getId());
                if (time >= 0) {
                    cpu.put(thread.getId(), time);
                }
            }
        }
        return cpu;
    }
}
