package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.ValidationException;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Empty lists and maps of dynamic entities: DynamoDB stores them (an empty L, an empty M), so an item read back has them
 * as written, through every way of writing and reading; an absent one stays absent. Empty sets, which DynamoDB cannot
 * store, are refused before anything is sent.
 */
class EmptyCollectionsOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Notes
              partitionKey: {name: PK}
              sortKey: {name: SK}
            types:
              Section:
                attributes:
                  title: {type: string, required: true}
                  lines: {type: stringList}
                  marks: {type: stringSet}
            entities:
              Note:
                attributes:
                  owner: {type: string, required: true}
                  noteId: {type: string, required: true}
                  tags: {type: stringList}
                  labels: {type: stringMap}
                  flags: {type: stringSet}
                  scores: {type: numberSet}
                  blobs: {type: binarySet}
                  sections: {type: list, of: Section}
                  byName: {type: map, of: Section}
                  main: {type: Section}
                keys: {pk: "OWNER#{owner}", sk: "NOTE#{noteId}"}
              Memo:
                attributes:
                  memoId: {type: string, required: true}
                  tags: {type: stringList}
                  labels: {type: stringMap}
                  version: {type: long, role: version}
                  createdAt: {type: instant, role: createdAt}
                keys: {pk: "MEMO#{memoId}", sk: MEMO}
            """, "notes.yaml");
    private static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    private static final EntitySchema<DynamicItem> NOTE = DESIGN.entity("Note");
    private static final EntitySchema<DynamicItem> MEMO = DESIGN.entity("Memo");

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).onClockAt(NOW);

    private static DynamicItem section(String title) {
        return DynamicItem.builder("Section").set("title", title).set("lines", List.of()).build();
    }

    /** A note whose every list and map is empty, and whose records hold an empty list. */
    private static DynamicItem emptyNote(String owner, String noteId) {
        return DynamicItem.builder("Note").set("owner", owner).set("noteId", noteId)
                .set("tags", List.of()).set("labels", Map.of())
                .set("sections", List.of(section("intro"))).set("byName", Map.of()).set("main", section("main"))
                .build();
    }

    private static KeyValues key(String owner, String noteId) {
        return KeyValues.of("owner", owner).and("noteId", noteId);
    }

    private static DynamicItem stored(String owner, String noteId) {
        return db.table().get(NOTE, key(owner, noteId), ReadConsistency.STRONG).orElseThrow();
    }

    private static Map<String, AttributeValue> raw(String pk, String sk) {
        return new TreeMap<>(db.client().getItem(GetItemRequest.builder().tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build()).item());
    }

    @Test
    void putAndGet_whenListsAndMapsAreEmpty_storesEmptyLAndMAndReadsThemBack() {
        DynamicItem note = emptyNote("ann", "N1");

        DynamicItem written = db.table().put(note);

        Map<String, AttributeValue> intro = Map.of("title", AttributeValue.fromS("intro"), "lines", AttributeValue.fromL(List.of()));
        Map<String, AttributeValue> main = Map.of("title", AttributeValue.fromS("main"), "lines", AttributeValue.fromL(List.of()));
        assertThat(raw("OWNER#ann", "NOTE#N1")).isEqualTo(new TreeMap<>(Map.of(
                "PK", AttributeValue.fromS("OWNER#ann"), "SK", AttributeValue.fromS("NOTE#N1"), "entityType", AttributeValue.fromS("Note"),
                "owner", AttributeValue.fromS("ann"), "noteId", AttributeValue.fromS("N1"),
                "tags", AttributeValue.fromL(List.of()), "labels", AttributeValue.fromM(Map.of()),
                "sections", AttributeValue.fromL(List.of(AttributeValue.fromM(intro))), "byName", AttributeValue.fromM(Map.of()),
                "main", AttributeValue.fromM(main))));
        assertThat(written).isEqualTo(note);
        assertThat(stored("ann", "N1")).isEqualTo(note);
    }

    @Test
    void get_whenListsAndMapsAreAbsent_readsThemAbsentNotEmpty() {
        DynamicItem note = DynamicItem.builder("Note").set("owner", "ben").set("noteId", "N1")
                .set("main", DynamicItem.builder("Section").set("title", "main").build()).build();

        db.table().put(note);

        DynamicItem read = stored("ben", "N1");
        assertThat(read).isEqualTo(note);
        assertThat(read.values().keySet()).containsExactly("owner", "noteId", "main");
        assertThat(read.get("main", DynamicItem.class).values().keySet()).containsExactly("title");
    }

    @Test
    void queryAndBatchGet_whenListsAndMapsAreEmpty_readThemBackEmpty() {
        DynamicItem first = emptyNote("cid", "N1");
        DynamicItem second = emptyNote("cid", "N2").with("tags", List.of("kept"));
        db.table().batchWrite().putAll(List.of(first, second)).execute();

        List<DynamicItem> queried = db.table().query(NOTE).partition(KeyValues.of("owner", "cid")).list();
        var fetched = db.table().batchGet(List.of(ItemKey.of(NOTE, key("cid", "N1")), ItemKey.of(NOTE, key("cid", "N2"))));

        assertThat(queried).containsExactly(first, second);
        assertThat(fetched.found(NOTE)).containsExactlyInAnyOrder(first, second);
        assertThat(fetched.notFound()).isEmpty();
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenListsAndMapsAreEmpty_writesAndReadsThemBackEmpty() {
        DynamicItem note = emptyNote("dan", "N1");

        db.table().transaction().put(note).execute();
        var read = db.table().transactGet(List.of(ItemKey.of(NOTE, key("dan", "N1"))));

        assertThat(read.get(ItemKey.of(NOTE, key("dan", "N1")))).contains(note);
    }

    @Test
    void update_whenSettingAnEmptyList_storesItAndReturnsIt() {
        db.table().put(emptyNote("eve", "N1").with("tags", List.of("a", "b")).with("labels", Map.of("k", "v")));

        DynamicItem updated = db.table().update(NOTE, key("eve", "N1"), u -> u
                .set(DESIGN.path("Note", "tags"), DESIGN.pathValue("Note", "tags", List.of()))
                .set(DESIGN.path("Note", "labels"), DESIGN.pathValue("Note", "labels", Map.of())));

        assertThat(updated).isEqualTo(emptyNote("eve", "N1"));
        assertThat(stored("eve", "N1")).isEqualTo(emptyNote("eve", "N1"));
        assertThat(raw("OWNER#eve", "NOTE#N1")).containsEntry("tags", AttributeValue.fromL(List.of()))
                .containsEntry("labels", AttributeValue.fromM(Map.of()));
    }

    @Test
    void create_whenEntityHasMaintainedAttributes_keepsEmptyListsAndMapsInTheItemItBuildsAgain() {
        // a version and a creation time make the write rebuild the item through the entity's factory before encoding it
        DynamicItem memo = DynamicItem.builder("Memo").set("memoId", "M1").set("tags", List.of()).set("labels", Map.of()).build();

        DynamicItem created = db.table().create(memo);

        DynamicItem expected = memo.toBuilder().set("version", 1L).set("createdAt", NOW).build();
        assertThat(created).isEqualTo(expected);
        assertThat(db.table().get(MEMO, KeyValues.of("memoId", "M1"), ReadConsistency.STRONG)).contains(expected);
        assertThat(raw("MEMO#M1", "MEMO")).containsEntry("tags", AttributeValue.fromL(List.of()))
                .containsEntry("labels", AttributeValue.fromM(Map.of()));
    }

    @Test
    void put_whenASetIsEmpty_refusesNamingEntityAttributeAndValueAndWritesNothing() {
        DynamicItem note = emptyNote("fay", "N1").with("flags", Set.of());

        assertThatThrownBy(() -> db.table().put(note))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note.flags: the empty set [] cannot be stored (DynamoDB has no empty sets, so the attribute would be "
                        + "left out and read back absent); leave flags out, or give it at least one value");
        assertThat(db.table().get(NOTE, key("fay", "N1"), ReadConsistency.STRONG)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"scores", "blobs"})
    void put_whenANumberOrBinarySetIsEmpty_refusesItAsAStringSetAndWritesNothing(String attribute) {
        DynamicItem note = emptyNote("hal", "N1").with(attribute, Set.of());

        assertThatThrownBy(() -> db.table().put(note))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note." + attribute + ": the empty set [] cannot be stored (DynamoDB has no empty sets, so the attribute would be "
                        + "left out and read back absent); leave " + attribute + " out, or give it at least one value");
        assertThat(db.table().get(NOTE, key("hal", "N1"), ReadConsistency.STRONG)).isEmpty();
    }

    @Test
    void put_whenASetInsideARecordIsEmpty_refusesNamingItsPath() {
        DynamicItem note = emptyNote("gil", "N1").with("sections", List.of(section("intro"), section("body").with("marks", Set.of())));

        assertThatThrownBy(() -> db.table().batchWrite().put(note).execute())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note.sections[1].marks: the empty set [] cannot be stored (DynamoDB has no empty sets, so the attribute "
                        + "would be left out and read back absent); leave marks out, or give it at least one value");
        assertThat(db.table().get(NOTE, key("gil", "N1"), ReadConsistency.STRONG)).isEmpty();
    }

    @Test
    void parse_whenAnExampleHoldsAnEmptySet_reportsItWithItsPlace() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class,
                () -> SchemaFile.parse(DESIGN_TEXT_WITH_EXAMPLE, "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:14:34: entities.Note.examples[0].flags: the empty set [] cannot be stored (DynamoDB has no empty "
                        + "sets, so the attribute would be left out and read back absent); leave flags out, or give it at least one value");
        assertThat(failure.errors()).extracting(SchemaError::kind).containsExactly(SchemaError.Kind.INVALID_VALUE);
    }

    @Test
    void parse_whenAnExampleHoldsAnEmptySetInsideARecord_reportsItAtTheAttributeNamingItsPath() {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: PK}
                  sortKey: {name: SK}
                types:
                  Section:
                    attributes:
                      title: {type: string, required: true}
                      marks: {type: stringSet}
                entities:
                  Note:
                    attributes:
                      owner: {type: string, required: true}
                      noteId: {type: string, required: true}
                      sections: {type: list, of: Section}
                    keys: {pk: "OWNER#{owner}", sk: "NOTE#{noteId}"}
                    examples:
                      - {owner: ann, noteId: N1, sections: [{title: intro, marks: [a]}, {title: body, marks: []}]}
                """, "notes.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "notes.yaml:19:34: entities.Note.examples[0].sections: sections[1].marks: the empty set [] cannot be stored (DynamoDB has "
                        + "no empty sets, so the attribute would be left out and read back absent); leave marks out, or give it at least "
                        + "one value");
    }

    private static final String DESIGN_TEXT_WITH_EXAMPLE = """
            format: singletable/1
            table:
              name: Notes
              partitionKey: {name: PK}
              sortKey: {name: SK}
            entities:
              Note:
                attributes:
                  owner: {type: string, required: true}
                  noteId: {type: string, required: true}
                  flags: {type: stringSet}
                keys: {pk: "OWNER#{owner}", sk: "NOTE#{noteId}"}
                examples:
                  - {owner: ann, noteId: N1, flags: []}
            """;
}
