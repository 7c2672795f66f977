package dev.singletable.examples.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.TimeToLive;

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
@Entity(pk = "USER#{userId}", sk = "SESSION#{sessionId}")
public record Session(String userId,
                      UUID sessionId,
                      @Attribute(required = true) Instant createdAt,
                      @TimeToLive @Attribute(name = "ttl", required = true) Instant expiresAt) {

    /** True when the session has not expired at that instant. */
    public boolean isActiveAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
