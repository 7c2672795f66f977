package dev.singletable;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An Attribute and an AttributePath are both a DocumentPath: Update and Condition take either through one method. */
class DocumentPathTest {
    record Address(String city) {
    }

    record Member(String memberId, Long visits, Address home, List<String> tags, Map<String, Long> counters, Set<String> labels) {
    }

    static final Attribute<Address, String> CITY = Attribute.required("city", AttributeTypes.STRING, Address::city);
    static final AttributeType<Address> ADDRESS = AttributeTypes.object(Address.class, List.of(CITY), i -> new Address(i.get(CITY)));

    static final Attribute<Member, String> MEMBER_ID = Attribute.required("memberId", AttributeTypes.STRING, Member::memberId);
    static final Attribute<Member, Long> VISITS = Attribute.of("visits", AttributeTypes.LONG, Member::visits);
    static final Attribute<Member, Address> HOME = Attribute.of("home", ADDRESS, Member::home);
    static final Attribute<Member, List<String>> TAGS = Attribute.of("tags", AttributeTypes.STRING_LIST, Member::tags);
    static final Attribute<Member, Map<String, Long>> COUNTERS = Attribute.of("counters", AttributeTypes.mapOf(AttributeTypes.LONG),
            Member::counters);
    static final Attribute<Member, Set<String>> LABELS = Attribute.of("labels", AttributeTypes.STRING_SET, Member::labels);

    static final EntitySchema<Member> MEMBER = EntitySchema.builder(Member.class)
            .attributes(MEMBER_ID, VISITS, HOME, TAGS, COUNTERS, LABELS)
            .primaryKey("MEMBER#{memberId}", "PROFILE")
            .factory(i -> new Member(i.get(MEMBER_ID), i.get(VISITS), i.get(HOME), i.get(TAGS), i.get(COUNTERS), i.get(LABELS)))
            .build();

    @Test
    void asPath_whenAttribute_isThePathOfThatAttributeAlone() {
        AttributePath<Member, Long> path = VISITS.asPath();

        assertThat(path).isEqualTo(AttributePath.of(VISITS));
        assertThat(path.isTopLevel()).isTrue();
        assertThat(path.root()).isSameAs(VISITS);
    }

    @Test
    void asPath_whenAttributePath_isThePathItself() {
        AttributePath<Member, String> city = HOME.then(CITY);

        assertThat(city.asPath()).isSameAs(city);
    }

    @Test
    void navigation_whenThroughTheSupertype_givesThePathsOfTheAttribute() {
        DocumentPath<Member, Address> home = HOME;
        DocumentPath<Member, List<String>> tags = TAGS;
        DocumentPath<Member, Map<String, Long>> counters = COUNTERS;

        assertThat(home.then(CITY)).hasToString("home.city");
        assertThat(tags.<String>at(2)).hasToString("tags[2]");
        assertThat(counters.<Long>key("page views")).hasToString("counters[\"page views\"]");
    }

    @Test
    void update_whenGivenAnAttributeOrItsPath_makesTheSameActions() {
        Update<Member> byAttribute = Update.of(MEMBER).set(MEMBER_ID, "m1").add(VISITS, 1L).append(TAGS, List.of("a"))
                .addToSet(LABELS, Set.of("x")).remove(HOME);
        Update<Member> byPath = Update.of(MEMBER).set(AttributePath.of(MEMBER_ID), "m1").add(AttributePath.of(VISITS), 1L)
                .append(AttributePath.of(TAGS), List.of("a")).addToSet(AttributePath.of(LABELS), Set.of("x"))
                .remove(AttributePath.of(HOME));

        assertThat(byPath.actions()).hasToString(byAttribute.actions().toString());
        assertThat(byAttribute.actions()).extracting(a -> a.path().toString()).containsExactly("memberId", "visits", "tags", "labels", "home");
        assertThat(byAttribute.actions()).extracting(Update.Action::storedValue)
                .containsExactlyElementsOf(byPath.actions().stream().map(Update.Action::storedValue).toList());
    }

    @Test
    void update_whenGivenANestedPath_changesTheValueThere() {
        Update<Member> update = Update.of(MEMBER).set(HOME.then(CITY), "Paris").add(COUNTERS.key("views"), 1L).remove(TAGS.at(2));

        assertThat(update.actions()).extracting(a -> a.operation() + " " + a.path())
                .containsExactly("SET home.city", "ADD_NUMBER counters.views", "REMOVE tags[2]");
    }

    @Test
    void update_whenPathIsNull_refusesNamingThePath() {
        assertThatThrownBy(() -> Update.of(MEMBER).set((DocumentPath<Member, String>) null, "x"))
                .isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("Update.set(path): path is null");
    }

    @Test
    void condition_whenGivenAnAttributeOrItsPath_rendersTheSame() {
        assertThat(Condition.eq(VISITS, 3L)).hasToString(Condition.eq(AttributePath.of(VISITS), 3L).toString()).hasToString("visits = :v0 with :v0=3");
        assertThat(Condition.in(VISITS, 1L, 2L)).hasToString(Condition.in(AttributePath.of(VISITS), List.of(1L, 2L)).toString())
                .hasToString("visits IN (:v0, :v1) with :v0=1, :v1=2");
        assertThat(Condition.exists(HOME)).hasToString(Condition.exists(AttributePath.of(HOME)).toString())
                .hasToString("attribute_exists(home)");
        assertThat(Condition.size(TAGS).le(10)).hasToString(Condition.size(AttributePath.of(TAGS)).le(10).toString())
                .hasToString("size(tags) <= :v0 with :v0=10");
    }

    @Test
    void condition_whenGivenNestedPaths_rendersThePaths() {
        assertThat(Condition.in(HOME.then(CITY), "Paris", "Lyon")).hasToString("home.city IN (:v0, :v1) with :v0=\"Paris\", :v1=\"Lyon\"");
        assertThat(Condition.eqAttribute(HOME.then(CITY), MEMBER_ID)).hasToString("home.city = memberId");
    }
}
