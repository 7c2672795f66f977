package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Table;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One of the two ways a test runs an operation on its table: on the blocking {@link Table}, or on the
 * {@link AsyncTable} and awaited as the blocking call ({@link AsyncCalls#awaited}), so that one parameterized test
 * shows both give the same results and the same typed failures. A test class hands its two tables over in a
 * {@code @MethodSource}:
 * <pre>{@code
 * static Stream<Way> ways() {
 *     return Way.both(sync, async);
 * }
 *
 * @ParameterizedTest
 * @MethodSource("ways")
 * void create_whenKeyIsFree_storesIt(Way way) {
 *     Product created = way.run(t -> t.create(product), t -> t.create(product));
 * }
 * }</pre>
 */
record Way(String name, boolean awaited, Table sync, AsyncTable async) {
    /** SYNC then ASYNC, on these tables of one schema; a test's display names read {@code [1] SYNC}, {@code [2] ASYNC}. */
    static Stream<Way> both(Table sync, AsyncTable async) {
        return Stream.of(new Way("SYNC", false, sync, async), new Way("ASYNC", true, sync, async));
    }

    /** The operation's result this way: the sync call's, or the async call's once complete, its failure unwrapped. */
    <R> R run(Function<Table, R> onSync, Function<AsyncTable, CompletableFuture<R>> onAsync) {
        return awaited ? AsyncCalls.awaited(onAsync.apply(async)) : onSync.apply(sync);
    }

    /** A key value of this way's own ({@code SYNC-name}, {@code ASYNC-name}), so that the two never see each other's items. */
    String id(String name) {
        return this.name + "-" + name;
    }

    @Override
    public String toString() {
        return name;
    }
}
