package dev.singletable.internal.writes;

import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import java.lang.reflect.Proxy;

import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;

import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;

import java.util.List;

import static dev.singletable.fixtures.ProductsAndOrders.CLOCK;
import static dev.singletable.fixtures.ProductsAndOrders.ORDER;
import static dev.singletable.fixtures.ProductsAndOrders.PRODUCT;

/** The table of the write tests' product and order ({@link dev.singletable.fixtures.ProductsAndOrders}), rendering only. */
final class WriteFixtures {
    private WriteFixtures() {
    }

    static final TableSchema SCHEMA = TableSchema.builder("WritesTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(PRODUCT, ORDER)
            .build();

    /** A table that renders requests; its client fails the test if anything is sent. */
    static Table renderingTable() {
        return Table.builder(SCHEMA, (DynamoDbClient) Proxy.newProxyInstance(WriteFixtures.class.getClassLoader(),
                new Class<?>[]{DynamoDbClient.class}, (proxy, method, args) -> {
                    throw new AssertionError("nothing should be sent, but " + method.getName() + " was called");
                })).clock(CLOCK).build();
    }

    /** The renderer of the table's writes. */
    static WritePlans plans() {
        return new WritePlans(new BoundTable(SCHEMA, List.of(), CLOCK, CursorCodec.withDefaultKey()));
    }
}
