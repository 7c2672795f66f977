package dev.singletable.examples;

import dev.singletable.Adjacency;
import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.KeyValues;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.Query;
import dev.singletable.QueryResult;
import dev.singletable.Relation;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How an {@link AccessPattern} uses the table: one {@link Call} of a method generated from an {@code @AccessPatterns}
 * interface (such as {@code ShopPatterns.of(table).customer("C1")}: a GetItem or a Query), one {@link Run} of a
 * {@link Query}, one {@link Change} of an item (an UpdateItem), a relation's
 * {@link Relate} (a TransactWriteItems) or {@link Related} read (a Query, and a BatchGetItem for the entities), or PartiQL
 * {@link Statements} written in one ExecuteTransaction, or a {@link Move} of an item to another state's key. Each is built
 * but not sent, so a caller can show the request first and then {@link #run()} it.
 */
public sealed interface PatternStep permits PatternStep.Call, PatternStep.Run, PatternStep.Change, PatternStep.Relate,
        PatternStep.Related, PatternStep.Statements, PatternStep.Move {

    /** Sends the request(s) and returns the items, in the order DynamoDB returned them. */
    List<?> run();

    /**
     * Calls a method of the implementation the processor generated for an {@code @AccessPatterns} interface.
     *
     * @param implementation the generated factory, such as {@code ShopPatterns::of}
     * @param call           the pattern, such as {@code shop -> shop.customer("C1")}: it returns an {@code Optional} or a
     *                       {@code List}
     */
    static <S> Call<S> call(Table table, Function<Table, S> implementation, Function<S, ?> call) {
        return new Call<>(table, implementation, call);
    }

    /**
     * Changes one item by its primary key: an UpdateItem request.
     *
     * @param changed the attributes the update writes into, such as {@code List.of(LANGUAGES, LINKS)}: shown with the item after it
     */
    static <T> Change<T> change(Table table, EntitySchema<T> entity, KeyValues key, List<Attribute<T, ?>> changed,
                                UnaryOperator<Update<T>> changes) {
        return new Change<>(table, entity, key, changed, changes);
    }

    /** Relates two entities by a declared relation: one TransactWriteItems writing both adjacency items. */
    static <A, B> Relate<A, B> relate(Table table, A first, B second, Relation<A, B> relation) {
        return new Relate<>(table, first, second, relation);
    }

    /**
     * Reads an entity's side of a relation: its adjacency items (one Query), or with {@code entities} the far-side
     * entities they name (the Query, then BatchGetItem).
     */
    static <A, B> Related<A, B> related(Table table, A entity, Relation<A, B> relation, boolean entities) {
        return new Related<>(table, entity, relation, entities);
    }

    /** PartiQL writes, all or none: one ExecuteTransaction request. */
    static Statements statements(Table table, List<PartiqlWrite> statements) {
        return new Statements(table, statements);
    }

    /**
     * Changes an entity's state and so its key: a GetItem at {@code from}, {@code table.update(current, changes)} (one
     * TransactWriteItems: a version-checked Delete at the old key, a Put at the new key requiring it free), and a GetItem at
     * {@code to}.
     */
    static <T> Move<T> move(Table table, EntitySchema<T> from, EntitySchema<T> to, KeyValues key, UnaryOperator<Update<T>> changes) {
        return new Move<>(table, from, to, key, changes);
    }

    /** Runs a query, following its pages: one Query request per page. */
    static <T> Run<T> run(Query<T> query) {
        return new Run<>(query);
    }

    /**
     * A call of a generated access-pattern method: the GetItem, Query or BatchGetItem the processor wrote for the
     * interface's declaration.
     *
     * @param table          the table to read
     * @param implementation the generated factory, such as {@code ShopPatterns::of}
     * @param call           the pattern, such as {@code shop -> shop.customer("C1")}
     */
    record Call<S>(Table table, Function<Table, S> implementation, Function<S, ?> call) implements PatternStep {
        public Call {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(implementation, "implementation");
            Objects.requireNonNull(call, "call");
        }

        /** The items the method returns: an {@code Optional}'s item, or the list's. */
        @Override
        public List<?> run() {
            return items(call.apply(implementation.apply(table)));
        }

        private static List<?> items(Object result) {
            if (result instanceof Optional<?> optional) {
                return optional.stream().toList();
            }
            if (result instanceof List<?> list) {
                return list;
            }
            throw new IllegalStateException("An access pattern of the catalogue returns an Optional or a List, not " + result);
        }

        /**
         * The first request the method sends, as the generated code builds it, without sending it: the method runs once
         * on a client that keeps its request and answers as an empty table would.
         */
        public DynamoDbRequest request() {
            return DryRun.firstRequest(table, dry -> call.apply(implementation.apply(dry)));
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

    /**
     * An UpdateItem of one entity by the values of its primary key's slots.
     *
     * @param table   the table to write
     * @param entity  the entity type at that key
     * @param key     a value for every slot of the entity's primary key templates
     * @param changed the attributes the update writes into (whole or by a path into them), so that a caller can show
     *                what the change did
     * @param changes the update, such as {@code u -> u.set(SETTINGS_THEME, "dark")}
     */
    record Change<T>(Table table, EntitySchema<T> entity, KeyValues key, List<Attribute<T, ?>> changed, UnaryOperator<Update<T>> changes)
            implements PatternStep {
        public Change {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(key, "key");
            changed = List.copyOf(changed);
            Objects.requireNonNull(changes, "changes");
        }

        /** The item after the change. */
        @Override
        public List<T> run() {
            return List.of(table.update(entity, key, changes));
        }

        /** The UpdateItem request the change sends, without sending it. */
        public UpdateItemRequest request() {
            return (UpdateItemRequest) table.explainUpdate(entity, key, changes).request();
        }
    }

    /**
     * {@code table.relate(first, second, relation)}: both adjacency items and an existence check of each end, in one
     * TransactWriteItems. Its items are the two adjacency items as written.
     */
    record Relate<A, B>(Table table, A first, B second, Relation<A, B> relation) implements PatternStep {
        public Relate {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(second, "second");
            Objects.requireNonNull(relation, "relation");
        }

        @Override
        public List<DynamicItem> run() {
            table.relate(first, second, relation);
            return written();
        }

        /** The two adjacency items the transaction puts: both ends' keys and the copied attributes. Sends nothing. */
        public List<DynamicItem> written() {
            Map<String, Object> values = new LinkedHashMap<>();
            for (Attribute<DynamicItem, ?> attribute : relation.firstSideItems().attributes()) {
                Optional<Object> value = relation.first().attribute(attribute.name()).<Object>map(a -> a.valueOf(first))
                        .or(() -> relation.second().attribute(attribute.name()).map(a -> a.valueOf(second)));
                value.ifPresent(v -> values.put(attribute.name(), v));
            }
            return List.of(DynamicItem.builder(relation.firstSideItems().type()).setAll(values).build(),
                    DynamicItem.builder(relation.secondSideItems().type()).setAll(values).build());
        }

        /** The keys the transaction puts and checks, key attribute name to text, puts first. Sends nothing. */
        public List<Map<String, String>> keys() {
            return List.of(table.keyOf(written().get(0)), table.keyOf(written().get(1)), table.keyOf(first), table.keyOf(second));
        }
    }

    /** {@code table.related(entity, relation)}, or {@code relatedEntities} when {@code entities}. */
    record Related<A, B>(Table table, A entity, Relation<A, B> relation, boolean entities) implements PatternStep {
        public Related {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(relation, "relation");
        }

        /** The adjacency items (as stored, of the relation's item type), or the far-side entities. */
        @Override
        public List<?> run() {
            return entities ? table.relatedEntities(entity, relation)
                    : table.related(entity, relation).stream().map(Adjacency::item).toList();
        }

        /** The Query {@code related} sends, as the library builds it, without sending it. */
        public QueryRequest request() {
            return (QueryRequest) DryRun.firstRequest(table, dry -> dry.related(entity, relation));
        }
    }

    /**
     * PartiQL writes built from the schema, sent in one ExecuteTransaction.
     *
     * @param table      the table to write
     * @param statements the statements, such as {@code table.partiqlInsert(tag)}
     */
    record Statements(Table table, List<PartiqlWrite> statements) implements PatternStep {
        public Statements {
            Objects.requireNonNull(table, "table");
            statements = List.copyOf(statements);
        }

        /**
         * Nothing: the statements return no items. When an earlier run against the same table inserted the
         * items already (the demo pointed at a kept table), the transaction is canceled for them alone, and the
         * other statements are sent again without them, so that the step can run any number of times.
         */
        @Override
        public List<Object> run() {
            try {
                table.executeTransaction(statements);
            } catch (TransactionCanceledException e) {
                if (e.failures().isEmpty() || !e.failures().stream().allMatch(f -> f.conditionFailure()
                        .filter(ItemAlreadyExistsException.class::isInstance).isPresent())) {
                    throw e;
                }
                List<PartiqlWrite> rest = statements.stream().filter(s -> !s.operation().equals("insert")).toList();
                if (!rest.isEmpty()) {
                    table.executeTransaction(rest);
                }
            }
            return List.of();
        }
    }

    /**
     * A move of one entity between two of its states ({@code EntityStates}): read at the old state's key, updated so that its
     * state attribute names the new state, which moves it in one TransactWriteItems, then read at the new state's key.
     *
     * @param table   the table to write
     * @param from    the state the entity is in, such as {@code CatalogProductSchema.ACTIVE_PRODUCT}
     * @param to      the state the changes put it in, such as {@code CatalogProductSchema.ARCHIVED_PRODUCT}
     * @param key     a value for every slot of both states' primary key templates
     * @param changes the update, such as {@code u -> u.set(ARCHIVED, true)}
     */
    record Move<T>(Table table, EntitySchema<T> from, EntitySchema<T> to, KeyValues key, UnaryOperator<Update<T>> changes)
            implements PatternStep {
        public Move {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(changes, "changes");
        }

        /** The item read at the new state's key after the move. */
        @Override
        public List<T> run() {
            T current = table.get(from, key).orElseThrow(() -> new java.util.NoSuchElementException("No " + from.type() + " at "
                    + table.keyOf(from, key) + " to move; load the sample data first"));
            table.update(current, changes);
            return table.get(to, key).stream().toList();
        }

        /** The old state's primary key, then the new one's, key attribute name to text. Sends nothing. */
        public List<Map<String, String>> keys() {
            return List.of(table.keyOf(from, key), table.keyOf(to, key));
        }
    }
}
