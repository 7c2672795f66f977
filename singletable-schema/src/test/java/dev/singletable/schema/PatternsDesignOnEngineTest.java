package dev.singletable.schema;

import dev.singletable.DynamicItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The modelling patterns declared in a schema file ({@code designs/patterns.singletable.yaml}): a
 * hierarchy path slot, a time bucket and a shard slot in templates, and access patterns that query a
 * subtree, children, a range of buckets and every shard; the file round-trips through the writer.
 */
class PatternsDesignOnEngineTest {
    static final Path FILE = Path.of("../designs/patterns.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Category", "Reading");

    private static DynamicItem example(String entity, int index) {
        return DESIGN.examples(entity).get(index);
    }

    @Test
    void toYaml_whenGivenTheDocumentOfThePatternsFile_writesTheSameText() throws IOException {
        assertThat(SchemaFileWriter.toYaml(DESIGN.document())).isEqualTo(Files.readString(FILE));
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "patterns.json").document()).isEqualTo(DESIGN.document());
    }

    @Test
    void toItem_whenPathBucketAndShardSlots_composesTheSeedsKeys() {
        assertThat(db.table().toItem(example("Category", 2))).containsEntry("PK", av("CATEGORY#ELECTRONICS#AUDIO#HEADPHONES"))
                .containsEntry("GSI1SK", av("CATEGORY#ELECTRONICS#AUDIO#HEADPHONES"));
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> reading = db.table().toItem(example("Reading", 1));
        assertThat(reading).containsEntry("PK", av("SENSOR#d2#2025-05-19")).containsEntry("GSI1PK", av("READINGS#2025-05-19#3"));
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue av(String s) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(s);
    }

    @Test
    void run_subtreeAndChildren_stopAtSegmentBoundaries() {
        assertThat(DESIGN.run(db.table(), "audio-subtree", Map.of())).containsExactly(example("Category", 1), example("Category", 2));
        assertThat(DESIGN.run(db.table(), "electronics-children", Map.of())).containsExactly(example("Category", 1), example("Category", 3));
    }

    /** Issue 35: acrossBuckets on an attribute with no bucket slot loaded, and failed only when the pattern ran. */
    @Test
    void load_whenAcrossBucketsNamesAnAttributeWithNoBucketSlot_refusesAtTheAttribute() throws IOException {
        String text = Files.readString(FILE).replace("    acrossBuckets:\n      attribute: takenAt", "    acrossBuckets:\n      attribute: deviceId");
        assertThat(text).contains("attribute: deviceId");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessageContaining("acrossBuckets reads every time bucket of 'deviceId', but the partition key template "
                        + "[SENSOR#{deviceId}#{takenAt:bucket=DAY}] has no bucket slot of it; its bucket slots are takenAt");
    }

    @Test
    void run_acrossBucketsAndShards_mergeInSortKeyOrder() {
        assertThat(DESIGN.run(db.table(), "device-readings", Map.of())).containsExactly(example("Reading", 0), example("Reading", 2));
        assertThat(DESIGN.run(db.table(), "readings-of-a-day", Map.of())).containsExactly(example("Reading", 2), example("Reading", 1));
    }

    @Test
    void run_whenAcrossBucketsBoundsGiven_readsTheBucketsOfThatRange() {
        assertThat(DESIGN.run(db.table(), "device-readings", Map.of("takenAt.from", "2025-05-19T00:00:00Z")))
                .containsExactly(example("Reading", 2));
        assertThat(DESIGN.run(db.table(), "device-readings", Map.of("deviceId", "d2", "takenAt.to", "2025-05-19T05:59:59Z"))).isEmpty();
    }

    @Test
    void load_whenBucketOnAString_refusesNamingEntityAndTemplate() {
        assertThatThrownBy(() -> SchemaFile.parse(Files.readString(FILE).replace("READINGS#{takenAt:bucket=DAY}", "READINGS#{deviceId:bucket=DAY}"),
                "bad.yaml").tableSchema())
                .isInstanceOf(SchemaFileException.class)
                .hasMessageContaining("bad.yaml:84:9: entities.Reading.indexes.GSI1.pk: template "
                        + "'READINGS#{deviceId:bucket=DAY}#{shard:of=deviceId,count=4}': time bucket {deviceId:bucket=DAY} is on attribute "
                        + "'deviceId', a String, which holds no point in time; bucket an Instant, a LocalDate or a long of epoch seconds, "
                        + "or drop ':bucket=DAY'\n");
    }
    @Test
    void load_whenExamplesHaveAnEmptyPathSegment_reportsEachAtItsPathWithTheCoresReason() throws IOException {
        String text = Files.readString(FILE)
                .replace("        path:\n          - ELECTRONICS\n        name: Electronics\n",
                        "        path: ['', ELECTRONICS]\n        name: Electronics\n")
                .replace("          - ELECTRONICS\n          - AUDIO2\n", "          - ELECTRONICS\n          - ''\n          - AUDIO2\n");

        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(text, "bad.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "bad.yaml:48:9: entities.Category.examples[0].path: Category primary partition key template 'CATEGORY#{path}': "
                        + "segment 0 of path [, ELECTRONICS] in slot {path} is empty; every segment needs text, as an empty one would "
                        + "make '##' and a node no query can tell from its parent: remove it or give it a name",
                "bad.yaml:62:9: entities.Category.examples[3].path: Category primary partition key template 'CATEGORY#{path}': "
                        + "segment 1 of path [ELECTRONICS, , AUDIO2] in slot {path} is empty; every segment needs text, as an empty one "
                        + "would make '##' and a node no query can tell from its parent: remove it or give it a name");
        assertThat(failure.errors()).extracting(SchemaError::kind)
                .containsExactly(SchemaError.Kind.INVALID_VALUE, SchemaError.Kind.INVALID_VALUE);
    }

    @Test
    void load_whenShardCountIsZeroOrOverOneThousand_refusesNamingEntityTemplateAndTheFix() {
        for (int count : new int[] {0, 1001}) {
            String template = "READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=" + count + "}";
            assertThatThrownBy(() -> SchemaFile.parse(Files.readString(FILE).replace("READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=4}",
                    template), "bad.yaml").tableSchema())
                    .isInstanceOf(SchemaFileException.class)
                    .hasMessageContaining("bad.yaml:84:9: entities.Reading.indexes.GSI1.pk: template '" + template + "': shard slot "
                            + "{shard:of=deviceId,count=" + count + "} has count " + count + "; give a whole number of shards from 1 to 1000 "
                            + "(a query across all shards sends one request per shard), such as count=10\n");
        }
    }
}
