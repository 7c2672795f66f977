package dev.singletable.changes;

import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypes;
import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns DynamoDB Streams records of a table into typed {@link Change}s: each image is decoded by its own entity-type
 * attribute with the table's own decoding ({@link Table#fromItem}), so hooks, codecs and converters apply as on a read.
 * A modification that put an item of another type under the key is, for a decoder of both types, a MODIFIED event whose
 * {@link ChangeEvent#oldEntity()} is the old type; for a decoder of the old type only, the REMOVED event of the old
 * entity; of the new type only, the CREATED event of the new one.
 * Works on an {@linkplain Table#offline offline} table too (a Lambda function needs no client to decode). Thread-safe.
 *
 * <pre>{@code
 * ChangeDecoder<UserItems> decoder = ChangeDecoder.of(table, USER_ITEMS);   // a collection of User and Membership
 * for (Change<UserItems> change : decoder.decode(streams.getRecords(r -> r.shardIterator(iterator)).records())) {
 *     if (change instanceof ChangeEvent<UserItems> event && event.newImage().orElse(null) instanceof User user) {
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>Each record gives exactly one change, never an exception: a record of another table, an image without the
 * entity-type attribute, of a type the table does not declare, or that does not decode (a truncated image) is an
 * {@link UndecodedChange} naming table, key and reason; a type of the table outside the selection, or one of the items
 * singletable keeps for itself in the table (entity types starting with {@code _}, such as the migration runner's state
 * and lock), is an {@link IgnoredChange}; a record without images is a {@link KeysOnlyChange}.
 *
 * @param <T> the decoded type: an entity's class, a collection's common type, or {@code Object} for every type
 */
@Experimental
public final class ChangeDecoder<T> {
    /** The principal of DynamoDB's TTL deletions, as stream records name it. */
    static final String TTL_PRINCIPAL = "dynamodb.amazonaws.com";

    private final Table table;
    private final Map<String, EntitySchema<? extends T>> selected;

    private ChangeDecoder(Table table, List<? extends EntitySchema<? extends T>> entities) {
        this.table = table;
        Map<String, EntitySchema<? extends T>> map = new LinkedHashMap<>();
        for (EntitySchema<? extends T> entity : entities) {
            EntitySchema<?> declared = table.schema().entity(entity.type()).orElseThrow(() -> new dev.singletable.SchemaDefinitionException(
                    "ChangeDecoder of table " + table.schema().name() + ": entity type " + entity.type() + " is not one of the table's "
                            + table.schema().entities().stream().map(EntitySchema::type).toList() + "; add it to the TableSchema"));
            if (declared != entity) {
                throw new dev.singletable.SchemaDefinitionException("ChangeDecoder of table " + table.schema().name() + ": entity type "
                        + entity.type() + " is another schema than the table's " + entity.type() + "; pass the table's own schema");
            }
            map.put(entity.type(), entity);
        }
        this.selected = Collections.unmodifiableMap(map);
    }

    /** A decoder of every entity type of the table, each into its own class. */
    public static ChangeDecoder<Object> of(Table table) {
        NullArgumentException.check("ChangeDecoder.of", "table", table);
        List<EntitySchema<?>> all = table.schema().entities();
        return new ChangeDecoder<Object>(table, all);
    }

    /**
     * A decoder of one entity type, or of a collection's types into its common type (typically a sealed interface, so
     * that a {@code switch} on {@link ChangeEvent#newImage()} covers every case); the table's other types become
     * {@link IgnoredChange}s.
     *
     * <pre>{@code
     * ChangeDecoder<User> users = ChangeDecoder.of(table, USER);
     * ChangeDecoder<UserItems> both = ChangeDecoder.of(table, USER_ITEMS);   // a collection of User and Membership
     * }</pre>
     */
    public static <T> ChangeDecoder<T> of(Table table, EntityTypes<T> entities) {
        NullArgumentException.check("ChangeDecoder.of", "table", table);
        NullArgumentException.require(entities, "ChangeDecoder.of", "entities", "give the EntitySchema or the EntityCollection to decode");
        List<? extends EntitySchema<? extends T>> members = entities instanceof EntityCollection<T> collection
                ? collection.members() : List.of((EntitySchema<T>) entities);
        return new ChangeDecoder<>(table, members);
    }

    /** The table whose records this decodes. */
    public Table table() {
        return table;
    }

    /** The entity types decoded into events, by type name. */
    public Map<String, EntitySchema<? extends T>> entities() {
        return selected;
    }

    /** The records decoded in order, one change each. */
    public List<Change<T>> decode(List<Record> records) {
        NullArgumentException.check("ChangeDecoder.decode", "records", records);
        List<Change<T>> changes = new ArrayList<>(records.size());
        for (Record record : records) {
            changes.add(decode(record));
        }
        return changes;
    }

    /**
     * One record decoded; never throws for what the record holds. The SDK's {@code Record} does not say which stream it
     * is of: when it may be of another table's stream, use {@link #decode(String, Record)}.
     */
    public Change<T> decode(Record record) {
        NullArgumentException.check("ChangeDecoder.decode", "record", record);
        return decode(Optional.empty(), record);
    }

    /**
     * One record of the stream or table with this ARN (such as {@code arn:aws:dynamodb:eu-west-1:123456789012:table/AppTable/stream/2026-01-01T00:00:00.000},
     * the event source ARN of a Lambda event's record) decoded; a record of another table's stream is an
     * {@link UndecodedChange} with reason {@link UndecodedChange.Reason#OTHER_TABLE}.
     */
    public Change<T> decode(String sourceArn, Record record) {
        NullArgumentException.check("ChangeDecoder.decode", "sourceArn", sourceArn, "record", record);
        return decode(tableOf(sourceArn), record);
    }

    private Change<T> decode(Optional<String> source, Record record) {
        String name = table.schema().name();
        StreamRecord data = record.dynamodb() == null ? StreamRecord.builder().build() : record.dynamodb();
        Map<String, AttributeValue> key = ordered(data.hasKeys() ? data.keys() : Map.of());
        ChangeKind kind = kindOf(record);
        String sequence = data.sequenceNumber() == null ? "(none)" : data.sequenceNumber();
        StreamViewType view = data.streamViewType() == null ? StreamViewType.UNKNOWN_TO_SDK_VERSION : data.streamViewType();
        RecordFacts facts = new RecordFacts(source.orElse(name), kind == null ? ChangeKind.MODIFIED : kind, key, sequence,
                Optional.ofNullable(data.approximateCreationDateTime()), view);
        Map<String, AttributeValue> oldItem = data.hasOldImage() ? data.oldImage() : null;
        Map<String, AttributeValue> newItem = data.hasNewImage() ? data.newImage() : null;
        Map<String, AttributeValue> image = newItem != null ? newItem : oldItem;
        if (source.isPresent() && !source.get().equals(name)) {
            return new UndecodedChange<>(facts, UndecodedChange.Reason.OTHER_TABLE, "the record is of table " + source.get()
                    + ", not " + name + "; give this decoder only the records of " + name + "'s stream", image);
        }
        if (kind == null) {
            return new UndecodedChange<>(facts, UndecodedChange.Reason.UNKNOWN_EVENT, "event name '" + record.eventNameAsString()
                    + "' is none of INSERT, MODIFY and REMOVE", image);
        }
        if (image == null) {
            return new KeysOnlyChange<>(facts);
        }
        String typeAttribute = table.schema().entityTypeAttribute();
        AttributeValue typeValue = image.get(typeAttribute);
        if (typeValue == null || typeValue.s() == null) {
            return new UndecodedChange<>(facts, UndecodedChange.Reason.NO_ENTITY_TYPE, "the " + (newItem != null ? "new" : "old")
                    + " image has no " + typeAttribute + " attribute" + (typeValue == null ? "" : " of type S (it holds " + typeValue + ")")
                    + "; the item was not written by singletable, the table's entity-type attribute is misnamed, or the image is truncated", image);
        }
        String type = typeValue.s();
        AttributeValue oldTypeValue = oldItem == null || newItem == null ? null : oldItem.get(typeAttribute);
        if (oldTypeValue != null && oldTypeValue.s() != null && !oldTypeValue.s().equals(type)) {
            return retyped(facts, oldTypeValue.s(), oldItem, type, newItem);
        }
        EntitySchema<? extends T> entity = selected.get(type);
        if (entity == null) {
            return unselected(facts, type, image);
        }
        return event(facts, entity, entity, oldItem, newItem);
    }

    /** A record of an entity type outside the selection: another of the table's, singletable's own, or an unknown one. */
    private Change<T> unselected(RecordFacts facts, String type, Map<String, AttributeValue> image) {
        if (table.schema().entity(type).isPresent()) {
            return new IgnoredChange<>(facts, type, false);
        }
        if (isBookkeeping(type)) {
            return new IgnoredChange<>(facts, type, true);
        }
        return new UndecodedChange<>(facts, UndecodedChange.Reason.UNKNOWN_ENTITY_TYPE, "its " + table.schema().entityTypeAttribute()
                + " '" + type + "' is none of the table's entity types " + table.schema().entities().stream().map(EntitySchema::type).toList()
                + "; declare it in the table's schema, or check that the record is of this table", image);
    }

    /**
     * A modification that put an item of another entity type under the key: each image is decoded by its own type. For a
     * decoder of both types it is a MODIFIED event from the one to the other ({@link ChangeEvent#oldEntity()}); for a
     * decoder of the old type only, the removal of that entity (REMOVED, with the old image), so that its consumer learns
     * that it is gone; of the new type only, the creation of the new one (CREATED, with the new image).
     */
    private Change<T> retyped(RecordFacts facts, String oldType, Map<String, AttributeValue> oldItem, String newType,
                              Map<String, AttributeValue> newItem) {
        EntitySchema<? extends T> before = selected.get(oldType);
        EntitySchema<? extends T> after = selected.get(newType);
        if (after == null && (before == null || table.schema().entity(newType).isEmpty() && !isBookkeeping(newType))) {
            return unselected(facts, newType, newItem); // an unknown new type is reported, not taken for a removal
        }
        if (before == null) {
            return event(facts.withKind(ChangeKind.CREATED), after, after, null, newItem);
        }
        if (after == null) {
            return event(facts.withKind(ChangeKind.REMOVED), before, before, oldItem, null);
        }
        return event(facts, after, before, oldItem, newItem);
    }

    /**
     * Whether an entity type the table does not declare is one of singletable's own items: their types start with an
     * underscore (the migration runner's {@code _MigrationState} and {@code _MigrationLock}), so that no entity read
     * takes them for an entity.
     */
    static boolean isBookkeeping(String type) {
        return type.startsWith("_");
    }

    /** The key with the partition key first, as every message writes keys, whatever order the record's map has. */
    private Map<String, AttributeValue> ordered(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> ordered = new LinkedHashMap<>();
        AttributeValue partition = key.get(table.schema().partitionKeyAttribute());
        if (partition != null) {
            ordered.put(table.schema().partitionKeyAttribute(), partition);
        }
        table.schema().sortKeyAttribute().filter(key::containsKey).ifPresent(sort -> ordered.put(sort, key.get(sort)));
        new java.util.TreeMap<>(key).forEach(ordered::putIfAbsent);
        return Collections.unmodifiableMap(ordered);
    }

    /** An event of {@code entity} whose old image is of {@code oldEntity} (the same one, unless the item changed type). */
    private Change<T> event(RecordFacts facts, EntitySchema<? extends T> entity, EntitySchema<? extends T> oldEntity,
                            Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        T oldImage;
        T newImage;
        try {
            oldImage = oldItem == null ? null : table.fromItem(oldEntity, oldItem);
        } catch (SingleTableException e) {
            return undecodable(facts, "old", oldItem, e);
        }
        try {
            newImage = newItem == null ? null : table.fromItem(entity, newItem);
        } catch (SingleTableException e) {
            return undecodable(facts, "new", newItem, e);
        }
        return new ChangeEvent<T>(facts, entity, oldEntity, oldItem, newItem, oldImage, newImage);
    }

    private static <T> Change<T> undecodable(RecordFacts facts, String which, Map<String, AttributeValue> item, SingleTableException e) {
        return new UndecodedChange<>(facts, UndecodedChange.Reason.UNDECODABLE_IMAGE, "the " + which + " image does not decode: "
                + e.getMessage(), item);
    }

    private static ChangeKind kindOf(Record record) {
        OperationType operation = record.eventName();
        if (operation == null) {
            return null;
        }
        return switch (operation) {
            case INSERT -> ChangeKind.CREATED;
            case MODIFY -> ChangeKind.MODIFIED;
            case REMOVE -> byService(record.userIdentity()) ? ChangeKind.EXPIRED : ChangeKind.REMOVED;
            default -> null;
        };
    }

    private static boolean byService(Identity identity) {
        return identity != null && TTL_PRINCIPAL.equals(identity.principalId()) && "Service".equals(identity.type());
    }

    /** The table name of an event source ARN ({@code arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/stream/LABEL}). */
    static Optional<String> tableOf(String arn) {
        int start = arn.indexOf(":table/");
        if (start < 0) {
            return Optional.empty();
        }
        int from = start + ":table/".length();
        int end = arn.indexOf('/', from);
        return Optional.of(end < 0 ? arn.substring(from) : arn.substring(from, end));
    }
}
