package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.TimeBucket;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Path, time-bucket and shard slots: composed, parsed back, and refused where they cannot work. */
class PatternSlotsTest {
    record Node(List<String> path, String name, Instant takenAt, LocalDate day, Long epoch, String deviceId, Integer rating) {
    }

    private static final Map<String, Attribute<Node, ?>> ATTRIBUTES = attributes();

    private static Map<String, Attribute<Node, ?>> attributes() {
        Map<String, Attribute<Node, ?>> map = new LinkedHashMap<>();
        for (Attribute<Node, ?> attribute : List.<Attribute<Node, ?>>of(
                Attribute.of("path", AttributeTypes.STRING_LIST, Node::path),
                Attribute.of("name", AttributeTypes.STRING, Node::name),
                Attribute.of("takenAt", AttributeTypes.INSTANT, Node::takenAt),
                Attribute.of("day", AttributeTypes.LOCAL_DATE, Node::day),
                Attribute.of("epoch", AttributeTypes.LONG, Node::epoch),
                Attribute.of("deviceId", AttributeTypes.STRING, Node::deviceId),
                Attribute.of("rating", AttributeTypes.INTEGER, Node::rating))) {
            map.put(attribute.name(), attribute);
        }
        return map;
    }

    private static BoundKeyTemplate<Node> bind(String template, KeyRole role) {
        return new BoundKeyTemplate<>(KeyTemplate.parse(template), role, "Node primary " + role.description(), ATTRIBUTES);
    }

    private static Node node(List<String> path) {
        return new Node(path, "n", Instant.parse("2025-05-19T13:45:30Z"), LocalDate.of(2025, 5, 19), 1_747_662_330L, "d1", 1);
    }

    @Test
    void compose_whenPathSlot_joinsSegmentsAndParsesBack() {
        BoundKeyTemplate<Node> template = bind("CATEGORY#{path}", KeyRole.PARTITION);
        String key = template.compose(node(List.of("ELECTRONICS", "AUDIO", "HEADPHONES")));
        assertThat(key).isEqualTo("CATEGORY#ELECTRONICS#AUDIO#HEADPHONES");
        assertThat(template.parse(key)).isEqualTo(Map.of("path", List.of("ELECTRONICS", "AUDIO", "HEADPHONES")));
    }

    @Test
    void compose_whenSegmentHoldsSeparator_escapesItAndRoundTrips() {
        BoundKeyTemplate<Node> template = bind("CATEGORY#{path}", KeyRole.SORT);
        List<String> path = List.of("A#B", "C\\D", "E");
        String key = template.compose(node(path));
        assertThat(key).isEqualTo("CATEGORY#A\\#B#C\\\\D#E");
        assertThat(template.parse(key)).isEqualTo(Map.of("path", path));
        assertThat(template.compose(node(List.of("A", "B", "E")))).isNotEqualTo(key);
    }

    @Test
    void compose_whenSegmentEmpty_refusesNamingSegmentAndTemplate() {
        BoundKeyTemplate<Node> template = bind("CATEGORY#{path}", KeyRole.SORT);
        assertThatThrownBy(() -> template.compose(node(List.of("ELECTRONICS", "", "HEADPHONES"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Node primary sort key template 'CATEGORY#{path}': segment 1 of path [ELECTRONICS, , HEADPHONES] in slot "
                        + "{path} is empty; every segment needs text, as an empty one would make '##' and a node no query can tell "
                        + "from its parent: remove it or give it a name");
    }

    @Test
    void bind_whenPathSlotNotLast_refuses() {
        assertThatThrownBy(() -> bind("CATEGORY#{path}#DETAILS", KeyRole.SORT))
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Node primary sort key template 'CATEGORY#{path}#DETAILS': path slot {path} must end the template, as its "
                        + "segments are joined by '#' and a subtree query reads every key that starts with the path; move it to the "
                        + "end, such as 'CATEGORY#{path}'");
    }

    @Test
    void compose_whenBucketSlots_writesUtcBucketOfEachType() {
        Node node = node(List.of("x"));
        assertThat(bind("S#{takenAt:bucket=HOUR}", KeyRole.PARTITION).compose(node)).isEqualTo("S#2025-05-19T13");
        assertThat(bind("S#{takenAt:bucket=DAY}", KeyRole.PARTITION).compose(node)).isEqualTo("S#2025-05-19");
        assertThat(bind("S#{takenAt:bucket=MONTH}", KeyRole.PARTITION).compose(node)).isEqualTo("S#2025-05");
        assertThat(bind("S#{day:bucket=MONTH}", KeyRole.PARTITION).compose(node)).isEqualTo("S#2025-05");
        assertThat(bind("S#{epoch:bucket=DAY}", KeyRole.PARTITION).compose(node)).isEqualTo("S#2025-05-19");
    }

    @Test
    void parse_whenBucketSlot_checksTheTextButGivesNoValue() {
        BoundKeyTemplate<Node> template = bind("SENSOR#{deviceId}#{takenAt:bucket=DAY}", KeyRole.PARTITION);
        assertThat(template.parse("SENSOR#d1#2025-05-19")).isEqualTo(Map.of("deviceId", "d1"));
        assertThatThrownBy(() -> template.parse("SENSOR#d1#2025-05-19T13")).isInstanceOf(KeyTemplateException.class)
                .hasMessageStartingWith("Key 'SENSOR#d1#2025-05-19T13' does not match Node primary partition key template "
                        + "'SENSOR#{deviceId}#{takenAt:bucket=DAY}': slot {takenAt} holds '2025-05-19T13': '2025-05-19T13' is not a DAY bucket");
    }

    @Test
    void parse_whenBucketUnitUnknown_refusesNamingUnits() {
        assertThatThrownBy(() -> KeyTemplate.parse("S#{takenAt:bucket=WEEK}")).isInstanceOf(KeyTemplateException.class)
                .hasMessage("Key template 'S#{takenAt:bucket=WEEK}': slot {takenAt:bucket=WEEK} names unknown bucket unit 'WEEK'; "
                        + "use HOUR, DAY or MONTH, such as {takenAt:bucket=DAY}");
    }

    @Test
    void bind_whenBucketOnNonTimeAttribute_refuses() {
        assertThatThrownBy(() -> bind("S#{name:bucket=DAY}", KeyRole.PARTITION)).isInstanceOf(KeyTemplateException.class)
                .hasMessage("Node primary partition key template 'S#{name:bucket=DAY}': time bucket {name:bucket=DAY} is on attribute "
                        + "'name', a String, which holds no point in time; bucket an Instant, a LocalDate or a long of epoch seconds, "
                        + "or drop ':bucket=DAY'");
        assertThatThrownBy(() -> bind("S#{day:bucket=HOUR}", KeyRole.PARTITION)).isInstanceOf(KeyTemplateException.class)
                .hasMessage("Node primary partition key template 'S#{day:bucket=HOUR}', slot {day:bucket=HOUR}: a LocalDate has no "
                        + "hour; use bucket=DAY or bucket=MONTH, or an Instant attribute");
    }

    @Test
    void parse_whenShardSlot_knowsAttributeAndCount() {
        KeyTemplate template = KeyTemplate.parse("READINGS#{shard:of=deviceId,count=10}");
        KeyTemplate.Slot slot = template.slots().get(0);
        assertThat(slot.attribute()).isEqualTo("deviceId");
        assertThat(slot.shardCount()).isEqualTo(10);
        assertThat(slot.isShard()).isTrue();
        assertThat(slot.bucket()).isEmpty();
        assertThat(slot).hasToString("{shard:of=deviceId,count=10}");
        assertThat(KeyTemplate.parse("S#{takenAt:bucket=DAY}").slots().get(0).bucket()).contains(TimeBucket.DAY);
    }

    @Test
    void compose_whenShardSlot_writesFnv1aOfTheValueModuloCount() {
        BoundKeyTemplate<Node> template = bind("READINGS#{shard:of=deviceId,count=10}", KeyRole.PARTITION);
        // the published FNV-1a 32 test vector: "a" hashes to 0xe40c292c
        assertThat(ShardSlots.fnv1a("a")).isEqualTo(0xe40c292c);
        // "d1" hashes to 2283607014 (unsigned), which is 4 modulo 10 and 14 modulo 100
        assertThat(Integer.toUnsignedLong(ShardSlots.fnv1a("d1"))).isEqualTo(2_283_607_014L);
        assertThat(template.compose(node(List.of("x")))).isEqualTo("READINGS#4");
        assertThat(template.compose(KeyValues.of("deviceId", new ShardSlots.ShardNumber(7)))).isEqualTo("READINGS#7");
        assertThat(bind("R#{shard:of=deviceId,count=100}", KeyRole.PARTITION).compose(KeyValues.of("deviceId", "d1")))
                .isEqualTo("R#14");
        assertThat(template.parse("READINGS#4")).isEqualTo(Map.of());
    }

    @Test
    void parse_whenShardCountOutOfRange_refuses() {
        assertThatThrownBy(() -> KeyTemplate.parse("R#{shard:of=deviceId,count=0}")).isInstanceOf(KeyTemplateException.class)
                .hasMessage("Key template 'R#{shard:of=deviceId,count=0}': shard slot {shard:of=deviceId,count=0} has count 0; give a "
                        + "whole number of shards from 1 to 1000 (a query across all shards sends one request per shard), such as count=10");
        assertThatThrownBy(() -> KeyTemplate.parse("R#{shard:of=deviceId,count=1001}")).isInstanceOf(KeyTemplateException.class)
                .hasMessageContaining("has count 1001; give a whole number of shards from 1 to 1000");
    }

    @Test
    void bind_whenShardOfUnknownAttribute_refusesWithSuggestion() {
        assertThatThrownBy(() -> bind("R#{shard:of=deviceID,count=10}", KeyRole.PARTITION)).isInstanceOf(KeyTemplateException.class)
                .hasMessage("Node primary partition key template 'R#{shard:of=deviceID,count=10}': shard slot "
                        + "{shard:of=deviceID,count=10} hashes unknown attribute 'deviceID' (did you mean 'deviceId'?); the attributes "
                        + "are path, name, takenAt, day, epoch, deviceId, rating");
    }
}
