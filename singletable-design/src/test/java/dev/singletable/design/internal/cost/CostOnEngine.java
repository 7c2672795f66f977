package dev.singletable.design.internal.cost;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.extension.RequestEvent;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The cost model's figures beside the engine's: a design's table on the embedded engine holding the design's examples, one
 * call of an access pattern run on it through the library, and the requests sent and read units the engine reported
 * ({@code ConsumedCapacity}, as every request a listener hears asks for it).
 *
 * <pre>{@code
 * @RegisterExtension
 * static final LocalDynamoDbExtension ENGINE = LocalDynamoDbExtension.engineOnly();
 *
 * CostOnEngine design = CostOnEngine.of(ENGINE, Path.of("src/test/resources/cost/scan-limit.singletable.yaml"));
 * assertThat(design.cost("first-five")).isEqualTo(design.engine("first-five").readUnits());
 * }</pre>
 */
final class CostOnEngine {
    /** One call's figures: how many requests, and how many read units in all. */
    record Call(int requests, double readUnits) {
    }

    private static final AtomicInteger TABLES = new AtomicInteger();

    private final SchemaFile design;
    private final Table table;
    private final List<RequestEvent> heard;
    private final CostReport report;

    private CostOnEngine(SchemaFile design, Table table, List<RequestEvent> heard) {
        this.design = design;
        this.table = table;
        this.heard = heard;
        this.report = CostModel.of(design, PriceTable.builtIn(), "us-east-1", Scaling.none());
    }

    /** The design of {@code file} on {@code engine}, in a table of its own holding every entity's examples. */
    static CostOnEngine of(LocalDynamoDbExtension engine, Path file) {
        SchemaFile design = SchemaFile.load(file);
        TableSchema schema = design.tableSchema().toBuilder().name("CostOnEngine" + TABLES.incrementAndGet() + "-" + System.nanoTime()).build();
        List<RequestEvent> heard = new CopyOnWriteArrayList<>();
        Table table = Table.builder(schema, engine.client()).listener(heard::add).build();
        table.createTable();
        design.document().entities().keySet().forEach(entity -> design.examples(entity).forEach(table::put));
        return new CostOnEngine(design, table, heard);
    }

    /** The read units the cost report prices one call of {@code pattern} at, table fetches included. */
    double cost(String pattern) {
        return report.patterns().stream().filter(p -> p.name().equals(pattern)).findFirst().orElseThrow().readUnitsPerCall();
    }

    /** The read units the engine reported for one call of {@code pattern}, and the requests the library sent. */
    Call engine(String pattern) {
        heard.clear();
        design.run(table, pattern, Map.of());
        return new Call(heard.size(), heard.stream().mapToDouble(RequestEvent::consumedCapacity).sum());
    }

    /** How many items one call of {@code pattern} returns on the engine. */
    int itemsReturned(String pattern) {
        return design.run(table, pattern, Map.of()).size();
    }

    /** The whole cost report of the design. */
    CostReport report() {
        return report;
    }
}
