package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;

/**
 * Something an import had to guess, or could not carry into the schema file, with the JSON path
 * of the input it comes from.
 *
 * <pre>{@code
 * inferred     DataModel[0].TableData: entity UFollower, keys u#{id}#follower / u#{id2} (from 3 items)
 * not mapped   models.User.attributes.bio.default: default values are not part of singletable/1
 * }</pre>
 *
 * @param kind inferred or not mapped
 * @param path where in the input, such as {@code DataModel[0].TableFacets[1].KeyAttributeAlias}
 * @param message what was inferred or dropped, and what to do about it
 */
@Experimental
public record ImportNote(Kind kind, String path, String message) {
    public ImportNote {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** What the note says. */
    public enum Kind {
        /** The schema file holds a guess (a key template read from sample items): review it. */
        INFERRED("inferred"),
        /** The input holds something the schema file cannot: it is not in the output. */
        NOT_MAPPED("not mapped");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    @Override
    public String toString() {
        return kind.label() + ": " + path + ": " + message;
    }
}
