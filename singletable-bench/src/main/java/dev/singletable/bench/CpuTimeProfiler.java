package dev.singletable.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time per operation, which other processes on a shared machine disturb far less than wall time: {@code cpu.worker.norm}
 * is the CPU time of the benchmark threads per operation, {@code cpu.process.norm} that of the whole JVM (with the GC and the
 * JIT compiler) per operation. Use it as {@code -prof dev.singletable.bench.CpuTimeProfiler}.
 */
public final class CpuTimeProfiler extends CpuPerOperationProfiler {
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
    protected void start() {
        workerCpuBefore = workerCpu();
        processCpuBefore = os.getProcessCpuTime();
    }

    @Override
    protected Map<String, Long> stop() {
        long processCpu = os.getProcessCpuTime() - processCpuBefore;
        long workerCpu = 0;
        for (Map.Entry<Long, Long> now : workerCpu().entrySet()) {
            workerCpu += now.getValue() - workerCpuBefore.getOrDefault(now.getKey(), 0L);
        }
        Map<String, Long> spent = new LinkedHashMap<>();
        spent.put("cpu.worker.norm", workerCpu);
        spent.put("cpu.process.norm", processCpu);
        return spent;
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
