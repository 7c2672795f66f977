package dev.singletable;

/**
 * How an entity was declared, so that a message's fix speaks the words its author wrote: a required attribute made
 * optional is {@code Attribute.of(...)} in Java, {@code required: true} dropped in a schema file, and
 * {@code @Attribute(required = true)} dropped on an annotated record. The front end building the entity sets it
 * ({@link EntitySchema.Builder#declaredWith}); an entity declared in Java keeps the default, {@link #BUILDER}.
 *
 * <pre>{@code
 * EntitySchema<DynamicItem> note = EntitySchema.builder(DynamicItem.class).type("Note")
 *         .declaredWith(Declaration.SCHEMA_FILE)   // a schema file's loader
 *         ...
 *         .build();
 * // reading an item without its required title:
 * // Note [pk=USER#u1, sk=NOTE#n1] lacks required attribute 'title'; write it, or drop required: true from it in the
 * // schema file to allow it to be missing
 * }</pre>
 */
@Experimental
public enum Declaration {
    /** Java code calling {@link EntitySchema#builder} and {@link Attribute#of}, {@link Attribute#required}: the default. */
    BUILDER,
    /** An annotated record or class ({@code @Entity}, {@code @Attribute}, {@code @Version}), its schema generated. */
    ANNOTATIONS,
    /** A schema file (YAML or JSON) loaded into entities by {@code singletable-schema}. */
    SCHEMA_FILE
}
