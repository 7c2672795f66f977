/**
 * The design tools of a singletable design file (lint, describe and the renderers behind the {@code singletable}
 * command's design commands), usable from Java. Only {@code dev.singletable.design} is exported; the implementations
 * are in {@code dev.singletable.design.internal} and its packages.
 */
module dev.singletable.design {
    requires transitive dev.singletable.schema;
    requires transitive dev.singletable.core;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports dev.singletable.design;
}
