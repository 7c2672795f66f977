package dev.singletable.bench;

import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The run the timed benchmarks of this module share, so that their figures compare: three warm-up and five measured
 * iterations of one second each, in one fork, on one state for the whole benchmark. JMH reads these annotations from
 * the superclass; each benchmark states its own mode and time unit.
 */
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public abstract class TimedRun {
}
