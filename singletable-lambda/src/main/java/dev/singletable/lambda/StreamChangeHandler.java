package dev.singletable.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.amazonaws.services.lambda.runtime.LambdaRuntime;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeEvent;
import dev.singletable.changes.IgnoredChange;
import dev.singletable.changes.KeysOnlyChange;
import dev.singletable.changes.UndecodedChange;

import java.util.ArrayList;
import java.util.List;

/**
 * A Lambda function on a table's DynamoDB stream that gets typed changes: each record of the event is converted
 * ({@link LambdaStreamRecords}), decoded by the decoder the subclass gives (checked against its table by the event
 * source ARN) and handed, in order, to {@link #handle(ChangeEvent, Context)}. Configure the event source mapping with
 * {@code FunctionResponseTypes: [ReportBatchItemFailures]}:
 *
 * <pre>{@code
 * public final class RenameHandler extends StreamChangeHandler<UserItems> {
 *     public RenameHandler() {
 *         super(ChangeDecoder.of(Table.offline(SCHEMA), USER_ITEMS));
 *     }
 *
 *     protected void handle(ChangeEvent<UserItems> event, Context context) {
 *         if (event.newImage().orElse(null) instanceof User user && event.changedAttributes().contains("name")) {
 *             renameCopies(user);                                   // throws: this record and the rest are retried
 *         }
 *     }
 * }
 * }</pre>
 *
 * <p><b>Partial-batch failures.</b> When handling a change throws, that change and every later record of the batch are
 * not handled and are reported by sequence number in {@link StreamsEventResponse#getBatchItemFailures()}; Lambda retries
 * from the first of them, so the records before it are not handled again and none is skipped. Records that do not
 * decode ({@link UndecodedChange}: another table, no or unknown entity type, an image that does not decode) go to
 * {@link #undecoded} and are not failures: retrying would not make them decode. The table's other entity types and the
 * items singletable keeps for itself (the migration runner's state and lock, {@link IgnoredChange#bookkeeping()}) go to
 * {@link #ignored}, records without images to {@link #keysOnly}.
 *
 * @param <T> the decoded type: an entity's class or a collection's common type
 */
@Experimental
public abstract class StreamChangeHandler<T> implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final ChangeDecoder<T> decoder;

    /** A handler of the changes this decoder gives; an {@linkplain dev.singletable.Table#offline offline} table's decoder needs no client. */
    protected StreamChangeHandler(ChangeDecoder<T> decoder) {
        NullArgumentException.check("StreamChangeHandler", "decoder", decoder);
        this.decoder = decoder;
    }

    /** The decoder of this handler's records. */
    protected final ChangeDecoder<T> decoder() {
        return decoder;
    }

    /**
     * Handles one change to an entity of the decoder's selection. Throwing fails this record and every later one of the
     * batch (reported as batch item failures, retried by Lambda); make the handling idempotent, as records can come again.
     */
    protected abstract void handle(ChangeEvent<T> event, Context context) throws Exception;

    /**
     * A record without images (a {@code KEYS_ONLY} stream, a removal on a {@code NEW_IMAGE} one); by default written to
     * the function's log. Throwing fails it as {@link #handle} does.
     */
    protected void keysOnly(KeysOnlyChange<T> change, Context context) throws Exception {
        logger(context).log("singletable: " + change + " carries no image; override keysOnly to handle it");
    }

    /**
     * A change to one of the table's entity types outside the decoder's selection, or to one of singletable's own items
     * ({@link IgnoredChange#bookkeeping()}); by default nothing is done.
     */
    protected void ignored(IgnoredChange<T> change, Context context) {
    }

    /**
     * A record that does not decode, reported here and not as a failure; by default its message (table, record, key,
     * reason and fix) is written to the function's log. What this throws is not caught.
     */
    protected void undecoded(UndecodedChange<T> change, Context context) {
        logger(context).log("singletable: " + change.message());
    }

    /**
     * Handles the event's records in order and returns the batch item failures: none when every change was handled,
     * otherwise the sequence numbers of the first change whose handling threw and of every record after it (a record
     * without a sequence number is reported with an empty one, which Lambda takes as a failure of the whole batch).
     */
    @Override
    public final StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        NullArgumentException.check("StreamChangeHandler.handleRequest", "event", event);
        List<LambdaStreamRecord> records = LambdaStreamRecords.of(event);
        List<StreamsEventResponse.BatchItemFailure> failures = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            Change<T> change = records.get(i).decode(decoder);
            try {
                dispatch(change, context);
            } catch (Exception e) {
                logger(context).log("singletable: handling " + change + " failed (" + e + "); it and the " + (records.size() - i - 1)
                        + " record(s) after it are reported as batch item failures, for Lambda to retry");
                for (LambdaStreamRecord failed : records.subList(i, records.size())) {
                    failures.add(new StreamsEventResponse.BatchItemFailure(failed.sequenceNumber().orElse("")));
                }
                break;
            }
        }
        return new StreamsEventResponse(failures);
    }

    private void dispatch(Change<T> change, Context context) throws Exception {
        if (change instanceof ChangeEvent<T> event) {
            handle(event, context);
        } else if (change instanceof KeysOnlyChange<T> keys) {
            keysOnly(keys, context);
        } else if (change instanceof IgnoredChange<T> ignoredChange) {
            ignored(ignoredChange, context);
        } else if (change instanceof UndecodedChange<T> undecodedChange) {
            undecoded(undecodedChange, context);
        }
    }

    private static LambdaLogger logger(Context context) {
        return context == null || context.getLogger() == null ? LambdaRuntime.getLogger() : context.getLogger();
    }
}
