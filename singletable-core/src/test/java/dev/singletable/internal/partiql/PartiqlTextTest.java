package dev.singletable.internal.partiql;

import dev.singletable.Attribute;
import dev.singletable.AttributePath;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lexical level of PartiQL statements, and conditions rendered as PartiQL predicates. */
class PartiqlTextTest {
    record Doc(String name, long views, Map<String, String> links) {}

    static final Attribute<Doc, String> NAME = Attribute.required("name", AttributeTypes.STRING, Doc::name);
    static final Attribute<Doc, Long> VIEWS = Attribute.required("views", AttributeTypes.LONG, Doc::views);
    static final Attribute<Doc, Map<String, String>> LINKS = Attribute.of("links", AttributeTypes.STRING_MAP, Doc::links);

    @Test
    void tokens_whenQuotesAreDoubledAndCommentsPresent_readsNamesLiteralsAndParametersOutsideThem() {
        List<PartiqlText.Token> tokens = PartiqlText.tokens("UPDATE \"a\"\"b\" -- a ? in a comment\n SET x = 'it''s ?' /* ? */ WHERE y = ?",
                "statement");

        assertThat(tokens).containsExactly(
                new PartiqlText.Token(PartiqlText.Kind.WORD, "UPDATE"), new PartiqlText.Token(PartiqlText.Kind.QUOTED, "a\"b"),
                new PartiqlText.Token(PartiqlText.Kind.WORD, "SET"), new PartiqlText.Token(PartiqlText.Kind.WORD, "x"),
                new PartiqlText.Token(PartiqlText.Kind.OTHER, "="), new PartiqlText.Token(PartiqlText.Kind.STRING, "it's ?"),
                new PartiqlText.Token(PartiqlText.Kind.WORD, "WHERE"), new PartiqlText.Token(PartiqlText.Kind.WORD, "y"),
                new PartiqlText.Token(PartiqlText.Kind.OTHER, "="), new PartiqlText.Token(PartiqlText.Kind.PARAMETER, "?"));
    }

    @Test
    void tokens_whenLiteralIsNotClosed_isRefusedSayingWhere() {
        assertThatThrownBy(() -> PartiqlText.tokens("DELETE FROM \"T\" WHERE \"PK\" = 'x", "PartiQL statement"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("PartiQL statement has a string literal opened at character 30 that is never closed; close it with ' "
                        + "(write '' for a ' inside it)");
    }

    @Test
    void checkWrite_whenUpdateHasSetAndRemoveClauses_readsTheTopLevelAttributeOfEachPathTheyWrite() {
        dev.singletable.TableSchema table = dev.singletable.TableSchema.builder("Docs").entities(dev.singletable.EntitySchema.builder(Doc.class)
                .attributes(NAME, VIEWS, LINKS).primaryKey("DOC#{name}", "DOC")
                .factory(i -> new Doc(i.get(NAME), i.get(VIEWS), i.get(LINKS))).build()).build();

        PartiqlText.CheckedWrite update = PartiqlText.checkWrite("UPDATE \"Docs\" SET \"links\".\"name\" = ?, views = views + ? "
                + "SET \"name\" = list_append(\"name\", [?, ?]) REMOVE \"links\"[1], \"views\" WHERE \"name\" = ? AND \"views\" = ?", table);

        assertThat(update.changed()).containsExactly(Map.entry("links", "SET"), Map.entry("views", "SET"), Map.entry("name", "SET"));
        assertThat(update.parameterCount()).isEqualTo(6);
        assertThat(PartiqlText.checkWrite("UPDATE \"Docs\" REMOVE \"links\" SET \"views\" = {'a' : ?, 'b' : ?} WHERE \"name\" = ?", table)
                .changed()).containsExactly(Map.entry("links", "REMOVE"), Map.entry("views", "SET"));
        assertThat(PartiqlText.checkWrite("DELETE FROM \"Docs\" WHERE \"name\" = ?", table).changed()).isEmpty();
    }

    /** NOT binds more loosely than BETWEEN in PartiQL, as in DynamoDB's condition expressions: no parentheses needed. */
    @Test
    void predicate_whenConditionNestsNotBetweenSizeAndPaths_rendersPartiqlWithParametersInOrder() {
        List<AttributeValue> parameters = new ArrayList<>();
        Condition condition = Condition.not(Condition.between(VIEWS, 1L, 9L)).or(Condition.size(NAME).gt(3))
                .and(Condition.eq(AttributePath.of(LINKS).<String>key("home page"), "x"))
                .and(Condition.notExists(AttributePath.of(LINKS).<String>key("old")));

        assertThat(PartiqlText.predicate(condition, parameters)).isEqualTo("(NOT \"views\" BETWEEN ? AND ? OR size(\"name\") > ?) AND "
                + "\"links\".\"home page\" = ? AND \"links\".\"old\" IS MISSING");
        assertThat(parameters).containsExactly(AttributeValue.fromN("1"), AttributeValue.fromN("9"), AttributeValue.fromN("3"),
                AttributeValue.fromS("x"));
    }

    @Test
    void checkWrite_whenUpdateReadsAStoredValueOrRemovesAListElement_isNotRepeatable() {
        dev.singletable.TableSchema table = dev.singletable.TableSchema.builder("Docs").entities(dev.singletable.EntitySchema.builder(Doc.class)
                .attributes(NAME, VIEWS, LINKS).primaryKey("DOC#{name}", "DOC")
                .factory(i -> new Doc(i.get(NAME), i.get(VIEWS), i.get(LINKS))).build()).build();
        java.util.function.Predicate<String> repeatable = clauses -> PartiqlText.checkWrite("UPDATE \"Docs\" " + clauses
                + " WHERE \"name\" = ? AND \"views\" > views", table).repeatable();

        assertThat(List.of("SET \"views\" = ?", "SET \"views\" = 3, \"links\" = {'a' : ?, 'b' : 'x'}", "REMOVE \"links\"",
                "SET \"links\".\"name\" = ? REMOVE \"views\"", "SET \"links\" = NULL")).allMatch(repeatable);
        assertThat(List.of("SET \"views\" = views + ?", "SET \"views\" = \"views\" - 1", "SET \"name\" = list_append(\"name\", [?])",
                "SET \"views\" = ?, \"links\" = set_add(links, <<?>>)", "SET \"name\" = \"links\"", "REMOVE \"links\"[1]",
                "SET \"views\" = ? REMOVE \"name\"[0]", "SET \"links\"[5] = ?")).noneMatch(repeatable);
        assertThat(PartiqlText.checkWrite("DELETE FROM \"Docs\" WHERE \"name\" = ?", table).repeatable()).isTrue();
    }
}
