package dev.singletable.bench.load;

import dev.singletable.bench.load.LoadBenchmark.Load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * LoadBenchmark's loads taking turns, for a machine whose load drifts: JMH runs every load of one benchmark before
 * the next benchmark's, so on a shared machine the later benchmark meets other builds the earlier one did not. Here
 * each round runs every variant once (singletable, singletable --no-capacity, the plain hand-written loop, the loop
 * asking for capacity), each into a fresh table checked afterwards, and the ratios are taken within a round, then their
 * median over the rounds. Each round starts one variant later than the one before (round 2: --no-capacity, plain loop,
 * loop with capacity, singletable), so that over 4 counted rounds every variant has run in every place once: where a load
 * stands in the round moved the engine's CPU per item by 10 % either way (README, "Bulk load").
 * {@code -Dbench.variants=handWrittenWithCapacity,singletable} runs some of them, in that order in the first round.
 * Wall time and CPU per load ({@link ThreadGroupCpu}: client threads, the engine's process, the whole JVM).
 *
 * <pre>{@code
 * java -cp "target/classes:$(cat target/classpath.txt)" -Dbench.design=../designs/blog.singletable.yaml \
 *      dev.singletable.bench.load.LoadRounds 6 2      # 6 rounds, the first 2 as warm-up: 4 counted, every place once
 * }</pre>
 */
public final class LoadRounds {
    private LoadRounds() {
    }

    /** The figures of one load, in the order of {@link #WHAT}. */
    private static final String[] WHAT = {"wall", "client CPU", "engine CPU", "JVM CPU"};

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        LoadBenchmark bench = new LoadBenchmark();
        bench.parallelism = Integer.getInteger("bench.parallelism", 4);
        bench.startEngine();
        Map<String, List<double[]>> figures;
        try {
            figures = runRounds(bench, variants(bench), rounds, warmUp);
        } finally {
            bench.stopEngine();
        }
        printRatios(figures);
        printMedians(figures);
    }

    /** The loads {@code -Dbench.variants} names, in its order (all four when it is not set). */
    private static Map<String, Load> variants(LoadBenchmark bench) {
        Map<String, Load> all = bench.loads();
        Map<String, Load> variants = new LinkedHashMap<>();
        for (String name : System.getProperty("bench.variants", String.join(",", all.keySet())).split(",")) {
            Load load = all.get(name.trim());
            if (load == null) {
                throw new IllegalArgumentException("-Dbench.variants: " + name + " is none of " + all.keySet());
            }
            variants.put(name.trim(), load);
        }
        return variants;
    }

    /** Runs the rounds, printing each load's figures; returns the counted rounds' figures per variant. */
    private static Map<String, List<double[]>> runRounds(LoadBenchmark bench, Map<String, Load> variants, int rounds,
                                                         int warmUp) throws Exception {
        Map<String, List<double[]>> figures = new LinkedHashMap<>();
        variants.keySet().forEach(name -> figures.put(name, new ArrayList<>()));
        ThreadGroupCpu cpu = new ThreadGroupCpu(Thread.currentThread());
        List<Map.Entry<String, Load>> order = new ArrayList<>(variants.entrySet());
        for (int round = 1; round <= rounds; round++) {
            // a load's place in the round moved the engine's CPU per item as much as the difference measured
            List<Map.Entry<String, Load>> rotated = new ArrayList<>(order);
            java.util.Collections.rotate(rotated, -((round - 1) % order.size()));
            for (Map.Entry<String, Load> variant : rotated) {
                double[] f = measure(bench, cpu, variant.getValue());
                System.out.printf(Locale.ROOT, "round %d%s %-24s wall %6.3f s  CPU/item client %6.1f us  engine %6.1f us  JVM %6.1f us  (load average %s)%n",
                        round, round <= warmUp ? " (warm-up)" : "", variant.getKey(), f[0], f[1], f[2], f[3], loadAverage());
                if (round > warmUp) {
                    figures.get(variant.getKey()).add(f);
                }
            }
        }
        return figures;
    }

    /** One load into a fresh table, checked afterwards: its figures in the order of {@link #WHAT}. */
    private static double[] measure(LoadBenchmark bench, ThreadGroupCpu cpu, Load load) throws Exception {
        bench.freshTable();
        cpu.start();
        long started = System.nanoTime();
        load.run();
        double wall = (System.nanoTime() - started) / 1e9;
        ThreadGroupCpu.Split split = cpu.stop();
        bench.checkEveryItemWritten();
        return new double[] {wall, perItem(split.client()), perItem(split.engine()), perItem(split.process())};
    }

    private static void printRatios(Map<String, List<double[]>> figures) {
        // like for like first: with capacity against the loop asking for it, --no-capacity against the plain loop
        for (List<String> pair : List.of(List.of("singletable", "handWrittenWithCapacity"), List.of("singletableNoCapacity", "handWritten"),
                List.of("singletable", "handWritten"))) {
            String ours = pair.get(0);
            String base = pair.get(1);
            if (!figures.containsKey(ours) || !figures.containsKey(base)) {
                continue;
            }
            StringBuilder line = new StringBuilder(ours + " / " + base + ", median of per-round ratios:");
            for (int k = 0; k < WHAT.length; k++) {
                double[] ratios = new double[figures.get(base).size()];
                for (int r = 0; r < ratios.length; r++) {
                    ratios[r] = figures.get(ours).get(r)[k] / figures.get(base).get(r)[k];
                }
                line.append(String.format(Locale.ROOT, " %s %.2fx %s;", WHAT[k], median(ratios), Arrays.toString(round2(ratios))));
            }
            System.out.println(line);
        }
    }

    private static void printMedians(Map<String, List<double[]>> figures) {
        for (Map.Entry<String, List<double[]>> variant : figures.entrySet()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-24s median:", variant.getKey()));
            for (int k = 0; k < WHAT.length; k++) {
                int index = k;
                double m = median(variant.getValue().stream().mapToDouble(f -> f[index]).toArray());
                line.append(String.format(Locale.ROOT, " %s %.3f%s;", WHAT[k], m, k == 0 ? " s" : " us/item"));
            }
            System.out.println(line);
        }
    }

    private static double perItem(long nanos) {
        return nanos / 1000.0 / LoadBenchmark.ITEMS;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String[] round2(double[] values) {
        return Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, "%.2f", v)).toArray(String[]::new);
    }

    private static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "?";
        }
    }
}
