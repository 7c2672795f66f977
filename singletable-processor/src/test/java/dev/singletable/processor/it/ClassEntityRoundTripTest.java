package dev.singletable.processor.it;

import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static dev.singletable.processor.it.RawItems.item;
import static dev.singletable.processor.it.RawItems.n;
import static dev.singletable.processor.it.RawItems.s;
import static dev.singletable.processor.it.RawItems.stored;
import static dev.singletable.processor.it.RawItems.strings;
import static org.assertj.core.api.Assertions.assertThat;

/** Entities that are classes, not records, on the engine: one built with setters, one with a constructor. */
class ClassEntityRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("ClassThings")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(MemberSchema.INSTANCE, ArticleSchema.INSTANCE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    static Member member(UUID id, String nickname, String displayName, boolean active, long visits, Instant joinedAt, List<String> roles,
                         String scratch) {
        Member member = new Member();
        member.setId(id);
        member.setNickname(nickname);
        member.setDisplayName(displayName);
        member.setActive(active);
        member.setVisits(visits);
        member.setJoinedAt(joinedAt);
        member.setRoles(roles);
        member.setScratch(scratch);
        return member;
    }

    @Test
    void putGetAndQuery_whenTheEntityHasSetters_storesKebabCaseNamesAndReadsAnEqualEntityBack() {
        UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        Instant joined = Instant.parse("2025-05-19T09:00:00Z");
        Member written = member(id, "annie", "Ann Lee", true, 9_000_000_000L, joined, List.of("admin", "editor"), "not stored");

        db.table().put(written);
        Member got = db.table().get(MemberSchema.INSTANCE, KeyValues.of(MemberSchema.ID, id)).orElseThrow();
        List<Member> queried = db.table().query(MemberSchema.INSTANCE).partition(KeyValues.of(MemberSchema.ID, id)).list();
        List<Member> byNickname = db.table().query(MemberSchema.INSTANCE).index(MemberSchema.GSI1)
                .partition(KeyValues.of(MemberSchema.NICKNAME, "annie")).list();

        assertThat(stored(db, "MEMBER#" + id, "MEMBER")).isEqualTo(item(
                "PK", s("MEMBER#" + id), "SK", s("MEMBER"), "GSI1PK", s("NICK#annie"), "GSI1SK", s("2025-05-19T09:00:00.000000000Z"),
                "entityType", s("Member"), "id", s(id.toString()), "nickname", s("annie"), "display-name", s("Ann Lee"), "active", AttributeValue.fromBool(true),
                "visits", n("9000000000"), "joinedAt", s("2025-05-19T09:00:00Z"), "roles", strings("admin", "editor")));
        Member expected = member(id, "annie", "Ann Lee", true, 9_000_000_000L, joined, List.of("admin", "editor"), null);
        assertThat(got).usingRecursiveComparison().isEqualTo(expected);
        assertThat(queried).singleElement().usingRecursiveComparison().isEqualTo(expected);
        assertThat(byNickname).singleElement().usingRecursiveComparison().isEqualTo(expected);
    }

    @Test
    void putGetAndQuery_whenTheSetterEntityHasNullsAndDefaults_storesOnlyTheKeyAndPrimitivesAndReadsThemBack() {
        UUID id = UUID.fromString("00000000-0000-0000-0000-000000000001");
        Member written = member(id, null, null, false, 0, null, null, null);

        db.table().put(written);
        Member got = db.table().get(MemberSchema.INSTANCE, KeyValues.of(MemberSchema.ID, id)).orElseThrow();
        List<Member> queried = db.table().query(MemberSchema.INSTANCE).partition(KeyValues.of(MemberSchema.ID, id)).list();

        assertThat(stored(db, "MEMBER#" + id, "MEMBER")).isEqualTo(item(
                "PK", s("MEMBER#" + id), "SK", s("MEMBER"), "entityType", s("Member"), "id", s(id.toString()),
                "active", AttributeValue.fromBool(false), "visits", n("0")));
        Member expected = member(id, null, null, false, 0, null, List.of(), null);
        assertThat(got).usingRecursiveComparison().isEqualTo(expected);
        assertThat(queried).singleElement().usingRecursiveComparison().isEqualTo(expected);
    }

    @Test
    void putGetAndQuery_whenTheEntityHasAConstructor_storesPascalCaseNamesAndReadsAnEqualEntityBack() {
        Article written = new Article(12, Set.of("new", "sale"), "Lamp", new BigDecimal("19.99"), "A1");

        db.table().put(written);
        Article got = db.table().get(ArticleSchema.INSTANCE, KeyValues.of(ArticleSchema.ARTICLE_ID, "A1")).orElseThrow();
        List<Article> queried = db.table().query(ArticleSchema.INSTANCE).partition(KeyValues.of(ArticleSchema.ARTICLE_ID, "A1")).list();
        List<Article> byTitle = db.table().query(ArticleSchema.INSTANCE).index(ArticleSchema.GSI1)
                .partition(KeyValues.of(ArticleSchema.TITLE, "Lamp")).list();

        assertThat(stored(db, "ARTICLE#A1", "ARTICLE")).usingRecursiveComparison().ignoringCollectionOrder().isEqualTo(item(
                "PK", s("ARTICLE#A1"), "SK", s("ARTICLE"), "GSI1PK", s("TITLE#Lamp"), "GSI1SK", s("ARTICLE#A1"),
                "entityType", s("Article"), "ArticleId", s("A1"), "Title", s("Lamp"), "Price", n("19.99"), "Stock", n("12"),
                "Tags", AttributeValue.fromSs(List.of("new", "sale"))));
        assertThat(got).usingRecursiveComparison().isEqualTo(written);
        assertThat(queried).singleElement().usingRecursiveComparison().isEqualTo(written);
        assertThat(byTitle).singleElement().usingRecursiveComparison().isEqualTo(written);
    }

    @Test
    void putGetAndQuery_whenTheConstructorEntityHasNulls_storesNoneOfThemAndPassesNullsAndEmptiesToTheConstructor() {
        Article written = new Article(0, Set.of(), "Chair", null, "A2");

        db.table().put(written);
        Article got = db.table().get(ArticleSchema.INSTANCE, KeyValues.of(ArticleSchema.ARTICLE_ID, "A2")).orElseThrow();
        List<Article> queried = db.table().query(ArticleSchema.INSTANCE).partition(KeyValues.of(ArticleSchema.ARTICLE_ID, "A2")).list();

        assertThat(stored(db, "ARTICLE#A2", "ARTICLE")).isEqualTo(item(
                "PK", s("ARTICLE#A2"), "SK", s("ARTICLE"), "GSI1PK", s("TITLE#Chair"), "GSI1SK", s("ARTICLE#A2"),
                "entityType", s("Article"), "ArticleId", s("A2"), "Title", s("Chair"), "Stock", n("0")));
        assertThat(got).usingRecursiveComparison().isEqualTo(written);
        assertThat(queried).singleElement().usingRecursiveComparison().isEqualTo(written);
    }
}
