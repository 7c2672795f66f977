package dev.singletable.cli.data.load;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * How a long copy shows where it is: a progress bar on a terminal (items, items/s, WCU, ETA), plain
 * lines at an interval otherwise (logs, CI), or nothing. Called with a snapshot a few times a second.
 */
interface LoadProgress extends AutoCloseable {
    /**
     * Where a copy stands. {@code total} is an estimate (input lines), 0 when unknown; {@code writeUnits}
     * only means something when {@code capacityRequested} (else the lines show no WCU).
     */
    record Snapshot(long done, long total, boolean capacityRequested, double writeUnits, Duration elapsed) {
        double itemsPerSecond() {
            double seconds = elapsed.toMillis() / 1000.0;
            return seconds <= 0 ? 0 : done / seconds;
        }

        /** One line: {@code 12000 of 100000 items (12%), 3000 items/s, 12000.0 WCU, ETA 0:29}. */
        String line() {
            StringBuilder text = new StringBuilder().append(done);
            if (total > 0) {
                text.append(" of ").append(total).append(" items (").append(Math.min(100, done * 100 / total)).append("%)");
            } else {
                text.append(" items");
            }
            text.append(", ").append(Math.round(itemsPerSecond())).append(" items/s");
            if (capacityRequested) {
                text.append(", ").append(String.format(Locale.ROOT, "%.1f", writeUnits)).append(" WCU");
            }
            if (total > 0 && done > 0 && done < total) {
                long seconds = Math.round((total - done) / Math.max(itemsPerSecond(), 0.001));
                text.append(", ETA ").append(String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60));
            }
            return text.toString();
        }
    }

    void show(Snapshot snapshot);

    /** The last snapshot, when the copy is over. */
    void finish(Snapshot snapshot);

    @Override
    default void close() {
    }

    static LoadProgress none() {
        return new LoadProgress() {
            @Override
            public void show(Snapshot snapshot) {
            }

            @Override
            public void finish(Snapshot snapshot) {
            }
        };
    }

    /** A line to {@code out} every {@code every} (and one at the end when any was printed). */
    static LoadProgress lines(PrintWriter out, String what, Duration every) {
        return new LoadProgress() {
            private Duration next = every;
            private boolean printed;

            @Override
            public void show(Snapshot snapshot) {
                if (!every.isZero() && snapshot.elapsed().compareTo(next) >= 0) {
                    out.println(what + ": " + snapshot.line());
                    out.flush();
                    printed = true;
                    next = snapshot.elapsed().plus(every);
                }
            }

            @Override
            public void finish(Snapshot snapshot) {
                if (printed) {
                    out.println(what + ": " + snapshot.line() + " in " + String.format(Locale.ROOT, "%.1f", snapshot.elapsed().toMillis() / 1000.0) + " s");
                    out.flush();
                }
            }
        };
    }

    /** A progress bar (me.tongfei:progressbar) on the terminal's error stream. */
    static LoadProgress bar(String what) {
        ProgressBar bar = new ProgressBarBuilder().setTaskName(what).setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
                .setUnit(" items", 1).showSpeed().setUpdateIntervalMillis(250).continuousUpdate().build();
        return new LoadProgress() {
            @Override
            public void show(Snapshot snapshot) {
                bar.maxHint(snapshot.total() > 0 ? snapshot.total() : -1);
                bar.stepTo(snapshot.done());
                if (snapshot.capacityRequested()) {
                    bar.setExtraMessage(String.format(Locale.ROOT, "%.1f WCU", snapshot.writeUnits()));
                }
            }

            @Override
            public void finish(Snapshot snapshot) {
                show(snapshot);
            }

            @Override
            public void close() {
                bar.close();
            }
        };
    }
}
