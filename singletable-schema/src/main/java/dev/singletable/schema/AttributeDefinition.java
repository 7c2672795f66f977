package dev.singletable.schema;

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
 * }</pre>
 *
 * @param type the attribute's type
 * @param required true when every item must have a value
 * @param values the allowed values of an {@code enum}; empty for other types
 * @param role version, createdAt, updatedAt or timeToLive, when singletable maintains it
 * @param generated how an id is filled when absent on write
 * @param description free text
 */
public record AttributeDefinition(AttributeKind type, boolean required, List<String> values, Optional<Role> role,
                                  Optional<IdGenerator> generated, Optional<String> description) {
    public AttributeDefinition {
        Objects.requireNonNull(type, "type");
        values = List.copyOf(values);
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(generated, "generated");
        Objects.requireNonNull(description, "description");
    }

    /** A plain attribute of the type. */
    public static AttributeDefinition of(AttributeKind type, boolean required) {
        return new AttributeDefinition(type, required, List.of(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The attribute types of the format, each stored as the core's {@code AttributeTypes} stores it. */
    public enum AttributeKind {
        STRING("string"), INTEGER("integer"), LONG("long"), DECIMAL("decimal"), BOOLEAN("boolean"), INSTANT("instant"),
        EPOCH_SECONDS("epochSeconds"), DATE("date"), UUID("uuid"), BINARY("binary"), STRING_SET("stringSet"),
        STRING_LIST("stringList"), STRING_MAP("stringMap"), ENUM("enum");

        private final String fileName;

        AttributeKind(String fileName) {
            this.fileName = fileName;
        }

        /** The name used in the file, such as {@code epochSeconds}. */
        public String fileName() {
            return fileName;
        }

        /** The kind with this file name. */
        public static Optional<AttributeKind> ofFileName(String name) {
            for (AttributeKind kind : values()) {
                if (kind.fileName.equals(name)) {
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
