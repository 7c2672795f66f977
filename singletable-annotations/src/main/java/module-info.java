/**
 * The annotations that describe entities for {@code singletable-processor}: {@code @Entity},
 * {@code @Index}, {@code @ItemCollection} and the per-attribute ones. Read at compile time only;
 * no dependencies.
 */
module dev.singletable.annotations {
    exports dev.singletable.annotations;
}
