package dev.singletable.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@link LoadBenchmark}'s loads send, byte for byte: runs the chosen variants once each, in turn, through a
 * {@link RecordingProxy} between the clients and the embedded engine (the command's own client and the loop's alike), and
 * writes every exchange (phase, connection, request headers and body, response status, headers and body) as a JSON line.
 * Each variant runs in three phases: {@code VARIANT:setup} (the fresh table), {@code VARIANT:load} (the load itself) and
 * {@code VARIANT:check} (DescribeTable, the count and the table's deletion). {@code load-wire.py} diffs the streams.
 *
 * <pre>{@code
 * java -cp "target/classes:$(cat target/classpath.txt)" -Dbench.design=../designs/blog.singletable.yaml \
 *      dev.singletable.bench.load.LoadWire target/load-wire.jsonl singletable handWrittenWithCapacity
 * ./load-wire.py target/load-wire.jsonl singletable handWrittenWithCapacity
 * }</pre>
 */
public final class LoadWire {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LoadWire() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/load-wire.jsonl");
        List<String> chosen = args.length > 1 ? List.of(args).subList(1, args.length)
                : List.of("singletable", "handWrittenWithCapacity", "singletableNoCapacity", "handWritten");
        LoadBenchmark bench = new LoadBenchmark();
        bench.parallelism = Integer.getInteger("bench.parallelism", 4);
        RecordingProxy proxy = startBehindProxy(bench);
        try {
            for (String name : chosen) {
                run(bench, proxy, name);
            }
        } finally {
            bench.stopEngine();
            proxy.close();
        }
        List<RecordingProxy.Exchange> exchanges = proxy.exchanges();
        write(exchanges, out);
        System.out.println(exchanges.size() + " exchanges written to " + out);
    }

    /** Starts the bench's engine with a proxy in front of it that every client talks to. */
    private static RecordingProxy startBehindProxy(LoadBenchmark bench) throws IOException {
        RecordingProxy[] proxy = new RecordingProxy[1];
        bench.startEngine(engine -> {
            try {
                proxy[0] = new RecordingProxy(engine);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return proxy[0].endpoint();
        });
        return proxy[0];
    }

    /** One variant in its three phases: the fresh table, the load, the check. */
    private static void run(LoadBenchmark bench, RecordingProxy proxy, String name) throws Exception {
        Map<String, LoadBenchmark.Load> loads = bench.loads();
        LoadBenchmark.Load load = loads.get(name);
        if (load == null) {
            throw new IllegalArgumentException(name + ": give some of " + loads.keySet());
        }
        proxy.phase(name + ":setup");
        bench.freshTable();
        proxy.phase(name + ":load");
        long started = System.nanoTime();
        load.run();
        System.out.printf("%s: %.3f s through the proxy%n", name, (System.nanoTime() - started) / 1e9);
        proxy.phase(name + ":check");
        bench.client().describeTable(r -> r.tableName(bench.tableName()));
        bench.checkEveryItemWritten();
    }

    /** Every exchange as a JSON line. */
    private static void write(List<RecordingProxy.Exchange> exchanges, Path out) throws IOException {
        try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (RecordingProxy.Exchange e : exchanges) {
                ObjectNode line = JSON.createObjectNode();
                line.put("phase", e.phase());
                line.put("connection", e.connection());
                line.put("sequence", e.sequence());
                line.put("sentNanos", e.sentNanos());
                line.put("answeredNanos", e.answeredNanos());
                line.put("requestLine", e.requestLine());
                line.set("requestHeaders", JSON.valueToTree(e.requestHeaders()));
                line.put("requestBody", new String(e.requestBody(), StandardCharsets.UTF_8));
                line.put("statusLine", e.statusLine());
                line.set("responseHeaders", JSON.valueToTree(e.responseHeaders()));
                line.put("responseBody", new String(e.responseBody(), StandardCharsets.UTF_8));
                writer.write(JSON.writeValueAsString(line));
                writer.write('\n');
            }
        }
    }
}
