package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;

import java.time.Instant;
import java.util.List;

/**
 * Seed 000's category tree and sensor readings, declared with the modelling patterns: a path slot in
 * a partition key (one partition per category, as the seed has it) and in an index's sort key (the
 * catalog's tree, for node, children and subtree queries), readings bucketed by day per device, and
 * every day's readings sharded over four index partitions by device.
 */
final class SlotsModel {
    private SlotsModel() {
    }

    record Category(String catalog, List<String> path, String name) {
    }

    record Reading(String deviceId, Instant takenAt, int value) {
    }

    static final Attribute<Category, String> CATALOG = Attribute.required("catalog", AttributeTypes.STRING, Category::catalog);
    static final Attribute<Category, List<String>> PATH = Attribute.required("path", AttributeTypes.STRING_LIST, Category::path);
    static final Attribute<Category, String> NAME = Attribute.required("name", AttributeTypes.STRING, Category::name);

    static final EntitySchema<Category> CATEGORY = EntitySchema.builder(Category.class)
            .type("Category")
            .attributes(CATALOG, PATH, NAME)
            .primaryKey("CATEGORY#{path}", "DETAILS")
            .index("GSI1", "CATALOG#{catalog}", "CATEGORY#{path}")
            .factory(i -> new Category(i.get(CATALOG), i.get(PATH), i.get(NAME)))
            .build();

    static final Attribute<Reading, String> DEVICE_ID = Attribute.required("deviceId", AttributeTypes.STRING, Reading::deviceId);
    static final Attribute<Reading, Instant> TAKEN_AT = Attribute.required("takenAt", AttributeTypes.INSTANT, Reading::takenAt);
    static final Attribute<Reading, Integer> VALUE = Attribute.required("value", AttributeTypes.INTEGER, Reading::value);

    static final EntitySchema<Reading> READING = EntitySchema.builder(Reading.class)
            .type("Reading")
            .attributes(DEVICE_ID, TAKEN_AT, VALUE)
            .primaryKey("SENSOR#{deviceId}#{takenAt:bucket=DAY}", "READING#{takenAt}")
            .index("GSI1", "READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=4}", "{takenAt}#{deviceId}")
            .factory(i -> new Reading(i.get(DEVICE_ID), i.get(TAKEN_AT), i.get(VALUE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("Patterns")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(CATEGORY, READING)
            .build();
}
