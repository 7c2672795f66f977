package dev.singletable.schema;

import dev.singletable.Volume;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Issue 30: rates of access patterns and the volume of entities in a schema file, optional and written back as read. */
class RatesInSchemaFileTest {
    private static final Path SHARDS = Path.of("../singletable-design/src/test/resources/cost/shards.singletable.yaml");
    private static final SchemaFile BLOG = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));

    @Test
    void load_whenPatternsDeclareRates_readsPeakAverageAndItems() {
        assertThat(BLOG.pattern("comments-on-post").rates()).contains(new Rates(600, 120, Optional.of(50)));
        assertThat(BLOG.document().entities().get("Comment").volume())
                .isEqualTo(new EntityVolume(Optional.of(10_000_000L), Optional.of(2_000_000L), Optional.of(new Rates(200, 20, Optional.empty()))));
    }

    @Test
    void entity_whenTheFileDeclaresVolume_carriesItAsTheCoresVolume() {
        assertThat(BLOG.entity("Comment").volume()).isEqualTo(new Volume(Optional.of(10_000_000L), Optional.of(2_000_000L),
                Optional.of(200.0), Optional.of(20.0)));
        assertThat(EntityVolume.of(BLOG.entity("Comment").volume())).isEqualTo(BLOG.document().entities().get("Comment").volume());
        assertThat(BLOG.entity("User").volume()).isEqualTo(BLOG.document().entities().get("User").volume().toVolume());
    }

    @Test
    void load_whenNothingDeclared_leavesRatesAndVolumeEmpty() {
        SchemaFile shop = SchemaFile.load(Path.of("../designs/ecommerce.singletable.yaml"));

        assertThat(shop.document().accessPatterns()).allSatisfy(p -> assertThat(p.rates()).isEmpty());
        assertThat(shop.document().entities().values()).allSatisfy(e -> assertThat(e.volume().isEmpty()).isTrue());
    }

    @Test
    void load_whenRatesHaveNoAverage_takesThePeak() {
        SchemaFile design = SchemaFile.parse(text("rates: {peak: 12}"), "rates.yaml");

        assertThat(design.pattern("one").rates()).contains(new Rates(12, 12, Optional.empty()));
    }

    @Test
    void load_whenAverageOverPeakOrMorePartitionsThanItems_refusesAtTheField() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                text("rates: {peak: 5, average: 9}").replace("    examples:", "    count: 10\n    partitionKeyValues: 20\n    examples:"),
                "bad.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "bad.yaml:13:5: entities.Note.partitionKeyValues: partitionKeyValues 20 is more than the entity's count 10; each item "
                        + "has one partition key: give at most 10",
                "bad.yaml:21:22: accessPatterns[0].rates.average: average 9.0 calls a second is more than the peak 5.0; the peak is "
                        + "the busiest rate: raise peak to at least 9.0 or lower average");
    }

    @Test
    void load_whenAnUnfilteredQueryDeclaresMoreItemsThanItsLimit_refusesTheItemsNamingBothFigures() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                text("limit: 5\n    rates: {peak: 1, items: 500}"), "bad.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "bad.yaml:20:22: accessPatterns[0].rates.items: access pattern 'one' declares items 500 read a call, more than its "
                        + "limit 5: without a filter a query stops after limit items (DynamoDB's Limit counts the items read), so a call "
                        + "reads at most 5; give items of at most 5, raise limit, or leave items out (it then defaults to the limit)");
    }

    /** Four shards, each Query of limit 5 stopping there: 20 items a call at most (the cost fixture declares exactly that). */
    @Test
    void load_whenAnUnfilteredQueryAcrossShardsDeclaresMoreItemsThanItsQueriesRead_refusesTheItems() throws IOException {
        String shards = Files.readString(SHARDS);
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                shards.replace("rates: {peak: 1, average: 1, items: 20}", "rates: {peak: 1, average: 1, items: 21}"), "bad.yaml"));

        assertThat(SchemaFile.parse(shards, "shards.yaml").pattern("capped").rates().flatMap(Rates::items)).contains(20);
        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "bad.yaml:51:34: accessPatterns[2].rates.items: access pattern 'capped' declares items 21 read a call, more than its "
                        + "limit 5 in each of its 4 Queries across shards: without a filter each shard's Query stops after limit items "
                        + "(DynamoDB's Limit counts the items read), so a call reads at most 20; give items of at most 20, raise limit, "
                        + "or leave items out (it then defaults to the limit in each Query)");
    }

    @Test
    void load_whenAQueryReadsPastItsLimitByDesign_takesItsItems() {
        // a filter pages on until the limit passes it; across shards each Query reads up to the limit
        SchemaFile filtered = SchemaFile.parse(text("limit: 5\n    filter: {equals: {noteId: n1}}\n    rates: {peak: 1, items: 500}"),
                "filtered.yaml");
        SchemaFile within = SchemaFile.parse(text("limit: 5\n    rates: {peak: 1, items: 5}"), "within.yaml");

        assertThat(filtered.pattern("one").rates().flatMap(Rates::items)).contains(500);
        assertThat(within.pattern("one").rates().flatMap(Rates::items)).contains(5);
    }

    @Test
    void load_whenRatesHaveAnUnknownField_refusesIt() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                text("rates: {peak: 5, perDay: 9}"), "bad.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::kind).contains(SchemaError.Kind.UNKNOWN_FIELD);
    }

    @Test
    void load_whenAnEntitysWritesGiveItems_refusesTheFieldAsAPutTouchesOneItem() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                text("rates: {peak: 5}").replace("    examples:", "    writes: {peak: 5, items: 3}\n    examples:"), "bad.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "bad.yaml:12:23: entities.Note.writes.items: unknown field 'items'; the fields here are peak, average");
    }

    @Test
    void load_whenALocalIndexHasSeveralSortKeyAttributes_refusesItAtTheIndex() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(
                text("rates: {peak: 5}").replace("  sortKey: {name: sk}\n", "  sortKey: {name: sk}\n  indexes:\n"
                        + "    - {name: lsi1, kind: local, sortKey: [{name: a}, {name: b}]}\n"), "bad.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly("bad.yaml:7:7: table.indexes[0]: LSI 'lsi1' has 2 "
                + "sort key attributes; an LSI has exactly one (and the table's partition key): give it with sortKey(...)");
    }

    private static String text(String rates) {
        return """
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: pk}
                  sortKey: {name: sk}
                entities:
                  Note:
                    attributes:
                      owner: {type: string, required: true}
                      noteId: {type: string, required: true}
                    keys: {pk: "OWNER#{owner}", sk: "NOTE#{noteId}"}
                    examples:
                      - {owner: a, noteId: n1}
                accessPatterns:
                  - name: one
                    operation: query
                    entity: Note
                    partition: {owner: a}
                    %s
                """.formatted(rates).replace("    examples:\n      - {owner", "    examples:\n      - {owner");
    }
}
