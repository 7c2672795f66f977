package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One attribute of an entity: its type, whether it must have a value, and the role singletable
 * maintains for it.
 *
 * <pre>{@code
 * status: {type: enum, values: [DRAFT, PUBLISHED], required: true}
 * createdAt: {type: instant, role: createdAt}
 * postId: {type: string, generated: ulid}
 * address: {type: Address}                 # an embedded record of the file's types
 * addresses: {type: list, of: Address}     # a list of them
 * }</pre>
 *
 * @param type the attribute's type
 * @param required true when every item must have a value
 * @param values the allowed values of an {@code enum}; empty for other types
 * @param role version, createdAt, updatedAt or timeToLive, when singletable maintains it
 * @param generated how an id is filled when absent on write
 * @param description free text
 * @param recordType the record type (a name of the file's {@code types}) of a {@code RECORD}, {@code RECORD_LIST} or
 *        {@code RECORD_MAP} attribute; empty for other types
 */
@Experimental
public record AttributeDefinition(AttributeKind type, boolean required, List<String> values, Optional<Role> role,
                                  Optional<IdGenerator> generated, Optional<String> description, Optional<String> recordType) {
    public AttributeDefinition {
        Objects.requireNonNull(type, "type");
        values = List.copyOf(values);
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(generated, "generated");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(recordType, "recordType");
        if (type.holdsRecords() != recordType.isPresent()) {
            throw new dev.singletable.SchemaDefinitionException(type.holdsRecords() ? "An attribute of type " + type.fileName()
                    + " holds embedded records and needs the name of their record type; use AttributeDefinition.ofRecords(kind, \"Address\", required)"
                    : "Only record, list and map attributes name a record type, not " + type.fileName() + " (record type "
                    + recordType.orElseThrow() + "); give Optional.empty()");
        }
    }

    /** An attribute of a type that holds no records. */
    public AttributeDefinition(AttributeKind type, boolean required, List<String> values, Optional<Role> role,
                               Optional<IdGenerator> generated, Optional<String> description) {
        this(type, required, values, role, generated, description, Optional.empty());
    }

    /**
     * An embedded record of the file's type {@code recordType} ({@code {type: Address}}), in a list of them
     * ({@code {type: list, of: Address}}) or in a map of them by key ({@code {type: map, of: Address}}).
     *
     * <pre>{@code AttributeDefinition.ofRecords(AttributeKind.RECORD, "Address", true)}</pre>
     */
    public static AttributeDefinition ofRecords(AttributeKind kind, String recordType, boolean required) {
        return new AttributeDefinition(kind, required, List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(recordType));
    }

    /** The type as the file writes it: the kind's name, or the record type's name for {@code RECORD}. */
    public String typeText() {
        return type == AttributeKind.RECORD ? recordType.orElseThrow() : type.fileName();
    }

    /** A plain attribute of the type. */
    public static AttributeDefinition of(AttributeKind type, boolean required) {
        return new AttributeDefinition(type, required, List.of(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The attribute types of the format, each stored as the core's {@code AttributeTypes} stores it. */
    public enum AttributeKind {
        STRING("string"), INTEGER("integer"), LONG("long"), DECIMAL("decimal"), BOOLEAN("boolean"), INSTANT("instant"),
        EPOCH_SECONDS("epochSeconds"), DATE("date"), UUID("uuid"), BINARY("binary"), STRING_SET("stringSet"),
        STRING_LIST("stringList"), STRING_MAP("stringMap"), ENUM("enum"),
        /** An embedded record, stored as M; the file writes its type's name ({@code type: Address}). */
        RECORD("record"),
        /** A list of embedded records ({@code type: list, of: Address}), stored as L of M. */
        RECORD_LIST("list"),
        /** Embedded records by string key ({@code type: map, of: Address}), stored as M of M. */
        RECORD_MAP("map");

        private final String fileName;

        AttributeKind(String fileName) {
            this.fileName = fileName;
        }

        /** The name used in the file, such as {@code epochSeconds}. */
        public String fileName() {
            return fileName;
        }

        /** True for the kinds holding embedded records, which name their record type. */
        public boolean holdsRecords() {
            return this == RECORD || this == RECORD_LIST || this == RECORD_MAP;
        }

        /** The kind with this file name ({@code record} is never written: a record attribute's type is its record type's name). */
        public static Optional<AttributeKind> ofFileName(String name) {
            for (AttributeKind kind : values()) {
                if (kind != RECORD && kind.fileName.equals(name)) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }
    }

    /** What singletable maintains in the attribute. */
    public enum Role {
        /** Optimistic locking: checked and incremented on every write (integer or long). */
        VERSION("version"),
        /** Set when the item is created (instant or epochSeconds). */
        CREATED_AT("createdAt"),
        /** Set on every write (instant or epochSeconds). */
        UPDATED_AT("updatedAt"),
        /** The table's TTL attribute (epochSeconds or long). */
        TIME_TO_LIVE("timeToLive");

        private final String fileName;

        Role(String fileName) {
            this.fileName = fileName;
        }

        public String fileName() {
            return fileName;
        }

        public static Optional<Role> ofFileName(String name) {
            for (Role role : values()) {
                if (role.fileName.equals(name)) {
                    return Optional.of(role);
                }
            }
            return Optional.empty();
        }
    }

    /** How a generated id is made. */
    public enum IdGenerator {
        /** A ULID: 26 characters, sorts by creation time (string attributes). */
        ULID,
        /** A random UUID (string or uuid attributes). */
        UUID
    }
}
