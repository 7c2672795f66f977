package dev.singletable.cli.data.load;

/** The target the tests of the loader's machinery record in their checkpoints: one engine that keeps its data. */
final class TestTargets {
    static final LoadCheckpoint.Target ENGINE = new LoadCheckpoint.Target("the test's engine", true);

    private TestTargets() {
    }
}
