package dev.singletable.design.internal.lint;

import java.util.Objects;

/**
 * What a finding concerns: the table, an entity type, an index, a named access pattern or a relation.
 *
 * @param kind table, entity, index, access pattern or relation
 * @param name its name in the schema file
 */
public record Subject(Kind kind, String name) {
    public Subject {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    public static Subject table(String name) {
        return new Subject(Kind.TABLE, name);
    }

    public static Subject entity(String name) {
        return new Subject(Kind.ENTITY, name);
    }

    public static Subject index(String name) {
        return new Subject(Kind.INDEX, name);
    }

    public static Subject accessPattern(String name) {
        return new Subject(Kind.ACCESS_PATTERN, name);
    }

    public static Subject relation(String name) {
        return new Subject(Kind.RELATION, name);
    }

    /** {@code entity Post}, {@code index gsi1}, {@code access pattern posts-by-user}. */
    @Override
    public String toString() {
        return kind.label() + " " + name;
    }

    /** The kinds of subjects. */
    public enum Kind {
        TABLE("table"), ENTITY("entity"), INDEX("index"), ACCESS_PATTERN("access pattern"), RELATION("relation");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
