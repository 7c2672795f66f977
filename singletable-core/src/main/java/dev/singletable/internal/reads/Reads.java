package dev.singletable.internal.reads;

import dev.singletable.partiql.AsyncPartiqlStatement;
import dev.singletable.AsyncQuery;
import dev.singletable.AsyncScan;
import dev.singletable.EntityTypes;
import dev.singletable.partiql.PartiqlStatement;
import dev.singletable.Query;
import dev.singletable.Scan;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The entry point of the reads package for the table facades: the queries, scans and PartiQL
 * statements of one entity or collection, on either client. (Single items are read by
 * {@link ItemFetcher}.)
 *
 * @param <T> what each item decodes to
 */
public final class Reads<T> {
    private final ReadSubject<T> subject;

    private Reads(ReadSubject<T> subject) {
        this.subject = subject;
    }

    public static <T> Reads<T> of(BoundTable table, EntityTypes<T> entities) {
        return new Reads<>(ReadSubject.of(table, entities));
    }

    public Query<T> query(DynamoDbClient client) {
        return new DefaultQuery<>(client, ReadDefinition.of(ReadKind.QUERY, subject));
    }

    public Scan<T> scan(DynamoDbClient client) {
        return new DefaultScan<>(client, ReadDefinition.of(ReadKind.SCAN, subject));
    }

    public AsyncQuery<T> query(DynamoDbAsyncClient client) {
        return new DefaultAsyncQuery<>(client, ReadDefinition.of(ReadKind.QUERY, subject));
    }

    public AsyncScan<T> scan(DynamoDbAsyncClient client) {
        return new DefaultAsyncScan<>(client, ReadDefinition.of(ReadKind.SCAN, subject));
    }

    public PartiqlStatement<T> partiql(DynamoDbClient client, String statement) {
        return new DefaultPartiqlStatement<>(client, PartiqlRead.of(subject, statement));
    }

    public AsyncPartiqlStatement<T> partiql(DynamoDbAsyncClient client, String statement) {
        return new DefaultAsyncPartiqlStatement<>(client, PartiqlRead.of(subject, statement));
    }
}
