package dev.singletable.bench.load;

import dev.singletable.bench.CpuPerOperationProfiler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time per operation split by who spends it, for a load from this JVM to the embedded engine (a process of its own):
 * {@code cpu.client.norm} (the JMH worker, the command's writer and progress threads, the hand-written loop's pool
 * threads), {@code cpu.engine.norm} (the engine: the CPU time of the processes this JVM started, Dynoxide) and
 * {@code cpu.process.norm} (the whole JVM: with the JIT compiler and the GC, whose threads the JVM does not list).
 * How: {@link ThreadGroupCpu}.
 * Use it as {@code -prof dev.singletable.bench.load.ThreadGroupCpuProfiler}.
 */
public final class ThreadGroupCpuProfiler extends CpuPerOperationProfiler {
    private ThreadGroupCpu cpu;

    @Override
    public String getDescription() {
        return "CPU time per operation of the client threads, the engine (child processes) and the whole JVM";
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
