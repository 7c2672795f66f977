package dev.singletable.cli.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Table;
import dev.singletable.TableNotFoundException;
import dev.singletable.TableSchema;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeCheckpoints;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeEvent;
import dev.singletable.changes.ChangeReader;
import dev.singletable.changes.ChangeStreamException;
import dev.singletable.changes.IgnoredChange;
import dev.singletable.changes.UndecodedChange;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.output.DemoFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code singletable watch DESIGN}: the table's stream, each change decoded into its entity. */
@Command(name = "watch", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class WatchCommand implements Callable<Integer> {
    @Mixin
    private DesignOnEngine design;

    @Option(names = "--entity", paramLabel = "ENTITY")
    private String entityName;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text")
    private WatchFormat format;

    @Option(names = "--from", paramLabel = "POSITION", defaultValue = "trim-horizon")
    private String from;

    @Option(names = "--checkpoints", paramLabel = "FILE")
    private Path checkpoints;

    @Option(names = "--once")
    private boolean once;

    /** How {@code watch} prints changes. */
    enum WatchFormat { text, jsonl }

    @Override
    public Integer call() {
        DataDesign loaded = design.load();
        Optional<EntitySchema<DynamicItem>> entity = Optional.ofNullable(entityName).map(name -> loaded.entity(design.spec(), name));
        ShardIteratorType start = startPosition();
        boolean declared = loaded.schema().streamViewType().isPresent();
        DataDesign watched = declared || !design.engine().inProcess() ? loaded
                : new DataDesign(loaded.name(), loaded.file(), loaded.schema().toBuilder().stream(StreamViewType.NEW_AND_OLD_IMAGES).build());
        PrintWriter out = design.spec().commandLine().getOut();
        PrintWriter info = format == WatchFormat.text ? out : design.spec().commandLine().getErr();
        try (DataTable data = DataTable.open(watched, design.engine(), info)) {
            Table table = data.table();
            info.println(DataTable.label(design.engine().style(), "Stream")
                    + table.schema().streamViewType().map(StreamViewType::name)
                    .map(view -> view + (declared ? "" : " (the design declares no stream: the embedded table gets this one)"))
                    .orElse("as the table has it"));
            ChangeReader<?> reader = reader(data, entity, start);
            ShownChanges shown = new ShownChanges(table.schema(), out);
            read(data, reader, shown, info);
            info.println(shown.summary());
            return 0;
        }
    }

    private ChangeReader<?> reader(DataTable data, Optional<EntitySchema<DynamicItem>> entity, ShardIteratorType start) {
        Table table = data.table();
        ChangeDecoder<?> decoder = entity.isPresent() ? ChangeDecoder.of(table, entity.get()) : ChangeDecoder.of(table);
        ChangeReader.Builder<?> builder = ChangeReader.builder(decoder, data.engine().engine().streamsClient()).startingAt(start);
        if (checkpoints != null) {
            builder.checkpoints(ChangeCheckpoints.file(checkpoints));
        }
        return builder.build();
    }

    /** Reads what the stream has now with --once, else tails it until stopped. */
    private void read(DataTable data, ChangeReader<?> reader, ShownChanges shown, PrintWriter info) {
        String tableName = data.table().schema().name();
        try {
            if (once) {
                reader.readAvailable(shown::accept);
            } else {
                info.println(watching(design.engine().style(), tableName));
                info.flush();
                reader.tail(shown::accept);
            }
        } catch (ChangeStreamException e) {
            throw new DemoFailure(e.getMessage(), e);
        } catch (TableNotFoundException e) {
            throw new DemoFailure("There is no table " + tableName + " at " + data.engine().description()
                    + "; check the table's name (--table), --endpoint and --region", e);
        }
    }

    /** Prints each change in the chosen format as it comes, and counts what it showed and skipped for the closing line. */
    private final class ShownChanges implements java.util.function.Consumer<Change<?>> {
        private final TableSchema schema;
        private final PrintWriter out;
        private final AtomicInteger shown = new AtomicInteger();
        private final AtomicInteger skipped = new AtomicInteger();
        private final AtomicInteger undecoded = new AtomicInteger();
        private final AtomicInteger own = new AtomicInteger();

        ShownChanges(TableSchema schema, PrintWriter out) {
            this.schema = schema;
            this.out = out;
        }

        @Override
        public void accept(Change<?> change) {
            if (change instanceof IgnoredChange<?> ignored) {
                (ignored.bookkeeping() ? own : skipped).incrementAndGet();
                return;
            }
            if (change instanceof UndecodedChange<?>) {
                undecoded.incrementAndGet();
            }
            shown.incrementAndGet();
            if (format == WatchFormat.text) {
                text(schema, change).forEach(out::println);
            } else {
                out.println(json(schema, change).toString());
            }
            out.flush();
        }

        String summary() {
            return Counted.of(shown.get(), "change", "changes") + " shown"
                    + (undecoded.get() == 0 ? "" : " (" + undecoded.get() + " not decoded)")
                    + (skipped.get() == 0 ? "" : ", " + skipped.get() + " of other entities skipped")
                    + (own.get() == 0 ? "" : ", " + own.get() + " of singletable's own items (migration state and lock) skipped")
                    + "; caught up";
        }
    }

    /** The line that says the command goes on tailing; the label is as wide as its text, so a space follows it. */
    static String watching(dev.singletable.cli.output.Style style, String table) {
        return DataTable.label(style, "Watching") + " the stream of " + table + " (Ctrl-C to stop)";
    }

    /** Where --from starts reading the stream. */
    private ShardIteratorType startPosition() {
        return switch (from) {
            case "trim-horizon" -> ShardIteratorType.TRIM_HORIZON;
            case "latest" -> ShardIteratorType.LATEST;
            default -> throw design.usage("--from " + from
                    + " is not a position; give trim-horizon or latest");
        };
    }

    /** A change in text: its header line, then one line an attribute it changed. */
    static List<String> text(TableSchema schema, Change<?> change) {
        List<String> lines = new ArrayList<>();
        String head = "#" + change.sequenceNumber() + " " + change.kind() + " ";
        if (change instanceof ChangeEvent<?> event) {
            lines.add(head + event.entity().type() + (event.oldEntity() == event.entity() ? "" : " (was " + event.oldEntity().type() + ")")
                    + " " + change.keyText());
            Optional<ObjectNode> before = event.oldImage().map(item -> ItemJson.of(schema, (DynamicItem) item));
            Optional<ObjectNode> after = event.newImage().map(item -> ItemJson.of(schema, (DynamicItem) item));
            for (String name : attributes(event)) {
                JsonNode old = before.map(node -> node.get(name)).orElse(null);
                JsonNode now = after.map(node -> node.get(name)).orElse(null);
                if (before.isPresent() && after.isPresent()) {
                    lines.add("  " + name + ": " + shown(old) + " -> " + shown(now));
                } else if (after.isPresent() && now != null) {
                    lines.add("  " + name + " = " + now);
                } else if (before.isPresent() && old != null && !change.kind().isRemoval()) {
                    lines.add("  " + name + " was " + old);
                }
            }
        } else if (change instanceof UndecodedChange<?> undecoded) {
            lines.add(head + "(not decoded: " + undecoded.reason() + ") " + change.keyText());
            lines.add("  " + undecoded.message());
        } else {
            lines.add(head + "(keys only) " + change.keyText());
        }
        return lines;
    }

    private static String shown(JsonNode value) {
        return value == null ? "(none)" : value.toString();
    }

    /** The entity's own attributes the change touched, in the design's order (keys and the entity type left out). */
    private static List<String> attributes(ChangeEvent<?> event) {
        return event.entity().attributes().stream().map(a -> a.name()).filter(event.changedAttributes()::contains).toList();
    }

    /** A change as one JSON object: sequence, kind, entity, key, changed attributes, old and new images. */
    static ObjectNode json(TableSchema schema, Change<?> change) {
        ObjectNode node = ItemJson.JSON.createObjectNode();
        node.put("sequence", change.sequenceNumber());
        node.put("kind", change.kind().name());
        ObjectNode key = ItemJson.JSON.createObjectNode();
        for (Map.Entry<String, AttributeValue> part : change.key().entrySet()) {
            AttributeValue value = part.getValue();
            key.put(part.getKey(), value.s() != null ? value.s() : value.n() != null ? value.n() : String.valueOf(value.b()));
        }
        if (change instanceof ChangeEvent<?> event) {
            node.put("entity", event.entity().type());
            if (event.oldEntity() != event.entity()) {
                node.put("oldEntity", event.oldEntity().type());
            }
            node.set("key", key);
            attributes(event).forEach(node.putArray("changed")::add);
            event.oldImage().ifPresent(item -> node.set("old", ItemJson.of(schema, (DynamicItem) item)));
            event.newImage().ifPresent(item -> node.set("new", ItemJson.of(schema, (DynamicItem) item)));
        } else if (change instanceof UndecodedChange<?> undecoded) {
            node.set("key", key);
            node.put("undecoded", undecoded.reason().name());
            node.put("message", undecoded.message());
        } else {
            node.set("key", key);
            node.put("keysOnly", true);
        }
        return node;
    }
}
