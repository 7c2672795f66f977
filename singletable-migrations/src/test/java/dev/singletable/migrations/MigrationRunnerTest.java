package dev.singletable.migrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link MigrationRunner} on the embedded engine: up, status, down, a re-run that does nothing, a step
 * that fails in the middle and resumes from its saved scan position, and two racing runners.
 */
class MigrationRunnerTest {
    /** A note whose text a step upper-cases and whose {@code tag} a step fills. */
    record Note(String noteId, String text, String tag) {
        Note with(String newText, String newTag) {
            return new Note(noteId, newText, newTag);
        }
    }

    static final Attribute<Note, String> NOTE_ID = Attribute.required("noteId", AttributeTypes.STRING, Note::noteId);
    static final Attribute<Note, String> TEXT = Attribute.required("text", AttributeTypes.STRING, Note::text);
    static final Attribute<Note, String> TAG = Attribute.of("tag", AttributeTypes.STRING, Note::tag);
    static final EntitySchema<Note> NOTE = EntitySchema.builder(Note.class).type("Note")
            .attributes(NOTE_ID, TEXT, TAG)
            .primaryKey("NOTE#{noteId}", "NOTE")
            .factory(item -> new Note(item.get(NOTE_ID), item.get(TEXT), item.get(TAG)))
            .build();
    static final TableSchema SCHEMA = TableSchema.builder("Notes").entities(NOTE).build();
    static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private Table table;

    /** Step 1: every note's text upper-cased (safe twice); down lower-cases it. */
    final class UpperCaseTexts implements Migration {
        final List<String> seen = Collections.synchronizedList(new ArrayList<>());
        int failAfter = Integer.MAX_VALUE;

        @Override
        public long version() {
            return 1;
        }

        @Override
        public String description() {
            return "Note texts upper-cased";
        }

        @Override
        public void up(MigrationContext context) {
            context.forEach(NOTE, note -> {
                if (seen.size() == failAfter) {
                    throw new IllegalStateException("disk full");
                }
                seen.add(note.noteId());
                context.table().put(note.with(note.text().toUpperCase(java.util.Locale.ROOT), note.tag()));
            });
        }

        @Override
        public void down(MigrationContext context) {
            context.forEach(NOTE, note -> context.table().put(note.with(note.text().toLowerCase(java.util.Locale.ROOT), note.tag())));
        }
    }

    /** Step 2: notes tagged "plain" where untagged; no down. */
    static final class TagNotes implements Migration {
        @Override
        public long version() {
            return 2;
        }

        @Override
        public String description() {
            return "Untagged notes tagged plain";
        }

        @Override
        public void up(MigrationContext context) {
            context.forEachItem("Note", item -> {
                if (!item.containsKey("tag")) {
                    context.client().updateItem(b -> b.tableName(context.table().schema().name())
                            .key(java.util.Map.of("PK", item.get("PK"), "SK", item.get("SK")))
                            .updateExpression("SET tag = :tag")
                            .expressionAttributeValues(java.util.Map.of(":tag", AttributeValue.fromS("plain"))));
                }
            });
        }
    }

    @BeforeEach
    void tenNotes() {
        table = Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
        db.client().scan(b -> b.tableName(db.tableName())).items()
                .forEach(item -> db.client().deleteItem(b -> b.tableName(db.tableName()).key(java.util.Map.of("PK", item.get("PK"), "SK", item.get("SK")))));
        IntStream.rangeClosed(1, 10).forEach(i -> table.put(new Note(String.format("N%02d", i), "text " + i, null)));
    }

    private MigrationRunner runner(String owner, Migration... migrations) {
        return MigrationRunner.builder(table, db.client()).migrations(List.of(migrations)).owner(owner)
                .clock(Clock.fixed(NOW, ZoneOffset.UTC)).scanPageSize(3).build();
    }

    private List<Note> notes() {
        return table.scan(NOTE).list().stream().sorted(java.util.Comparator.comparing(Note::noteId)).toList();
    }

    @Test
    void up_whenTwoStepsPending_appliesBothAndStatusShowsThemApplied() {
        MigrationRunner runner = runner("test", new UpperCaseTexts(), new TagNotes());

        List<MigrationStep> applied = runner.up();

        assertThat(applied).containsExactly(
                new MigrationStep(1, "Note texts upper-cased", MigrationStep.State.APPLIED, Optional.of(NOW)),
                new MigrationStep(2, "Untagged notes tagged plain", MigrationStep.State.APPLIED, Optional.of(NOW)));
        assertThat(runner.status()).isEqualTo(applied);
        assertThat(notes()).isEqualTo(IntStream.rangeClosed(1, 10)
                .mapToObj(i -> new Note(String.format("N%02d", i), "TEXT " + i, "plain")).toList());
    }

    @Test
    void status_beforeAnyRun_showsEveryStepPending() {
        assertThat(runner("test", new TagNotes(), new UpperCaseTexts()).status()).containsExactly(
                new MigrationStep(1, "Note texts upper-cased", MigrationStep.State.PENDING, Optional.empty()),
                new MigrationStep(2, "Untagged notes tagged plain", MigrationStep.State.PENDING, Optional.empty()));
    }

    @Test
    void up_whenRunAgain_doesNothing() {
        UpperCaseTexts upper = new UpperCaseTexts();
        runner("test", upper).up();

        List<MigrationStep> second = runner("test", upper).up();

        assertThat(second).isEmpty();
        assertThat(upper.seen).hasSize(10);
    }

    @Test
    void upTo_whenVersionGiven_stopsThere() {
        MigrationRunner runner = runner("test", new UpperCaseTexts(), new TagNotes());

        runner.up(1);

        assertThat(runner.status()).extracting(MigrationStep::state)
                .containsExactly(MigrationStep.State.APPLIED, MigrationStep.State.PENDING);
    }

    @Test
    void down_whenStepHasDown_revertsItAndItIsPendingAgain() {
        MigrationRunner runner = runner("test", new UpperCaseTexts());
        runner.up();

        List<MigrationStep> reverted = runner.down(0);

        assertThat(reverted).containsExactly(new MigrationStep(1, "Note texts upper-cased", MigrationStep.State.PENDING, Optional.empty()));
        assertThat(runner.status()).isEqualTo(reverted);
        assertThat(notes()).extracting(Note::text).containsExactlyElementsOf(
                IntStream.rangeClosed(1, 10).mapToObj(i -> "text " + i).toList());
    }

    @Test
    void down_whenStepHasNoDown_refusesBeforeRunningAnything() {
        MigrationRunner runner = runner("test", new UpperCaseTexts(), new TagNotes());
        runner.up();

        assertThatThrownBy(() -> runner.down(0))
                .isInstanceOf(MigrationDefinitionException.class)
                .hasMessage("Migration 2 (Untagged notes tagged plain) has no down step, so it cannot be reverted; nothing was run. "
                        + "Override down(MigrationContext) in dev.singletable.migrations.MigrationRunnerTest$TagNotes");
        assertThat(runner.status()).extracting(MigrationStep::state)
                .containsExactly(MigrationStep.State.APPLIED, MigrationStep.State.APPLIED);
    }

    @Test
    void up_whenALaterStepFails_theFailureListsTheStepsThisCallAppliedBeforeIt() {
        Migration failing = new Migration() {
            @Override
            public long version() {
                return 2;
            }

            @Override
            public String description() {
                return "Always fails";
            }

            @Override
            public void up(MigrationContext context) {
                throw new IllegalStateException("boom");
            }
        };
        MigrationRunner runner = runner("test", new UpperCaseTexts(), failing);

        assertThatThrownBy(runner::up).isInstanceOf(MigrationFailedException.class)
                .extracting(e -> List.of(((MigrationFailedException) e).version(), ((MigrationFailedException) e).doneBefore()))
                .isEqualTo(List.of(2L, List.of(new MigrationStep(1, "Note texts upper-cased", MigrationStep.State.APPLIED, Optional.of(NOW)))));
        assertThatThrownBy(runner::up).isInstanceOf(MigrationFailedException.class) // step 1 was applied by the call before
                .extracting(e -> ((MigrationFailedException) e).doneBefore()).isEqualTo(List.of());
    }

    @Test
    void up_whenStepFailsInTheMiddle_isInterruptedAndTheNextRunResumesFromTheSavedPage() {
        UpperCaseTexts upper = new UpperCaseTexts();
        upper.failAfter = 5; // pages of 3: the first page is saved, the second fails on its third note
        MigrationRunner runner = runner("test", upper);

        assertThatThrownBy(runner::up)
                .isInstanceOf(MigrationFailedException.class)
                .hasMessage("Migration 1 (Note texts upper-cased) failed: disk full; it is recorded as interrupted: fix the "
                        + "cause and run up again to resume it (its scans continue from their saved place)")
                .extracting(e -> ((MigrationFailedException) e).version()).isEqualTo(1L);
        assertThat(runner.status()).containsExactly(
                new MigrationStep(1, "Note texts upper-cased", MigrationStep.State.INTERRUPTED, Optional.empty()));
        List<String> firstRun = List.copyOf(upper.seen);
        upper.seen.clear();
        upper.failAfter = Integer.MAX_VALUE;

        runner.up();

        List<String> all = IntStream.rangeClosed(1, 10).mapToObj(i -> String.format("N%02d", i)).toList();
        assertThat(firstRun).hasSize(5);
        // pages of 3 scanned items (the state and lock items among them): the first note was on a page
        // finished and saved before the sixth note failed, so the second run never sees it again
        assertThat(upper.seen).as("the second run resumes at the saved page, not at the first")
                .doesNotContain(firstRun.get(0))
                .containsAll(all.stream().filter(id -> !firstRun.contains(id)).toList());
        assertThat(new java.util.TreeSet<>(java.util.stream.Stream.concat(firstRun.stream(), upper.seen.stream()).toList()))
                .containsExactlyElementsOf(all);
        assertThat(notes()).extracting(Note::text).containsExactlyElementsOf(
                IntStream.rangeClosed(1, 10).mapToObj(i -> "TEXT " + i).toList());
        assertThat(runner.status()).containsExactly(
                new MigrationStep(1, "Note texts upper-cased", MigrationStep.State.APPLIED, Optional.of(NOW)));
    }

    @Test
    void up_whenAnotherRunnerHoldsTheLock_throwsNamingTheOwner() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Migration slow = new Migration() {
            @Override
            public long version() {
                return 1;
            }

            @Override
            public String description() {
                return "Slow";
            }

            @Override
            public void up(MigrationContext context) {
                inside.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        CompletableFuture<List<MigrationStep>> first = CompletableFuture.supplyAsync(() -> runner("runner-a", slow).up());
        assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();

        try {
            assertThatThrownBy(() -> runner("runner-b", slow).up())
                    .isInstanceOf(MigrationLockedException.class)
                    .hasMessage("The migration lock of table " + db.tableName() + " is held by runner-a until " + NOW.plus(Duration.ofMinutes(5))
                            + "; nothing was run. Another runner is migrating: wait for it and run again")
                    .satisfies(e -> {
                        assertThat(((MigrationLockedException) e).owner()).isEqualTo("runner-a");
                        assertThat(((MigrationLockedException) e).stale()).isFalse();
                    });
        } finally {
            release.countDown();
        }
        assertThat(first.get(30, TimeUnit.SECONDS)).extracting(MigrationStep::version).containsExactly(1L);
    }

    @Test
    void up_whenLockIsStale_refusesUnlessToldToBreakIt() {
        Clock later = Clock.fixed(NOW.plus(Duration.ofHours(1)), ZoneOffset.UTC);
        // a runner that died holding the lock: its item stays
        db.client().putItem(b -> b.tableName(db.tableName()).item(java.util.Map.of(
                "PK", AttributeValue.fromS("_singletable#migrations#lock"), "SK", AttributeValue.fromS("_singletable#migrations#lock"),
                "entityType", AttributeValue.fromS("_MigrationLock"), "owner", AttributeValue.fromS("crashed"),
                "expiresAt", AttributeValue.fromN(Long.toString(NOW.toEpochMilli())))));
        MigrationRunner.Builder builder = MigrationRunner.builder(table, db.client()).migrations(List.of(new TagNotes())).clock(later);

        assertThatThrownBy(() -> builder.build().up())
                .isInstanceOf(MigrationLockedException.class)
                .hasMessage("The migration lock of table " + db.tableName() + " is held by crashed and went stale at " + NOW
                        + " (its runner stopped without releasing it); nothing was run. Break it with --break-lock "
                        + "(MigrationRunner.Builder.breakStaleLock(true)) once you are sure that runner is gone");
        assertThat(builder.breakStaleLock(true).build().up()).extracting(MigrationStep::version).containsExactly(2L);
        assertThat(table.get(NOTE, KeyValues.of(NOTE_ID, "N01"))).contains(new Note("N01", "text 1", "plain"));
    }

    @Test
    void build_whenTwoStepsShareAVersion_throws() {
        assertThatThrownBy(() -> runner("test", new TagNotes(), new TagNotes()))
                .isInstanceOf(MigrationDefinitionException.class)
                .hasMessage("Migrations 2 (Untagged notes tagged plain) and 2 (Untagged notes tagged plain) have the same version; "
                        + "give each its own");
    }

    @Test
    void entityReads_afterARun_skipTheStateAndLockItems() {
        runner("test", new TagNotes()).up();

        assertThat(table.scan(NOTE).list()).hasSize(10);
    }

    @Test
    void builder_whenArgumentIsNull_throwsNamingIt() {
        assertThatThrownBy(() -> MigrationRunner.builder(table, db.client()).owner(null))
                .isInstanceOf(dev.singletable.NullArgumentException.class)
                .hasMessage("MigrationRunner.Builder.owner(owner): owner is null; give a value (singletable takes no null as \"nothing\")");
    }
}
