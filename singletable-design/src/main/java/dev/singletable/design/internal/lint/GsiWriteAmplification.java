package dev.singletable.design.internal.lint;

import java.util.Set;

/** ST019: an entity each of whose writes is copied to three or more index units. */
final class GsiWriteAmplification extends CapacityLimits {
    GsiWriteAmplification() {
        super(Set.of("gsi-write-amplification"), "ST019", "gsi-write-amplification", Severity.NOTE,
                "Each write copied to three or more index units",
                "Every secondary index (GSI or LSI) an item is in costs its own write on every put, update of a projected attribute and delete; an entity "
                        + "written to many indexes pays for all of them on each write.");
    }

    @Override
    String fix(boolean pattern) {
        return "project fewer indexes onto the entity: make the indexes it need not be in sparse (a 'when' condition), or "
                + "overload one GSI for several patterns";
    }
}
