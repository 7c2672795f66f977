package dev.singletable.bench.load;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.util.List;

/**
 * CPU time per operation split by who spends it, for a load that runs the client and DynamoDB Local in one JVM:
 * {@code cpu.client.norm} (the JMH worker, the command's writer and progress threads, the hand-written loop's pool
 * threads), {@code cpu.engine.norm} (DynamoDB Local's HTTP threads and its SQLite queue thread) and
 * {@code cpu.process.norm} (the whole JVM: with the JIT compiler and the GC, whose threads the JVM does not list).
 * How: {@link ThreadGroupCpu}.
 * Use it as {@code -prof dev.singletable.bench.load.ThreadGroupCpuProfiler}.
 */
public final class ThreadGroupCpuProfiler implements InternalProfiler {
    private ThreadGroupCpu cpu;

    @Override
    public String getDescription() {
        return "CPU time per operation of the client threads, DynamoDB Local's threads and the whole JVM";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpu = new ThreadGroupCpu(Thread.currentThread());
        cpu.start();
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        ThreadGroupCpu.Split split = cpu.stop();
        double ops = Math.max(1, result.getMetadata().getAllOps());
        return List.of(
                new ScalarResult("cpu.client.norm", split.client() / ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.engine.norm", split.engine() / ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.process.norm", split.process() / ops, "ns/op", AggregationPolicy.AVG));
    }
}
