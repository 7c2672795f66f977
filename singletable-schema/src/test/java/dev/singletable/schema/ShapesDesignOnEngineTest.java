package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 10's index shapes declared in a schema file: GSIs on own attributes, an LSI, a number sort
 * key, INCLUDE projections, and (rendered only: DynamoDB Local 2.6.1 has none) a multi-attribute key.
 */
class ShapesDesignOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.load(Path.of("../designs/shapes.singletable.yaml"));

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Comment", "Score");

    private static DynamicItem example(String entity, int index) {
        return DESIGN.examples(entity).get(index);
    }

    @Test
    void load_whenIndexesHaveShapes_mapsThemOntoTheCoreModel() {
        assertThat(DESIGN.tableSchema().indexes()).containsExactly(
                IndexSchema.global("ByRoom").partitionKey(KeyAttribute.string("roomId")).sortKey(KeyAttribute.string("createdAt")).build(),
                DESIGN.tableSchema().index("ByUserRoom").orElseThrow(),
                IndexSchema.global("Leaderboard").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.number("points"))
                        .projection(Projection.include("game", "player", "nickname", "entityType")).build());
        IndexSchema lsi = DESIGN.tableSchema().index("ByUserRoom").orElseThrow();
        assertThat(lsi.kind()).isEqualTo(IndexKind.LOCAL);
        assertThat(lsi.partitionKey()).containsExactly(KeyAttribute.string("PK"));
        assertThat(lsi.sortKey()).containsExactly(KeyAttribute.string("LSI1SK"));
    }

    @Test
    void run_commentsInRoom_readsTheOwnAttributeGsiInTimeOrderWithoutRoomlessComments() {
        assertThat(DESIGN.run(db.table(), "comments-in-room", Map.of())).containsExactly(example("Comment", 1), example("Comment", 0));
    }

    @Test
    void run_roomsOfUser_readsTheLsi() {
        assertThat(DESIGN.run(db.table(), "rooms-of-user", Map.of())).containsExactly(example("Comment", 0));
        assertThat(DESIGN.run(db.table(), "rooms-of-user", Map.of("roomId", "garden"))).containsExactly(example("Comment", 2));
    }

    @Test
    void run_leaderboard_ordersByTheNumberSortKeyDescending() {
        assertThat(DESIGN.run(db.table(), "leaderboard", Map.of())).containsExactly(example("Score", 1), example("Score", 2), example("Score", 0));
    }

    @Test
    void query_whenIndexHasAMultiAttributeKey_rendersOneConditionPerKeyAttribute() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Orders
                  partitionKey: {name: PK}
                  sortKey: {name: SK}
                  indexes:
                    - name: ByRegionShop
                      kind: global
                      partitionKey: [{name: region, type: S}, {name: shop, type: S}]
                      sortKey: {name: total, type: N}
                entities:
                  Order:
                    attributes:
                      orderId: {type: string, required: true}
                      region: {type: string, required: true}
                      shop: {type: string, required: true}
                      total: {type: long, required: true}
                    keys: {pk: "ORDER#{orderId}", sk: ORDER}
                    indexes:
                      ByRegionShop: {pk: ["{region}", "{shop}"], sk: "{total}"}
                accessPatterns:
                  - {name: orders-of-shop, entity: Order, index: ByRegionShop, partition: {region: eu, shop: s1}, sort: {greaterThan: {total: 100}}}
                """, "orders.yaml");

        assertThat(design.query(Table.of(design.tableSchema(), db.client()), "orders-of-shop", Map.of()).toRequest().toString())
                // Order is the table's only entity type: no other items can be in the index, so no entity-type filter;
                // no listener and no debug log read the consumed capacity, so it is not asked for
                .isEqualTo("QueryRequest(TableName=Orders, IndexName=ByRegionShop, "
                        + "KeyConditionExpression=#pk0 = :pk0 AND #pk1 = :pk1 AND #sk > :sk, "
                        + "ExpressionAttributeNames={#pk0=region, #pk1=shop, #sk=total}, "
                        + "ExpressionAttributeValues={:pk0=AttributeValue(S=eu), :pk1=AttributeValue(S=s1), :sk=AttributeValue(N=100)})");
    }
}
