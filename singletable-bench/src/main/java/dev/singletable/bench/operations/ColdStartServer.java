package dev.singletable.bench.operations;

import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDb;

import java.io.IOException;

/**
 * The engine of the first-put-and-get mains, in a process of its own: the embedded engine (Dynoxide) over loopback HTTP with the
 * {@code Bench} table. Prints the endpoint on its first line, then serves until its standard input closes.
 */
public final class ColdStartServer {
    private ColdStartServer() {
    }

    public static void main(String[] args) throws IOException {
        try (LocalDynamoDb db = LocalDynamoDb.embedded()) {
            Table.of(BenchTable.SCHEMA, db.client()).createTable();
            System.out.println(db.endpoint());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until the script closes our input
            }
        }
    }
}
