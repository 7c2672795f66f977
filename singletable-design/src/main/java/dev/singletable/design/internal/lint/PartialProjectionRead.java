package dev.singletable.design.internal.lint;

/** ST020: an access pattern reading from a KEYS_ONLY or INCLUDE GSI what the index does not hold. */
final class PartialProjectionRead extends LintCheck {
    PartialProjectionRead() {
        super("ST020", "partial-projection-read", Severity.ERROR, "Access pattern reading what its index does not project",
                "A GSI projecting KEYS_ONLY or INCLUDE returns only its keys and projected attributes: a read that needs others cannot "
                        + "run as written, so the library refuses it before sending, and patterns, run and view with it.");
    }

    @Override
    void check(LintedDesign design) {
        for (PartialIndexReads.Unreadable read : PartialIndexReads.of(design.document())) {
            design.add(this, Subject.accessPattern(read.pattern().name()), read.message(), read.fix(),
                    "/accessPatterns/" + read.position() + "/index");
        }
    }
}
