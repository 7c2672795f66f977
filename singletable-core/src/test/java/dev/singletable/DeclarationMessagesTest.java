package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The fixes of the messages that depend on how an entity was declared, in its author's words: the Java builder's
 * (the default), a schema file's and an annotated record's. Nothing is sent: the tables are offline.
 */
class DeclarationMessagesTest {
    record Note(String userId, String noteId, String title, Integer views) {
    }

    static final Attribute<Note, String> USER_ID = Attribute.required("userId", AttributeTypes.STRING, Note::userId);
    static final Attribute<Note, String> NOTE_ID = Attribute.required("noteId", AttributeTypes.STRING, Note::noteId);
    static final Attribute<Note, String> TITLE = Attribute.required("title", AttributeTypes.STRING, Note::title);
    static final Attribute<Note, Integer> VIEWS = Attribute.of("views", AttributeTypes.INTEGER, Note::views);

    private static final Note NOTE = new Note("u1", "n1", "Hello", 3);

    private static EntitySchema<Note> note(Declaration declaration) {
        EntitySchema.Builder<Note> builder = EntitySchema.builder(Note.class)
                .attributes(USER_ID, NOTE_ID, TITLE, VIEWS)
                .primaryKey("USER#{userId}", "NOTE#{noteId}")
                .factory(item -> new Note(item.get(USER_ID), item.get(NOTE_ID), item.get(TITLE), item.get(VIEWS)));
        return declaration == Declaration.BUILDER ? builder.build() : builder.declaredWith(declaration).build();
    }

    private static Table table(EntitySchema<Note> note) {
        return Table.offline(TableSchema.builder("Notes").entities(note).build());
    }

    private static String missingTitle(Declaration declaration) {
        EntitySchema<Note> note = note(declaration);
        Table table = table(note);
        Map<String, AttributeValue> item = new HashMap<>(table.toItem(NOTE));
        item.remove("title");
        return catchMessage(() -> table.fromItem(note, item), ItemDecodingException.class);
    }

    private static String removeTitle(Declaration declaration) {
        return catchMessage(() -> Update.of(note(declaration)).remove(TITLE), ValidationException.class);
    }

    private static String putWithoutTitle(Declaration declaration) {
        return catchMessage(() -> table(note(declaration)).toItem(new Note("u1", "n1", null, 3)), ValidationException.class);
    }

    private static String catchMessage(Runnable call, Class<? extends Throwable> type) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(call::run);
        assertThat(thrown).isInstanceOf(type);
        return thrown.getMessage();
    }

    @Test
    void declaration_whenNotDeclared_isTheBuilder() {
        assertThat(note(Declaration.BUILDER).declaration()).isEqualTo(Declaration.BUILDER);
    }

    @Test
    void declaredWith_whenGivenNull_failsNamingTheParameter() {
        assertThatThrownBy(() -> EntitySchema.builder(Note.class).declaredWith(null))
                .isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("EntitySchema.Builder.declaredWith(declaration): declaration is null");
    }

    @Test
    void fromItem_whenRequiredAttributeIsMissingOfABuilderEntity_advisesAttributeOf() {
        assertThat(missingTitle(Declaration.BUILDER)).isEqualTo("Note [PK=USER#u1, SK=NOTE#n1] lacks required attribute 'title'; "
                + "write it, or declare the attribute with Attribute.of(...) to allow it to be missing");
    }

    @Test
    void fromItem_whenRequiredAttributeIsMissingOfASchemaFileEntity_advisesDroppingRequired() {
        assertThat(missingTitle(Declaration.SCHEMA_FILE)).isEqualTo("Note [PK=USER#u1, SK=NOTE#n1] lacks required attribute 'title'; "
                + "write it, or drop required: true from it in the schema file to allow it to be missing");
    }

    @Test
    void fromItem_whenRequiredAttributeIsMissingOfAnAnnotatedEntity_advisesDroppingTheAnnotation() {
        assertThat(missingTitle(Declaration.ANNOTATIONS)).isEqualTo("Note [PK=USER#u1, SK=NOTE#n1] lacks required attribute 'title'; "
                + "write it, or declare it without @Attribute(required = true), and with a boxed type if it is a primitive "
                + "(Integer for int), to allow it to be missing");
    }

    @Test
    void fromItem_whenKeyAttributeIsMissingOfAnAnnotatedEntity_saysItIsAlwaysRequired() {
        EntitySchema<Note> note = note(Declaration.ANNOTATIONS);
        Table table = table(note);
        Map<String, AttributeValue> item = new HashMap<>(table.toItem(NOTE));
        item.remove("noteId");

        assertThatThrownBy(() -> table.fromItem(note, item)).isInstanceOf(ItemDecodingException.class)
                .hasMessage("Note [PK=USER#u1, SK=NOTE#n1] lacks required attribute 'noteId'; write it (it fills a slot of the "
                        + "primary key, so it is always required)");
    }

    @Test
    void remove_whenAttributeIsRequiredOfABuilderEntity_advisesAttributeOf() {
        assertThat(removeTitle(Declaration.BUILDER)).isEqualTo("Update of Note cannot remove title: it is required (declared with "
                + "Attribute.required); set another value, or declare it with Attribute.of(...) to allow it to be absent");
    }

    @Test
    void remove_whenAttributeIsRequiredOfASchemaFileEntity_advisesDroppingRequired() {
        assertThat(removeTitle(Declaration.SCHEMA_FILE)).isEqualTo("Update of Note cannot remove title: it is required (required: "
                + "true in the schema file); set another value, or drop required: true to allow it to be absent");
    }

    @Test
    void remove_whenAttributeIsRequiredOfAnAnnotatedEntity_advisesDroppingTheAnnotation() {
        assertThat(removeTitle(Declaration.ANNOTATIONS)).isEqualTo("Update of Note cannot remove title: it is required "
                + "(@Attribute(required = true), or a primitive); set another value, or declare it without @Attribute(required "
                + "= true), and with a boxed type if it is a primitive (Integer for int), to allow it to be absent");
    }

    @Test
    void remove_whenAttributeFillsThePrimaryKeyOfAnAnnotatedEntity_saysTheKeyCannotChange() {
        assertThatThrownBy(() -> Update.of(note(Declaration.ANNOTATIONS)).remove(NOTE_ID)).isInstanceOf(ValidationException.class)
                .hasMessage("Update of Note cannot remove noteId: it fills a slot of the primary key, so it is always required; "
                        + "an update cannot change the item's key");
    }

    @Test
    void toItem_whenRequiredAttributeIsNullOfABuilderEntity_advisesAttributeOf() {
        assertThat(putWithoutTitle(Declaration.BUILDER))
                .isEqualTo("Note.title is null but required; give it a value or declare it with Attribute.of(...) to allow null");
    }

    @Test
    void toItem_whenRequiredAttributeIsNullOfASchemaFileEntity_advisesDroppingRequired() {
        assertThat(putWithoutTitle(Declaration.SCHEMA_FILE)).isEqualTo("Note.title is null but required; give it a value or drop "
                + "required: true from it in the schema file to allow null");
    }

    @Test
    void toItem_whenRequiredAttributeIsNullOfAnAnnotatedEntity_advisesDroppingTheAnnotation() {
        assertThat(putWithoutTitle(Declaration.ANNOTATIONS)).isEqualTo("Note.title is null but required; give it a value or "
                + "declare it without @Attribute(required = true) to allow null");
    }

    @Test
    void toItem_whenKeyAttributeIsNullOfAnAnnotatedEntity_saysItIsAlwaysRequired() {
        assertThatThrownBy(() -> table(note(Declaration.ANNOTATIONS)).toItem(new Note("u1", null, "Hello", 3)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note.noteId is null but required; give it a value (it fills a slot of the primary key, so it is always "
                        + "required)");
    }

    @Test
    void retryOnConflict_whenEntityHasNoVersionOfEachDeclaration_saysHowToDeclareOneThere() {
        Map<Declaration, String> fixes = new java.util.EnumMap<>(Declaration.class);
        for (Declaration declaration : Declaration.values()) {
            EntitySchema<Note> note = note(declaration);
            fixes.put(declaration, catchMessage(() -> table(note).retryOnConflict(note, KeyValues.of(USER_ID, "u1").and(NOTE_ID, "n1"),
                    3, n -> n), ValidationException.class));
        }

        String lead = "retryOnConflict on Note: the entity has no version attribute, so a conflicting write could not be detected; ";
        assertThat(fixes).containsExactly(
                Map.entry(Declaration.BUILDER, lead + "declare one with EntitySchema.builder(...).version(VERSION)"),
                Map.entry(Declaration.ANNOTATIONS, lead + "declare one with @Version on a long, Long, int or Integer attribute"),
                Map.entry(Declaration.SCHEMA_FILE, lead + "declare one in the schema file: an integer or long attribute with role: version"));
    }
}
