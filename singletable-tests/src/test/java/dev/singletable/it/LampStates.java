package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;

/** A versioned entity stored by its state (an Integer version, a state under each key), for the version and restore tests. */
final class LampStates {
    record Lamp(String id, boolean lit, Integer version) {
    }

    static final Attribute<Lamp, String> ID = Attribute.required("id", AttributeTypes.STRING, Lamp::id);
    static final Attribute<Lamp, Boolean> LIT = Attribute.required("lit", AttributeTypes.BOOLEAN, Lamp::lit);
    static final Attribute<Lamp, Integer> VERSION = Attribute.of("version", AttributeTypes.INTEGER, Lamp::version);
    static final EntityStates<Lamp> LAMP = EntityStates.byFlag(LIT, () -> EntitySchema.builder(Lamp.class)
                    .attributes(ID, LIT, VERSION).version(VERSION)
                    .factory(i -> new Lamp(i.get(ID), i.get(LIT), i.get(VERSION))))
            .state(false, "DarkLamp", b -> b.primaryKey("DARK#{id}", "LAMP"))
            .state(true, "LitLamp", b -> b.primaryKey("LIT#{id}", "LAMP"))
            .build();

    private LampStates() {
    }
}
