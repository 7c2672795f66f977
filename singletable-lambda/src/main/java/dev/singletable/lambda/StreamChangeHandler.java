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
 *     public RenameHandler() {      // the table as deployed: Users' design under the name TABLE_NAME gives (prod-Users...)
 *         super(ChangeDecoder.of(Table.offline(SCHEMA.toBuilder().name(System.getenv("TABLE_NAME")).build()), USER_ITEMS));
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
 * <p><b>The deployed table.</b> The decoder's table must bear the name of the table whose stream the function is
 * connected to: a table deployed per environment ({@code prod-Users}) or named by CloudFormation
 * ({@code Stack-UsersTable-1AB2}) is the design's schema renamed, {@code SCHEMA.toBuilder().name(deployedName).build()}.
 * A record of another table is a failure, not a change to pass over: that record and every later one of the batch are
 * reported as batch item failures and the log says which table the record is of and how to fix the decoder, so that
 * no event of a misconfigured function is acknowledged unhandled (Lambda retries them until the function is fixed, or
 * sends them to the event source mapping's on-failure destination).
 *
 * <p><b>Partial-batch failures.</b> When handling a change throws, that change and every later record of the batch are
 * not handled and are reported by sequence number in {@link StreamsEventResponse#getBatchItemFailures()}; Lambda retries
 * from the first of them, so the records before it are not handled again and none is skipped. Records of the table
 * that do not decode ({@link UndecodedChange}: no or unknown entity type, an unknown event name, an image that does not
 * decode) go to {@link #undecoded} and are not failures: retrying would not make them decode. The table's other entity
 * types and the items singletable keeps for itself (the migration runner's state and lock,
 * {@link IgnoredChange#bookkeeping()}) go to {@link #ignored}, records without images to {@link #keysOnly}.
 *
 * @param <T> the decoded type: an entity's class or a collection's common type
 */
@Experimental
public abstract class StreamChangeHandler<T> implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private final ChangeDecoder<T> decoder;

    /**
     * A handler of the changes this decoder gives; an {@linkplain dev.singletable.Table#offline offline} table's decoder
     * needs no client. The decoder's table is named as the table deployed (see "The deployed table" above).
     */
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
     * A record of the decoder's table that does not decode, reported here and not as a failure; by default its message
     * (table, record, key, reason and fix) is written to the function's log. What this throws is not caught. A record of
     * another table does not come here: it fails the batch (see "The deployed table" above).
     */
    protected void undecoded(UndecodedChange<T> change, Context context) {
        logger(context).log("singletable: " + change.message());
    }

    /**
     * Handles the event's records in order and returns the batch item failures: none when every change was handled,
     * otherwise the sequence numbers of the first change whose handling threw, or of the first record of another table
     * than the decoder's, and of every record after it (a record without a sequence number is reported with an empty
     * one, which Lambda takes as a failure of the whole batch).
     */
    @Override
    public final StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        NullArgumentException.check("StreamChangeHandler.handleRequest", "event", event);
        List<LambdaStreamRecord> records = LambdaStreamRecords.of(event);
        for (int i = 0; i < records.size(); i++) {
            Change<T> change = records.get(i).decode(decoder);
            if (change instanceof UndecodedChange<T> undecoded && undecoded.reason() == UndecodedChange.Reason.OTHER_TABLE) {
                return failed(records, i, undecoded.message() + "; or, if " + undecoded.table() + " is this design's table deployed under"
                        + " another name, give the handler the decoder of the table so named (TableSchema.toBuilder().name(\""
                        + undecoded.table() + "\"))", context);
            }
            try {
                dispatch(change, context);
            } catch (Exception e) {
                return failed(records, i, "handling " + change + " failed (" + e + ")", context);
            }
        }
        return new StreamsEventResponse(List.of());
    }

    /** The answer failing the record at {@code first} and every record after it, logged with why. */
    private static StreamsEventResponse failed(List<LambdaStreamRecord> records, int first, String why, Context context) {
        logger(context).log("singletable: " + why + "; it and the " + (records.size() - first - 1)
                + " record(s) after it are reported as batch item failures, for Lambda to retry");
        List<StreamsEventResponse.BatchItemFailure> failures = new ArrayList<>();
        for (LambdaStreamRecord failed : records.subList(first, records.size())) {
            failures.add(new StreamsEventResponse.BatchItemFailure(failed.sequenceNumber().orElse("")));
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

    /**
     * The context's logger; without one (a handler called outside Lambda, as in a test), the runtime's default logger,
     * one message a line: it prints each message as given, where Lambda's own logger makes each one a log event.
     */
    private static LambdaLogger logger(Context context) {
        if (context != null && context.getLogger() != null) {
            return context.getLogger();
        }
        LambdaLogger runtime = LambdaRuntime.getLogger();
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                runtime.log(message + System.lineSeparator());
            }

            @Override
            public void log(byte[] message) {
                runtime.log(message);
            }
        };
    }
}
