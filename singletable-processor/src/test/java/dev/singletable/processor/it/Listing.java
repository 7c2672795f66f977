package dev.singletable.processor.it;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.StateAttribute;
import dev.singletable.annotations.Version;

import java.time.Instant;

/** Seed 001's product keyed by its state, through generated code. */
@Entity
@KeyState(value = "false", type = "ActiveListing", pk = "ACTIVE_PRODUCT#{productId}", sk = "METADATA",
        indexes = @Index(name = "GSI1", pk = "ACTIVE_PRODUCT", sk = "{name}"))
@KeyState(value = "true", type = "ArchivedListing", pk = "ARCHIVED_PRODUCT#{productId}", sk = "METADATA",
        indexes = @Index(name = "GSI1", pk = "ARCHIVED_PRODUCT", sk = "{archivedAt}"))
public record Listing(String productId, String name, @StateAttribute boolean archived, Instant archivedAt, @Version Long version) {
}
