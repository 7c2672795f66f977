package dev.singletable.bench;

import dev.singletable.Table;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import software.amazon.awssdk.enhanced.dynamodb.mapper.BeanTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Encode (entity to item) and decode (item to entity) of the 10-attribute {@link Item}: generated
 * schema, hand-written SDK code, and the Enhanced Client's bean and static schemas.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MappingBenchmark extends TimedRun {
    private Table generated;
    private BeanTableSchema<ItemBean> bean;
    private StaticTableSchema<ItemBean> staticSchema;
    private Item item;
    private ItemBean itemBean;
    private Map<String, AttributeValue> stored;

    @Setup
    public void setUp() {
        generated = Schemas.generated();
        bean = Schemas.bean();
        staticSchema = Schemas.staticSchema();
        item = Item.sample();
        itemBean = ItemBean.sample();
        stored = HandWritten.encode(item);
        if (!generated.fromItem(ItemSchema.INSTANCE, stored).equals(item) || !HandWritten.decode(generated.toItem(item)).equals(item)) {
            throw new IllegalStateException("generated and hand-written items differ: " + generated.toItem(item) + " / " + stored);
        }
    }

    @Benchmark
    public Map<String, AttributeValue> encodeGenerated() {
        return generated.toItem(item);
    }

    @Benchmark
    public Map<String, AttributeValue> encodeHandWritten() {
        return HandWritten.encode(item);
    }

    @Benchmark
    public Map<String, AttributeValue> encodeBeanTableSchema() {
        return bean.itemToMap(itemBean, true);
    }

    @Benchmark
    public Map<String, AttributeValue> encodeStaticTableSchema() {
        return staticSchema.itemToMap(itemBean, true);
    }

    @Benchmark
    public Item decodeGenerated() {
        return generated.fromItem(ItemSchema.INSTANCE, stored);
    }

    @Benchmark
    public Item decodeHandWritten() {
        return HandWritten.decode(stored);
    }

    @Benchmark
    public ItemBean decodeBeanTableSchema() {
        return bean.mapToItem(stored);
    }

    @Benchmark
    public ItemBean decodeStaticTableSchema() {
        return staticSchema.mapToItem(stored);
    }
}
