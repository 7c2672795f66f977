package dev.singletable.cli.engine;

import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;
import dev.singletable.cli.output.DemoFailure;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The names the embedded engine (Dynoxide) cannot hold apart: DynamoDB's index names are case-sensitive, so a design may
 * have {@code gsi1} and {@code GSI1}, but Dynoxide keeps each index in a store of its own whose name does not tell them
 * apart, and the second index then breaks the first (writes fail with "no such table", a query of one index returns
 * nothing, an in-memory table reads as "kept from an earlier run"). A command that would
 * put such a design on it refuses up front, naming both indexes, instead of showing wrong items or an engine error.
 */
public final class EmbeddedEngineNames {
    private EmbeddedEngineNames() {
    }

    /**
     * @param what what cannot be done, such as {@code run the access patterns of BlogTable}
     * @throws DemoFailure naming the two indexes and the fix, when two index names of the table differ only in case
     */
    public static void check(TableSchema table, String what) {
        Map<String, String> byFolded = new HashMap<>();
        for (IndexSchema index : table.indexes()) {
            String first = byFolded.putIfAbsent(index.name().toLowerCase(Locale.ROOT), index.name());
            if (first != null) {
                throw new DemoFailure("Cannot " + what + " on the embedded engine: indexes " + first + " and " + index.name()
                        + " of table " + table.name() + " differ only in case. DynamoDB keeps them apart, but the embedded engine "
                        + "(Dynoxide) cannot hold both; rename one of them, or give --endpoint of another engine where the "
                        + "command takes one.", null);
            }
        }
    }
}
