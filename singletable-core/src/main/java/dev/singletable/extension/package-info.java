/**
 * What an application plugs into singletable: {@link dev.singletable.extension.RequestListener}s, told of every request
 * a table sends with a {@link dev.singletable.extension.RequestEvent} (for metrics, request counting, logs); an entity's
 * {@link dev.singletable.extension.ItemCodec} (its item written and read in straight-line code, as the annotation
 * processor generates it); and {@link dev.singletable.extension.EntityHooks}, the steps and hooks an entity runs around
 * its mapping, as declared on {@link dev.singletable.EntitySchema.Builder}. A type of your own for an attribute
 * implements {@link dev.singletable.AttributeType}, which stays in {@code dev.singletable} with the model it is part of.
 *
 * <pre>{@code
 * Table table = Table.builder(schema, client)
 *         .listener(event -> meter.record(event.operation(), event.errorCode().orElse("OK"), event.consumedCapacity()))
 *         .build();
 * EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
 *         ...
 *         .codec(new OrderCodec())                                  // an ItemCodec<Order>
 *         .beforeWrite(order -> order.orderId() != null ? order : order.withOrderId(newId()))
 *         .build();
 * boolean sparse = ORDER.hooks().indexCondition("GSI2").isPresent(); // EntityHooks: what ORDER runs
 * }</pre>
 *
 * <p>API status: stable ({@link dev.singletable.Stable}): a binary-incompatible change comes only in a new major version.
 */
package dev.singletable.extension;
