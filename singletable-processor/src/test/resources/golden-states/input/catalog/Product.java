package catalog;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.StateAttribute;
import dev.singletable.annotations.Version;

import java.time.Instant;

/** Seed 001's product: the archived flag picks its keys (Conditional Keys). */
@Entity
@KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE_PRODUCT#{productId}", sk = "METADATA",
        indexes = @Index(name = "GSI1", pk = "ACTIVE_PRODUCT", sk = "{name}"))
@KeyState(value = "true", type = "ArchivedProduct", pk = "ARCHIVED_PRODUCT#{productId}", sk = "METADATA",
        indexes = @Index(name = "GSI1", pk = "ARCHIVED_PRODUCT", sk = "{archivedAt}"))
public record Product(String productId, String name, @StateAttribute boolean archived, Instant archivedAt, @Version Long version) {
}
