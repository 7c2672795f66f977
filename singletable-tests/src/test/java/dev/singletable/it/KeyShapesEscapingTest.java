package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.internal.keys.EntityTemplates;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.singletable.it.ShapesModel.COMMENT;
import static dev.singletable.it.ShapesModel.C_ROOM;
import static dev.singletable.it.ShapesModel.Comment;
import static dev.singletable.it.ShapesModel.MEMBERSHIP;
import static dev.singletable.it.ShapesModel.M_USER;
import static dev.singletable.it.ShapesModel.Membership;
import static dev.singletable.it.ShapesModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 10, both halves together: escape sets apply only to key text composed from a template. N and B keys
 * (the value itself), index keys that are an entity's own attribute and index keys that reuse a table key are
 * neither escaped nor counted in escape sets, and the primary-key overlap check takes value parts as able to
 * hold anything. Queries on sort keys without composed text keep the entity-type filter where another entity
 * type can share the partition, and say so in {@code explain().notes()}.
 */
class KeyShapesEscapingTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2026-04-01T12:00:00Z");
    private static final int HASH = '#';

    @Test
    void escapesByKeyAttribute_whenIndexKeysAreValuesOwnAttributesOrTableKeys_countsOnlyComposedTemplates() {
        // roomId/createdAt (own S attributes), player (own), LBSK (N), replay (B) and the Inverted index's SK/PK
        // (table keys, counted once from the primary templates) make no escape set
        assertThat(EntityTemplates.escapesByKeyAttribute(SCHEMA)).isEqualTo(Map.of(
                "PK", Set.of(HASH), "SK", Set.of(HASH), "LBPK", Set.of(HASH), "LSI1SK", Set.of(HASH)));
        assertThat(EntityTemplates.escapesByKeyAttribute(ShapesModel.TOURNAMENTS)).isEqualTo(Map.of("PK", Set.of(HASH), "SK", Set.of()));
        assertThat(EntityTemplates.escapesByKeyAttribute(ShapesModel.DEVICES)).isEmpty();
    }

    @Test
    void put_whenValuesHoldEscapeSetCharacters_escapesComposedKeysAndStoresOwnAttributesAsGiven() {
        db.table().put(new Comment("u#1", "c#1", "r#1", T0, "hi"));

        Map<String, AttributeValue> item = db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("USER#u\\#1"), "SK", AttributeValue.fromS("COMMENT#c\\#1"))).build()).item();
        assertThat(item).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("USER#u\\#1"),
                "SK", AttributeValue.fromS("COMMENT#c\\#1"),
                "LSI1SK", AttributeValue.fromS("ROOM#r\\#1#2026-04-01T12:00:00.000000000Z"), // fixed width: sorts as instants
                "entityType", AttributeValue.fromS("Comment"),
                "userId", AttributeValue.fromS("u#1"),
                "commentId", AttributeValue.fromS("c#1"),
                "roomId", AttributeValue.fromS("r#1"),
                "createdAt", AttributeValue.fromS("2026-04-01T12:00:00Z"),
                "text", AttributeValue.fromS("hi")));
        // the own-attribute index is keyed on the value as given: the query sends it unescaped
        assertThat(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "r#1").toRequest().expressionAttributeValues())
                .isEqualTo(Map.of(":pk", AttributeValue.fromS("r#1")));
        assertThat(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "r#1").list())
                .containsExactly(new Comment("u#1", "c#1", "r#1", T0, "hi"));
    }

    @Test
    void query_whenIndexReusesTableKeys_sendsThePrimaryKeysEscapedTextNarrowedByTheSortKeyPrefix() {
        db.table().put(new Membership("g#1", "u#2", "owner"));

        QueryRequest request = db.table().query(MEMBERSHIP).index("Inverted").partition(M_USER, "u#2").toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .indexName("Inverted")
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .expressionAttributeNames(Map.of("#pk", "SK", "#sk", "PK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("USER#u\\#2"), ":sk", AttributeValue.fromS("GROUP#")))
                .build());
        assertThat(db.table().query(MEMBERSHIP).index("Inverted").partition(M_USER, "u#2").list())
                .containsExactly(new Membership("g#1", "u#2", "owner"));
    }

    record Left(String a, long n) {}

    record Right(String c, long m) {}

    private static final Attribute<Left, String> L_A = Attribute.required("a", AttributeTypes.STRING, Left::a);
    private static final Attribute<Left, Long> L_N = Attribute.required("n", AttributeTypes.LONG, Left::n);
    private static final Attribute<Right, String> R_C = Attribute.required("c", AttributeTypes.STRING, Right::c);
    private static final Attribute<Right, Long> R_M = Attribute.required("m", AttributeTypes.LONG, Right::m);

    private static EntitySchema<Left> left(String pk, String sk, String gsiPk) {
        return EntitySchema.builder(Left.class).attributes(L_A, L_N).primaryKey(pk, sk).index("ByPoints", gsiPk, "{n}")
                .factory(i -> new Left(i.get(L_A), i.get(L_N))).build();
    }

    private static EntitySchema<Right> right(String pk, String sk, String gsiPk) {
        return EntitySchema.builder(Right.class).attributes(R_C, R_M).primaryKey(pk, sk).index("ByPoints", gsiPk, "{m}")
                .factory(i -> new Right(i.get(R_C), i.get(R_M))).build();
    }

    private static TableSchema numberSorted(EntitySchema<?>... entities) {
        return TableSchema.builder("Points").sortKey(KeyAttribute.number("SK"))
                .index(IndexSchema.global("ByPoints").partitionKey(KeyAttribute.string("GPK")).sortKey(KeyAttribute.number("GSK")).build())
                .entities(entities).build();
    }

    @Test
    void build_whenNumberSortKeysShareAPartitionTemplate_failsAsValuesCanBeEqual() {
        assertThatThrownBy(() -> numberSorted(left("P#{a}", "{n}", "G#{a}"), right("P#{c}", "{m}", "G#{c}")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table Points: entity types Left ('P#{a}' / '{n}') and Right ('P#{c}' / '{m}') can write the same primary "
                        + "key, such as PK='P#', SK=<equal values>, and then one overwrites the other; give one of them other literal "
                        + "text in its sort key template, such as 'RIGHT#{...}'");
    }

    @Test
    void build_whenNumberSortKeysHaveDistinctPartitionTemplates_isFine() {
        assertThatCode(() -> numberSorted(left("L#{a}", "{n}", "G#{a}"), right("R#{c}", "{m}", "G#{c}"))).doesNotThrowAnyException();
    }

    @Test
    void build_whenPartitionKeyOnlyTableHoldsTwoEntitiesKeyedByTheirOwnNumbers_failsAsValuesCanBeEqual() {
        record Other(long deviceId) {}
        Attribute<Other, Long> id = Attribute.required("deviceId", AttributeTypes.LONG, Other::deviceId);
        EntitySchema<Other> other = EntitySchema.builder(Other.class).attributes(id).primaryKey("{deviceId}")
                .factory(i -> new Other(i.get(id))).build();

        assertThatThrownBy(() -> TableSchema.builder("Devices").partitionKey(KeyAttribute.number("deviceId")).noSortKey()
                .entities(ShapesModel.DEVICE, other).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table Devices: entity types Device ('{deviceId}') and Other ('{deviceId}') can write the same primary key, "
                        + "such as deviceId=<equal values>, and then one overwrites the other; give one of them other literal text in "
                        + "its partition key template, such as 'OTHER#{...}'");
    }

    @Test
    void explain_whenANumberSortKeyCannotTellEntitiesApart_keepsTheTypeFilterAndSaysWhy() {
        EntitySchema<Left> left = left("L#{a}", "{n}", "G#{a}");
        Table table = Table.of(numberSorted(left, right("R#{c}", "{m}", "G#{c}")), db.client());

        var explanation = table.query(left).index("ByPoints").partition(L_A, "x")
                .sortGreaterThan(KeyValues.of(L_N, 10L)).explain();

        assertThat(explanation.request()).isEqualTo(QueryRequest.builder()
                .tableName("Points")
                .indexName("ByPoints")
                .keyConditionExpression("#pk = :pk AND #sk > :sk")
                .filterExpression("#et = :et")
                .expressionAttributeNames(Map.of("#pk", "GPK", "#sk", "GSK", "#et", "entityType"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("G#x"), ":sk", AttributeValue.fromN("10"),
                        ":et", AttributeValue.fromS("Left")))
                .build());
        assertThat(explanation.notes()).isEqualTo(List.of("the entity-type filter stays: items of Right can have this partition "
                + "key, and the sort key of index ByPoints 'GSK' holds a value (a number, bytes or the entity's own attribute), not "
                + "composed text, which holds no literal prefix to narrow by, so DynamoDB reads them and the filter drops them"));
    }

    @Test
    void selectMaps_onKeysOnlyIndexOnlyItsEntityHas_needsNoEntityTypeAttribute() {
        db.table().put(new ShapesModel.Score("chess", "p#7", 7, "nick7", null));

        // only Score has 'player', so only its items are in ByPlayer: no filter, so the projection need not hold entityType
        var read = db.table().query(ShapesModel.SCORE).index("ByPlayer").partition(ShapesModel.S_PLAYER, "p#7")
                .selectMaps(ShapesModel.S_PLAYER);
        assertThat(read.toRequest()).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .indexName("ByPlayer")
                .keyConditionExpression("#pk = :pk")
                .projectionExpression("#pk, #PK, #SK")
                .expressionAttributeNames(Map.of("#pk", "player", "#PK", "PK", "#SK", "SK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("p#7")))
                .build());
        assertThat(read.list()).containsExactly(Map.of("player", "p#7"));
    }

    record Bout(String id, String league, long round) {}

    record Clash(String id, String league, long round) {}

    @Test
    void explain_whenTwoEntitiesShareAMultiAttributeIndex_keepsTheTypeFilterAndSaysWhy() {
        Attribute<Bout, String> boutId = Attribute.required("id", AttributeTypes.STRING, Bout::id);
        Attribute<Bout, String> boutLeague = Attribute.required("league", AttributeTypes.STRING, Bout::league);
        Attribute<Bout, Long> boutRound = Attribute.required("round", AttributeTypes.LONG, Bout::round);
        EntitySchema<Bout> bout = EntitySchema.builder(Bout.class).attributes(boutId, boutLeague, boutRound).primaryKey("BOUT#{id}", "BOUT")
                .index("ByLeague", dev.singletable.IndexKey.ofAttributes(List.of("{league}"), List.of("{round}", "{id}")))
                .factory(i -> new Bout(i.get(boutId), i.get(boutLeague), i.get(boutRound))).build();
        Attribute<Clash, String> clashId = Attribute.required("id", AttributeTypes.STRING, Clash::id);
        Attribute<Clash, String> clashLeague = Attribute.required("league", AttributeTypes.STRING, Clash::league);
        Attribute<Clash, Long> clashRound = Attribute.required("round", AttributeTypes.LONG, Clash::round);
        EntitySchema<Clash> clash = EntitySchema.builder(Clash.class).attributes(clashId, clashLeague, clashRound).primaryKey("CLASH#{id}", "CLASH")
                .index("ByLeague", dev.singletable.IndexKey.ofAttributes(List.of("{league}"), List.of("{round}", "{id}")))
                .factory(i -> new Clash(i.get(clashId), i.get(clashLeague), i.get(clashRound))).build();
        Table table = Table.of(TableSchema.builder("Leagues")
                .index(IndexSchema.global("ByLeague").partitionKey(KeyAttribute.string("league"))
                        .sortKey(KeyAttribute.number("round"), KeyAttribute.string("id")).build())
                .entities(bout, clash).build(), db.client());

        var explanation = table.query(bout).index("ByLeague").partition(boutLeague, "north").sortEquals(KeyValues.of(boutRound, 2L)).explain();

        assertThat(explanation.request()).isEqualTo(QueryRequest.builder()
                .tableName("Leagues")
                .indexName("ByLeague")
                .keyConditionExpression("#pk = :pk AND #sk0 = :sk0")
                .filterExpression("#et = :et")
                .expressionAttributeNames(Map.of("#pk", "league", "#sk0", "round", "#et", "entityType"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("north"), ":sk0", AttributeValue.fromN("2"),
                        ":et", AttributeValue.fromS("Bout")))
                .build());
        assertThat(explanation.notes()).isEqualTo(List.of("the entity-type filter stays: items of Clash can have this partition "
                + "key, and the sort key of index ByLeague is made of attributes [round, id], which holds no literal prefix to narrow "
                + "by, so DynamoDB reads them and the filter drops them"));
    }
}
