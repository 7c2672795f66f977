package dev.singletable.internal.reads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One response of a read, reduced to what paging needs.
 *
 * @param next  where the read goes on (a start key, or a PartiQL token); empty when the read is done
 * @param count the items DynamoDB returned after its filter
 * @param <P>   the kind of position a read resumes from
 */
record RawPage<P>(List<Map<String, AttributeValue>> items, Optional<P> next, int count, int scanned, double capacity) {
}
