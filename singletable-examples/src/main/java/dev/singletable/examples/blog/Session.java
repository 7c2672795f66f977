package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.time.Instant;
import java.util.UUID;

/**
 * A login session, in its user's partition. Its expiry is stored as the table's TTL
 * attribute {@code ttl} (epoch seconds), so DynamoDB deletes it some time after it expires;
 * until then reads still return it, so check {@link #isActiveAt(Instant)}.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code USER#{userId}}</td><td>{@code SESSION#{sessionId}}</td><td>sessions of a user</td></tr>
 * </table>
 *
 * @param userId    the {@link User#username()} of the session's user
 * @param expiresAt when the session ends, in whole seconds (stored as {@code ttl})
 */
public record Session(String userId, UUID sessionId, Instant createdAt, Instant expiresAt) {

    public static final Attribute<Session, String> USER_ID =
            Attribute.required("userId", AttributeTypes.STRING, Session::userId);
    public static final Attribute<Session, UUID> SESSION_ID =
            Attribute.required("sessionId", AttributeTypes.UUID, Session::sessionId);
    public static final Attribute<Session, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, Session::createdAt);
    public static final Attribute<Session, Instant> EXPIRES_AT =
            Attribute.required("ttl", AttributeTypes.EPOCH_SECONDS, Session::expiresAt);

    public static final EntitySchema<Session> SCHEMA = EntitySchema.builder(Session.class)
            .type("Session")
            .attributes(USER_ID, SESSION_ID, CREATED_AT, EXPIRES_AT)
            .primaryKey("USER#{userId}", "SESSION#{sessionId}")
            .factory(item -> new Session(item.get(USER_ID), item.get(SESSION_ID), item.get(CREATED_AT), item.get(EXPIRES_AT)))
            .build();

    /** True when the session has not expired at that instant. */
    public boolean isActiveAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
