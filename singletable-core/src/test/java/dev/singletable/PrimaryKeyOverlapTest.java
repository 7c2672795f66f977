package dev.singletable;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two entity types whose primary keys can coincide are refused when the table schema is built (issue 10): one
 * would overwrite the other. "Can coincide" is decided from the templates' literal text and the table's escape
 * sets, taking every slot to hold any string: the partition key templates must be able to compose one text, and
 * the sort key templates too.
 */
class PrimaryKeyOverlapTest {
    record A(String a, String b) {
    }

    record B(String c, String d) {
    }

    record N(Integer n, String d) {
    }

    private static EntitySchema<A> a(String pk, String sk) {
        Attribute<A, String> a = Attribute.required("a", AttributeTypes.STRING, A::a);
        Attribute<A, String> b = Attribute.required("b", AttributeTypes.STRING, A::b);
        return EntitySchema.builder(A.class).attributes(a, b).primaryKey(pk, sk).factory(i -> new A(i.get(a), i.get(b))).build();
    }

    private static EntitySchema<B> b(String pk, String sk) {
        Attribute<B, String> c = Attribute.required("c", AttributeTypes.STRING, B::c);
        Attribute<B, String> d = Attribute.required("d", AttributeTypes.STRING, B::d);
        return EntitySchema.builder(B.class).attributes(c, d).primaryKey(pk, sk).factory(i -> new B(i.get(c), i.get(d))).build();
    }

    private static TableSchema table(EntitySchema<?>... entities) {
        return TableSchema.builder("AppTable").entities(entities).build();
    }

    @Test
    void build_whenTwoEntitiesHaveTheSameKeyShapes_failsNamingBothAndAKeyTheyShare() {
        assertThatThrownBy(() -> table(a("X#{a}", "Y#{b}"), b("X#{c}", "Y#{d}")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: entity types A ('X#{a}' / 'Y#{b}') and B ('X#{c}' / 'Y#{d}') can write the same "
                        + "primary key, such as PK='X#', SK='Y#', and then one overwrites the other; give one of them other "
                        + "literal text in its sort key template, such as 'B#{...}'");
    }

    @Test
    void build_whenSamePartitionTemplateButDifferentSortKeyLiteralPrefix_isFine() {
        assertThatCode(() -> table(a("CUSTOMER#{a}", "ORDER#{b}"), b("CUSTOMER#{c}", "ITEM#{d}"))).doesNotThrowAnyException();
    }

    @Test
    void build_whenOneSortKeyTemplateExtendsTheOther_isFineBecauseTheShorterEscapesTheDelimiter() {
        assertThatCode(() -> table(a("C#{a}", "ORDER#{b}"), b("C#{c}", "ORDER#{d}#LINE#{d}"))).doesNotThrowAnyException();
    }

    @Test
    void build_whenPartitionTemplatesNeverMeet_isFineWhateverTheSortKeys() {
        assertThatCode(() -> table(a("USER#{a}", "{b}"), b("ORG#{c}", "{d}"))).doesNotThrowAnyException();
    }

    @Test
    void build_whenASlotCanHoldTheOtherEntitysConstantSortKey_fails() {
        assertThatThrownBy(() -> table(a("C#{a}", "PROFILE"), b("C#{c}", "{d}")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessageStartingWith("Table AppTable: entity types A ('C#{a}' / 'PROFILE') and B ('C#{c}' / '{d}') can write "
                        + "the same primary key, such as PK='C#', SK='PROFILE'");
    }

    @Test
    void build_whenAnEmptySlotMakesOneTemplateLookLikeTheOther_fails() {
        // A's b empty gives T#-x, which is B's key for d = x: escaping cannot tell an empty slot apart
        assertThatThrownBy(() -> table(a("C#{a}", "T#{b}-{a}"), b("C#{c}", "T#-{d}")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessageStartingWith("Table AppTable: entity types A ('C#{a}' / 'T#{b}-{a}') and B ('C#{c}' / 'T#-{d}') can "
                        + "write the same primary key, such as PK='C#', SK='T#-'");
    }

    @Test
    void build_whenSameShapesWithSlotsOfDifferentTypes_failsAsTypesAreNotWeighed() {
        Attribute<N, Integer> n = Attribute.required("n", AttributeTypes.INTEGER, N::n);
        Attribute<N, String> d = Attribute.required("d", AttributeTypes.STRING, N::d);
        EntitySchema<N> numbered = EntitySchema.builder(N.class).attributes(n, d).primaryKey("X#{d}", "N#{n}")
                .factory(i -> new N(i.get(n), i.get(d))).build();

        // B's d = "0000000042" is N's n = 42: a real collision, found from the shapes alone
        assertThatThrownBy(() -> table(numbered, b("X#{c}", "N#{d}")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessageStartingWith("Table AppTable: entity types N ('X#{d}' / 'N#{n}') and B ('X#{c}' / 'N#{d}') can write");
    }
}
