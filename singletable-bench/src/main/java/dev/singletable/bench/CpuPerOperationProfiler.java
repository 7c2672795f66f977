package dev.singletable.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.util.List;
import java.util.Map;

/**
 * A profiler that reports CPU nanoseconds per operation of an iteration, under one label each (such as
 * {@code cpu.process.norm}): a subclass says how it starts counting and what each label spent by the iteration's end.
 */
public abstract class CpuPerOperationProfiler implements InternalProfiler {

    /** Takes the counters at the start of an iteration. */
    protected abstract void start();

    /** The CPU nanoseconds each label spent since {@link #start()}, in the order to report them. */
    protected abstract Map<String, Long> stop();

    @Override
    public final void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        start();
    }

    @Override
    public final List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        double ops = Math.max(1, result.getMetadata().getAllOps());
        return stop().entrySet().stream()
                .map(spent -> new ScalarResult(spent.getKey(), spent.getValue() / ops, "ns/op", AggregationPolicy.AVG))
                .toList();
    }
}
