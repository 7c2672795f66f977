/**
 * What items and requests cost, by DynamoDB's published rules: an item's size ({@link dev.singletable.capacity.ItemSize}),
 * its entry in a secondary index ({@link dev.singletable.capacity.IndexEntry}), the capacity units of a read or write
 * ({@link dev.singletable.capacity.CapacityUnits}, {@link dev.singletable.capacity.WriteUnits}, by
 * {@link dev.singletable.capacity.ReadMode}) and the per-partition limits ({@link dev.singletable.capacity.PartitionLimits}).
 * {@code singletable cost} prices a design's access patterns with them.
 *
 * <pre>{@code
 * long bytes = ItemSize.of(table.toItem(order));                                                    // what a write of it is billed for
 * double units = CapacityUnits.query(List.of(1_200, 3_000, 900), ReadMode.EVENTUALLY_CONSISTENT);   // 5,100 B: 2 blocks, 1.0
 * }</pre>
 *
 * <p>API status: experimental ({@link dev.singletable.Experimental}): usable and tested, but its shape may still change
 * in a minor version.
 */
package dev.singletable.capacity;
