package dev.singletable;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class IndefiniteArticleTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Instant        | an Instant
            Integer        | an Integer
            integer        | an integer
            enum           | an enum
            Order          | an Order
            ArchivedOrder  | an ArchivedOrder
            Unknown        | an Unknown
            Update         | an Update
            String         | a String
            Customer       | a Customer
            UUID           | a UUID
            uuid           | a uuid
            User           | a User
            OneTable       | a OneTable
            N              | an N
            S              | an S
            B              | a B
            SS             | an SS
            BOOL           | a BOOL
            integer        | an integer
            array          | an array
            object         | an object
            string         | a string
            """)
    void before_whenANameStartsWithAVowelSoundOrNot_givesTheArticleAsSaid(String name, String said) {
        assertThat(IndefiniteArticle.before(name)).isEqualTo(said);
    }
}
