package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;

/**
 * A node of the category tree. Every category lives in the one {@code CATEGORY} partition,
 * sorted by its path, such as {@code ELECTRONICS/AUDIO/HEADPHONES}; a subtree is then a
 * range of sort keys, read with a raw prefix. The prefix must end in the path separator:
 * {@code PATH#ELECTRONICS/AUDIO/} finds {@code ELECTRONICS/AUDIO/HEADPHONES} but not the
 * sibling {@code ELECTRONICS/AUDIOPHILE}, which {@code PATH#ELECTRONICS/AUDIO} would match.
 *
 * <p>One partition suits a catalogue of a few thousand categories; a larger tree would shard
 * it by the top-level category.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code CATEGORY}</td><td>{@code PATH#{path}}</td><td>category subtree</td></tr>
 * </table>
 *
 * @param path the category's place in the tree, top-level first, separated by {@code #}
 */
@Entity(pk = "CATEGORY", sk = "PATH#{path}")
public record Category(String path, @Attribute(required = true) String name) {

    /**
     * Separates the levels of a {@link #path()}. Not {@code #}: the table's templates have {@code #} next to
     * their slots, so slot values escape it ({@code PATH#ELECTRONICS\#AUDIO}), and a raw prefix would have to
     * escape it too.
     */
    public static final String PATH_SEPARATOR = "/";
}
