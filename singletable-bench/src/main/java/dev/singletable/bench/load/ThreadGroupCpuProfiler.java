package dev.singletable.bench.load;

import dev.singletable.bench.CpuPerOperationProfiler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time per operation split by who spends it, for a load that runs the client and DynamoDB Local in one JVM:
 * {@code cpu.client.norm} (the JMH worker, the command's writer and progress threads, the hand-written loop's pool
 * threads), {@code cpu.engine.norm} (DynamoDB Local's HTTP threads and its SQLite queue thread) and
 * {@code cpu.process.norm} (the whole JVM: with the JIT compiler and the GC, whose threads the JVM does not list).
 * How: {@link ThreadGroupCpu}.
 * Use it as {@code -prof dev.singletable.bench.load.ThreadGroupCpuProfiler}.
 */
public final class ThreadGroupCpuProfiler extends CpuPerOperationProfiler {
    private ThreadGroupCpu cpu;

    @Override
    public String getDescription() {
        return "CPU time per operation of the client threads, DynamoDB Local's threads and the whole JVM";
    }

    @Override
    protected void start() {
        cpu = new ThreadGroupCpu(Thread.currentThread());
        cpu.start();
    }

    @Override
    protected Map<String, Long> stop() {
        ThreadGroupCpu.Split split = cpu.stop();
        Map<String, Long> spent = new LinkedHashMap<>();
        spent.put("cpu.client.norm", split.client());
        spent.put("cpu.engine.norm", split.engine());
        spent.put("cpu.process.norm", split.process());
        return spent;
    }
}
