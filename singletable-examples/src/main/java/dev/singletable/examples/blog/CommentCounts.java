package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyValues;
import dev.singletable.Projection;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeEvent;
import dev.singletable.changes.ChangeStreamException;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.util.List;

/**
 * A post's comment count, kept from the table's stream: each created {@link Comment} adds one to the counter item in
 * the post's partition ({@code POST#{postId} / COUNT#COMMENTS}), each removed one (deleted or expired) takes one away.
 * The write of a comment stays one PutItem; the count follows shortly after, from the stream.
 *
 * <pre>{@code
 * CommentCounts counts = new CommentCounts(table);
 * reader.readAvailable(counts::accept);                 // or counts.acceptAll(decoder.decode(records)) in a Lambda function
 * long comments = counts.count("p1");
 * }</pre>
 *
 * <p><b>Idempotent under replay</b> by the last applied sequence number: the counter item keeps the sequence number
 * of the last record it counted, and each increment is conditional on the record's number being greater
 * ({@code attribute_not_exists(lastSequence) OR lastSequence < :seq}, in the same UpdateItem as the {@code ADD}), so
 * a record counted once is refused the second time and reported {@link Result#ALREADY_COUNTED}. Sequence numbers are
 * decimal strings that grow within a shard; they are stored left-padded with zeros to 40 digits so that DynamoDB's
 * string comparison is their numeric order. Chosen over a set of applied comment ids because the item stays small
 * (a set grows with every comment ever written, towards the 400 KB item limit) and because a set cannot tell a
 * replayed creation from a comment created again after its removal. It relies on a partition's records arriving in
 * order, which a stream reader (or Lambda's event source mapping) gives per shard: all of a post's comments are in
 * its partition, so in one shard's lineage.
 *
 * <p>Needs old images for removals: the table's stream is {@code NEW_AND_OLD_IMAGES} ({@link #schema(String)}).
 */
public final class CommentCounts {
    /** The counter item of one post. */
    public record PostCommentCount(String postId, long comments, String lastSequence) {
    }

    static final Attribute<PostCommentCount, String> POST_ID = Attribute.required("postId", AttributeTypes.STRING, PostCommentCount::postId);
    static final Attribute<PostCommentCount, Long> COMMENTS = Attribute.of("comments", AttributeTypes.LONG, PostCommentCount::comments);
    static final Attribute<PostCommentCount, String> LAST_SEQUENCE = Attribute.of("lastSequence", AttributeTypes.STRING,
            PostCommentCount::lastSequence);
    /** The counter entity: one item in each post's partition. */
    public static final EntitySchema<PostCommentCount> POST_COMMENT_COUNT = EntitySchema.builder(PostCommentCount.class)
            .attributes(POST_ID, COMMENTS, LAST_SEQUENCE)
            .primaryKey("POST#{postId}", "COUNT#COMMENTS")
            .factory(i -> new PostCommentCount(i.get(POST_ID), i.get(COMMENTS) == null ? 0 : i.get(COMMENTS), i.get(LAST_SEQUENCE)))
            .build();

    /** What one change did to the counts. */
    public enum Result {
        /** Not a creation or removal of a comment. */
        IGNORED,
        /** The post's count went up or down by one. */
        COUNTED,
        /** The record had been counted before (a replay): nothing changed. */
        ALREADY_COUNTED
    }

    private final Table table;

    public CommentCounts(Table table) {
        this.table = table;
    }

    /** A table of comments and their counters, with the stream the counts are kept from. */
    public static TableSchema schema(String tableName) {
        return TableSchema.builder(tableName).stream(StreamViewType.NEW_AND_OLD_IMAGES)
                .index(IndexSchema.global("GSI1").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.string("GSI1SK"))
                        .projection(Projection.all()).build())          // a comment's GSI1, as AppTable declares it
                .entities(CommentSchema.INSTANCE, POST_COMMENT_COUNT).build();
    }

    /** Applies each change in order. */
    public List<Result> acceptAll(List<? extends Change<?>> changes) {
        return changes.stream().<Result>map(this::accept).toList();
    }

    /** Counts one change: a created comment adds one to its post's count, a removed or expired one takes one away. */
    public Result accept(Change<?> change) {
        if (!(change instanceof ChangeEvent<?> event) || !event.entity().type().equals(CommentSchema.INSTANCE.type())) {
            return Result.IGNORED;
        }
        long delta;
        Object image;
        switch (event.kind()) {
            case CREATED -> {
                delta = 1;
                image = event.newImage().orElse(null);
            }
            case REMOVED, EXPIRED -> {
                delta = -1;
                image = event.oldImage().orElse(null);
            }
            default -> {
                return Result.IGNORED;
            }
        }
        if (!(image instanceof Comment comment)) {
            throw new ChangeStreamException("Comment " + event.kind() + " " + event.keyText() + " has no image to count: the stream of table "
                    + event.table() + " is " + event.viewType() + "; declare it NEW_AND_OLD_IMAGES");
        }
        String sequence = "0".repeat(Math.max(0, 40 - event.sequenceNumber().length())) + event.sequenceNumber();
        try {
            table.upsert(POST_COMMENT_COUNT, KeyValues.of(POST_ID, comment.postId()),
                    u -> u.add(COMMENTS, delta).set(LAST_SEQUENCE, sequence),
                    Condition.notExists(LAST_SEQUENCE).or(Condition.lt(LAST_SEQUENCE, sequence)));
            return Result.COUNTED;
        } catch (ConditionFailedException alreadyCounted) {
            return Result.ALREADY_COUNTED;
        }
    }

    /** The post's comment count: 0 before its first comment is counted. */
    public long count(String postId) {
        return table.get(POST_COMMENT_COUNT, KeyValues.of(POST_ID, postId)).map(PostCommentCount::comments).orElse(0L);
    }
}
