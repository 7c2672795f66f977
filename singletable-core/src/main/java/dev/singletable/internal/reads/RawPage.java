package dev.singletable.internal.reads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;

/** One Query or Scan response, reduced to what paging needs; {@code lastKey} is empty when the read is done. */
record RawPage(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastKey, int count, int scanned,
               double capacity) {
}
