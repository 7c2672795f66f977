package dev.singletable.cli.design;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * patterns' and view's {@link DesignRuns} started at {@code main}'s first line, from a guess at the command line made
 * before picocli parses it: the cache lookup (hashing the design and the build) and, when there is no cached result or
 * with {@code --no-cache}, the engine's start then overlap picocli building the command and parsing. The command
 * takes the early start only when picocli's parse says the same design, data file and cache use; otherwise it closes it
 * and starts its own, so a wrong guess costs a wasted start, never a wrong result.
 *
 * <pre>{@code
 * EarlyDesignRuns.begin(args);   // Main.main, before picocli
 * }</pre>
 */
public final class EarlyDesignRuns {
    /** What a command line asks DesignRuns.start for. */
    record Guess(Path design, Optional<Path> data, boolean readCache) {
    }

    private record Early(Guess guess, CompletableFuture<DesignRuns> runs) {
    }

    /** Each command's options that take a value, and those that do not; any other option: no guess. */
    private static final Map<String, Set<String>> VALUED = Map.of(
            "patterns", Set.of("--format"),
            "view", Set.of("-o", "--output", "--data"));
    private static final Set<String> FLAGS = Set.of("--no-cache");

    private static final AtomicReference<Early> PENDING = new AtomicReference<>();

    private EarlyDesignRuns() {
    }

    /** Starts what {@code args} most likely asks of DesignRuns, on a thread of its own; nothing for any other command. */
    public static void begin(String[] args) {
        guess(args).ifPresent(guess -> {
            CompletableFuture<DesignRuns> runs = new CompletableFuture<>();
            Thread starter = new Thread(() -> {
                try {
                    runs.complete(DesignRuns.startNow(guess.design(), guess.data(), guess.readCache()));
                } catch (RuntimeException | Error e) {
                    runs.completeExceptionally(e);
                }
            }, "singletable-early-start");
            starter.setDaemon(true); // a usage error exits without waiting for it
            starter.start();
            discard(PENDING.getAndSet(new Early(guess, runs)));
        });
    }

    /**
     * The design, data file and cache use that {@code args} names, when a cheap look can tell: patterns or view, no help
     * or version option, only the command's own options, and one DESIGN word.
     */
    static Optional<Guess> guess(String[] args) {
        if (args.length < 2 || !VALUED.containsKey(args[0])) {
            return Optional.empty();
        }
        Set<String> valued = VALUED.get(args[0]);
        Optional<Path> data = Optional.empty();
        boolean readCache = true;
        Optional<Path> design = Optional.empty();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (arg.startsWith("-") && valued.contains(name)) {
                String value;
                if (arg.contains("=")) {
                    value = arg.substring(arg.indexOf('=') + 1);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    return Optional.empty();
                }
                if (name.equals("--data")) {
                    if (data.isPresent()) {
                        return Optional.empty();
                    }
                    data = Optional.of(value).flatMap(EarlyDesignRuns::path);
                    if (data.isEmpty()) {
                        return Optional.empty();
                    }
                }
            } else if (FLAGS.contains(arg)) {
                readCache = false;
            } else if (arg.startsWith("-") || design.isPresent()) {
                return Optional.empty(); // help, version, an unknown option, "--", a second DESIGN: picocli's to judge
            } else {
                design = path(arg);
                if (design.isEmpty()) {
                    return Optional.empty();
                }
            }
        }
        Optional<Path> dataPath = data;
        boolean cache = readCache;
        return design.map(path -> new Guess(path, dataPath, cache));
    }

    /**
     * The early start, when it was begun for exactly these inputs (then waited for); else empty, and an early start for
     * other inputs is closed.
     */
    static Optional<DesignRuns> take(Path design, Optional<Path> data, boolean readCache) {
        Early early = PENDING.getAndSet(null);
        if (early == null) {
            return Optional.empty();
        }
        if (!early.guess().equals(new Guess(design, data, readCache))) {
            discard(early);
            return Optional.empty();
        }
        try {
            return Optional.of(early.runs().join());
        } catch (CompletionException e) {
            return Optional.empty(); // the command's own start meets (and reports) whatever failed
        }
    }

    /** The early start still waiting to be taken, for tests. */
    static Optional<CompletableFuture<DesignRuns>> pending() {
        return Optional.ofNullable(PENDING.get()).map(Early::runs);
    }

    private static void discard(Early early) {
        if (early != null) {
            early.runs().thenAccept(DesignRuns::close);
        }
    }

    private static Optional<Path> path(String text) {
        try {
            return Optional.of(Path.of(text));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
