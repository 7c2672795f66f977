package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;

import java.util.List;

/**
 * A node of the category tree (seed 000 "Working with Hierarchical Data"). Every category lives in
 * the one {@code CATEGORY} partition, sorted by its path: {@code path} is a hierarchy path slot, its
 * segments escaped and joined by {@code #} ({@code PATH#ELECTRONICS#AUDIO#HEADPHONES}) and parsed back.
 * {@code sortSubtree} reads a node and everything below it, {@code sortChildren} its children only,
 * both stopping at segment boundaries: {@code ELECTRONICS#AUDIOPHILE} is never under
 * {@code ELECTRONICS#AUDIO}, which a raw prefix {@code PATH#ELECTRONICS#AUDIO} would match.
 *
 * <p>One partition suits a catalogue of a few thousand categories; a larger tree would put the
 * top-level category in the partition key.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code CATEGORY}</td><td>{@code PATH#{path}}</td><td>category subtree, children</td></tr>
 * </table>
 *
 * @param path the category's place in the tree, top-level first
 */
@Entity(pk = "CATEGORY", sk = "PATH#{path}")
public record Category(List<String> path, @Attribute(required = true) String name) {
    public Category {
        path = List.copyOf(path);
    }
}
