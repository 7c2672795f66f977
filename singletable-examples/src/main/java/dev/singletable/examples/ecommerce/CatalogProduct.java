package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.StateAttribute;
import dev.singletable.annotations.Version;

import java.time.Instant;

/**
 * Seed 001's product keyed by its state ("conditional keys"): an active product at
 * {@code ACTIVE_PRODUCT#{productId} / METADATA}, an archived one at
 * {@code ARCHIVED_PRODUCT#{productId} / METADATA}. Each state is an entity type of its own
 * ({@code ActiveProduct}, {@code ArchivedProduct}); {@code archived} picks it, and an update that
 * changes it moves the item in one version-checked transaction.
 *
 * <pre>{@code
 * CatalogProduct lamp = table.get(CatalogProductSchema.ACTIVE_PRODUCT, KeyValues.of(CatalogProductSchema.PRODUCT_ID, "P-LAMP")).orElseThrow();
 * table.update(lamp, u -> u.set(CatalogProductSchema.ARCHIVED, true)); // now at ARCHIVED_PRODUCT#P-LAMP
 * }</pre>
 *
 * @param archivedAt when it was archived; none while active
 */
@Entity
@KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE_PRODUCT#{productId}", sk = "METADATA")
@KeyState(value = "true", type = "ArchivedProduct", pk = "ARCHIVED_PRODUCT#{productId}", sk = "METADATA")
public record CatalogProduct(String productId, String name, @StateAttribute boolean archived, Instant archivedAt,
                             @Version Long version) {
}
