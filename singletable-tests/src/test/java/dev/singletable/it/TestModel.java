package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Entities exercising every key and attribute feature, in one table with two GSIs and a TTL attribute. */
final class TestModel {
    private TestModel() {
    }

    enum Level { LOW, HIGH }

    /** A sensor reading: numeric, time and enum slots in sort keys. */
    record Reading(String sensor, long seq, Instant at, int delta, Level level) implements SensorItems {}

    /** The sensor itself, in the same partition as its readings. */
    record Sensor(String sensor, String place) implements SensorItems {}

    sealed interface SensorItems permits Reading, Sensor {}

    /** Two types with identical key templates, to read one as the other. */
    record Note(String id, String text) {}

    record Memo(String id, String text) {}

    /** An order id slot followed by more slots, for begins_with at slot boundaries. */
    record Line(String orderId, int lineNo, String sku) {}

    /** Every attribute type. */
    record Everything(String id, String text, Integer boxedInt, long primitiveLong, BigDecimal decimal, BigInteger big,
                      boolean flag, Instant when, Instant expires, LocalDate day, Level level, UUID uuid, byte[] bytes,
                      List<String> list, Set<String> set, Map<String, String> map, Optional<String> maybe) {}

    static final Attribute<Reading, String> R_SENSOR = Attribute.required("sensor", AttributeTypes.STRING, Reading::sensor);
    static final Attribute<Reading, Long> R_SEQ = Attribute.required("seq", AttributeTypes.LONG, Reading::seq);
    static final Attribute<Reading, Instant> R_AT = Attribute.required("at", AttributeTypes.INSTANT, Reading::at);
    static final Attribute<Reading, Integer> R_DELTA = Attribute.required("delta", AttributeTypes.INTEGER, Reading::delta);
    static final Attribute<Reading, Level> R_LEVEL = Attribute.of("level", AttributeTypes.enumType(Level.class), Reading::level);
    static final EntitySchema<Reading> READING = EntitySchema.builder(Reading.class)
            .attributes(R_SENSOR, R_SEQ, R_AT, R_DELTA, R_LEVEL)
            .primaryKey("SENSOR#{sensor}", "READING#{seq}")
            .index("GSI1", "SENSOR#{sensor}#DELTA", "{delta}#{seq}")
            .index("GSI2", "LEVEL#{level}", "{at}")
            .factory(i -> new Reading(i.get(R_SENSOR), i.get(R_SEQ), i.get(R_AT), i.get(R_DELTA), i.get(R_LEVEL)))
            .build();

    static final Attribute<Sensor, String> S_SENSOR = Attribute.required("sensor", AttributeTypes.STRING, Sensor::sensor);
    static final Attribute<Sensor, String> S_PLACE = Attribute.required("place", AttributeTypes.STRING, Sensor::place);
    static final EntitySchema<Sensor> SENSOR = EntitySchema.builder(Sensor.class)
            .attributes(S_SENSOR, S_PLACE)
            .primaryKey("SENSOR#{sensor}", "SENSOR")
            .factory(i -> new Sensor(i.get(S_SENSOR), i.get(S_PLACE)))
            .build();

    static final EntityCollection<SensorItems> SENSOR_ITEMS = EntityCollection.of(SensorItems.class, SENSOR, READING);
    static final EntityCollection<SensorItems> ONLY_SENSORS = EntityCollection.of(SensorItems.class, SENSOR);

    static final Attribute<Note, String> N_ID = Attribute.required("id", AttributeTypes.STRING, Note::id);
    static final Attribute<Note, String> N_TEXT = Attribute.required("text", AttributeTypes.STRING, Note::text);
    static final EntitySchema<Note> NOTE = EntitySchema.builder(Note.class)
            .attributes(N_ID, N_TEXT).primaryKey("DOC#{id}", "BODY")
            .factory(i -> new Note(i.get(N_ID), i.get(N_TEXT))).build();

    static final Attribute<Memo, String> M_ID = Attribute.required("id", AttributeTypes.STRING, Memo::id);
    static final Attribute<Memo, String> M_TEXT = Attribute.required("text", AttributeTypes.STRING, Memo::text);
    static final EntitySchema<Memo> MEMO = EntitySchema.builder(Memo.class)
            .attributes(M_ID, M_TEXT).primaryKey("DOC#{id}", "BODY")
            .factory(i -> new Memo(i.get(M_ID), i.get(M_TEXT))).build();

    static final Attribute<Line, String> L_ORDER = Attribute.required("orderId", AttributeTypes.STRING, Line::orderId);
    static final Attribute<Line, Integer> L_NO = Attribute.required("lineNo", AttributeTypes.INTEGER, Line::lineNo);
    static final Attribute<Line, String> L_SKU = Attribute.required("sku", AttributeTypes.STRING, Line::sku);
    static final EntitySchema<Line> LINE = EntitySchema.builder(Line.class)
            .attributes(L_ORDER, L_NO, L_SKU).primaryKey("LINES", "ORDER#{orderId}#{lineNo}")
            .factory(i -> new Line(i.get(L_ORDER), i.get(L_NO), i.get(L_SKU))).build();

    static final Attribute<Everything, String> E_ID = Attribute.required("id", AttributeTypes.STRING, Everything::id);
    static final Attribute<Everything, String> E_TEXT = Attribute.of("text", AttributeTypes.STRING, Everything::text);
    static final Attribute<Everything, Integer> E_INT = Attribute.of("boxedInt", AttributeTypes.INTEGER, Everything::boxedInt);
    static final Attribute<Everything, Long> E_LONG = Attribute.required("primitiveLong", AttributeTypes.LONG, Everything::primitiveLong);
    static final Attribute<Everything, BigDecimal> E_DECIMAL = Attribute.of("decimal", AttributeTypes.DECIMAL, Everything::decimal);
    static final Attribute<Everything, BigInteger> E_BIG = Attribute.of("big", AttributeTypes.BIG_INTEGER, Everything::big);
    static final Attribute<Everything, Boolean> E_FLAG = Attribute.required("flag", AttributeTypes.BOOLEAN, Everything::flag);
    static final Attribute<Everything, Instant> E_WHEN = Attribute.of("when", AttributeTypes.INSTANT, Everything::when);
    static final Attribute<Everything, Instant> E_EXPIRES = Attribute.of("ttl", AttributeTypes.EPOCH_SECONDS, Everything::expires);
    static final Attribute<Everything, LocalDate> E_DAY = Attribute.of("day", AttributeTypes.LOCAL_DATE, Everything::day);
    static final Attribute<Everything, Level> E_LEVEL = Attribute.of("level", AttributeTypes.enumType(Level.class), Everything::level);
    static final Attribute<Everything, UUID> E_UUID = Attribute.of("uuid", AttributeTypes.UUID, Everything::uuid);
    static final Attribute<Everything, byte[]> E_BYTES = Attribute.of("bytes", AttributeTypes.BYTES, Everything::bytes);
    static final Attribute<Everything, List<String>> E_LIST = Attribute.of("list", AttributeTypes.STRING_LIST, Everything::list);
    static final Attribute<Everything, Set<String>> E_SET = Attribute.of("set", AttributeTypes.STRING_SET, Everything::set);
    static final Attribute<Everything, Map<String, String>> E_MAP = Attribute.of("map", AttributeTypes.STRING_MAP, Everything::map);
    static final Attribute<Everything, Optional<String>> E_MAYBE =
            Attribute.of("maybe", AttributeTypes.optional(AttributeTypes.STRING), Everything::maybe);
    static final EntitySchema<Everything> EVERYTHING = EntitySchema.builder(Everything.class)
            .attributes(E_ID, E_TEXT, E_INT, E_LONG, E_DECIMAL, E_BIG, E_FLAG, E_WHEN, E_EXPIRES, E_DAY, E_LEVEL, E_UUID, E_BYTES,
                    E_LIST, E_SET, E_MAP, E_MAYBE)
            .primaryKey("EVERYTHING#{id}", "EVERYTHING")
            .factory(i -> new Everything(i.get(E_ID), i.get(E_TEXT), i.get(E_INT), i.get(E_LONG), i.get(E_DECIMAL), i.get(E_BIG),
                    i.get(E_FLAG), i.get(E_WHEN), i.get(E_EXPIRES), i.get(E_DAY), i.get(E_LEVEL), i.get(E_UUID), i.get(E_BYTES),
                    i.get(E_LIST), i.get(E_SET), i.get(E_MAP), i.get(E_MAYBE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("CoreTest")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .index(IndexSchema.of("GSI2", "GSI2PK", "GSI2SK"))
            .timeToLiveAttribute("ttl")
            .entities(READING, SENSOR, NOTE, LINE, EVERYTHING)
            .build();

    /**
     * The same table as another application (or another version of this one) declares it: it calls the DOC#/BODY
     * items Memo. One schema cannot hold both Note and Memo, whose primary keys would coincide (issue 10), so the
     * tests of type mismatches read the table through this one.
     */
    static final TableSchema MEMO_SCHEMA = TableSchema.builder("CoreTest")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .index(IndexSchema.of("GSI2", "GSI2PK", "GSI2SK"))
            .timeToLiveAttribute("ttl")
            .entities(READING, SENSOR, MEMO, LINE, EVERYTHING)
            .build();
}
