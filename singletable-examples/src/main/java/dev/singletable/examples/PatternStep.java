package dev.singletable.examples;

import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Query;
import dev.singletable.QueryResult;
import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How an {@link AccessPattern} reads the table: one {@link Get} of an item by its primary key,
 * or one {@link Run} of a {@link Query}. Both are built but not sent, so a caller can show the
 * request first and then {@link #run()} it.
 */
public sealed interface PatternStep permits PatternStep.Get, PatternStep.Run {

    /** Sends the request(s) and returns the items, in the order DynamoDB returned them. */
    List<?> run();

    /** Reads one item by its primary key: a GetItem request. */
    static <T> Get<T> get(Table table, EntitySchema<T> entity, KeyValues key) {
        return new Get<>(table, entity, key);
    }

    /** Runs a query, following its pages: one Query request per page. */
    static <T> Run<T> run(Query<T> query) {
        return new Run<>(query);
    }

    /**
     * A GetItem of one entity by the values of its primary key's slots.
     *
     * @param table  the table to read
     * @param entity the entity type expected at that key
     * @param key    a value for every slot of the entity's primary key templates
     */
    record Get<T>(Table table, EntitySchema<T> entity, KeyValues key) implements PatternStep {
        public Get {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(key, "key");
        }

        /** The item, or nothing when no item has that key. */
        @Override
        public List<T> run() {
            return table.get(entity, key).stream().toList();
        }

        /**
         * The primary key the GetItem asks for, key attribute name to key text, such as
         * {@code {PK=CUSTOMER#C1, SK=PROFILE}}. Sends nothing.
         */
        public Map<String, String> primaryKey() {
            return table.keyOf(entity, key);
        }
    }

    /** A query of one entity type or of a collection of types. */
    record Run<T>(Query<T> query) implements PatternStep {
        public Run {
            Objects.requireNonNull(query, "query");
        }

        @Override
        public List<T> run() {
            return query.list();
        }

        /** Runs the query and returns its items with the requests and capacity they took. */
        public QueryResult<T> execute() {
            return query.execute();
        }

        /** The first Query request the query sends, without sending it. */
        public QueryRequest request() {
            return query.toRequest();
        }
    }
}
