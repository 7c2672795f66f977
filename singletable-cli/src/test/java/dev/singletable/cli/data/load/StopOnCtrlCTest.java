package dev.singletable.cli.data.load;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

class StopOnCtrlCTest {
    @Test
    void hook_whenCtrlCAndTheRunEndsInterrupted_stopsTheRunAndEndsTheJvmWithTheRunsExitCode() throws InterruptedException {
        List<String> events = new CopyOnWriteArrayList<>();
        StopOnCtrlC stopOnCtrlC = new StopOnCtrlC(() -> events.add("stop"), "test-stop", code -> events.add("halt " + code));
        Thread ctrlC = new Thread(stopOnCtrlC.hook()::run); // as the JVM runs the hook on SIGINT
        ctrlC.start();
        while (events.isEmpty()) {
            Thread.onSpinWait();
        }
        events.add("summary printed");

        stopOnCtrlC.release(1);
        ctrlC.join(10_000);

        assertThat(events).containsExactly("stop", "summary printed", "halt 1");
    }
}
