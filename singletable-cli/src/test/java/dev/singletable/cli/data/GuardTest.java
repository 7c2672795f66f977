package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Guard#parse}: the operator found after the path, outside its brackets, the longest one first. */
class GuardTest {
    @Test
    void parse_whenEachOperator_splitsPathOperatorAndValue() {
        assertThat(Guard.parse("stock>=2")).isEqualTo(new Guard("stock", Guard.Comparison.GE, "2"));
        assertThat(Guard.parse("stock<=2")).isEqualTo(new Guard("stock", Guard.Comparison.LE, "2"));
        assertThat(Guard.parse("stock>2")).isEqualTo(new Guard("stock", Guard.Comparison.GT, "2"));
        assertThat(Guard.parse("stock<2")).isEqualTo(new Guard("stock", Guard.Comparison.LT, "2"));
        assertThat(Guard.parse("status!=open")).isEqualTo(new Guard("status", Guard.Comparison.NE, "open"));
        assertThat(Guard.parse("status=open")).isEqualTo(new Guard("status", Guard.Comparison.EQ, "open"));
    }

    @Test
    void parse_whenValueHoldsOperatorCharacters_keepsThemInTheValue() {
        assertThat(Guard.parse("note=a>=b")).isEqualTo(new Guard("note", Guard.Comparison.EQ, "a>=b"));
        assertThat(Guard.parse("note>=")).isEqualTo(new Guard("note", Guard.Comparison.GE, ""));
    }

    @Test
    void parse_whenAnOperatorIsDoubledOrReversed_refusesItRatherThanReadAValueStartingWithAnOperator() {
        // status==open would otherwise guard on the text "=open", which no stored item has
        assertThatThrownBy(() -> Guard.parse("status==open")).isInstanceOf(Guard.Malformed.class)
                .hasMessage("'status==open': == is no comparison; give one of =, !=, <, <=, >, >= (= for equal)");
        assertThatThrownBy(() -> Guard.parse("stock=>2")).isInstanceOf(Guard.Malformed.class)
                .hasMessage("'stock=>2': => is no comparison; give one of =, !=, <, <=, >, >=");
        assertThatThrownBy(() -> Guard.parse("stock>==2")).isInstanceOf(Guard.Malformed.class)
                .hasMessage("'stock>==2': >== is no comparison; give one of =, !=, <, <=, >, >=");
    }

    @Test
    void parse_whenPathHasAMapKeyInBrackets_findsTheOperatorAfterIt() {
        assertThat(Guard.parse("addresses[\"a<b=c\"].city!=Paris"))
                .isEqualTo(new Guard("addresses[\"a<b=c\"].city", Guard.Comparison.NE, "Paris"));
        assertThat(Guard.parse("tags[2]=x").toString()).isEqualTo("tags[2]=x");
    }

    @Test
    void parse_whenNoOperator_isMalformedSayingWhatToGive() {
        assertThatThrownBy(() -> Guard.parse("stock")).isInstanceOf(Guard.Malformed.class).hasMessage(
                "'stock' is not PATH OP VALUE: it has no comparison; give one of =, !=, <, <=, >, >=, such as stock>=2 or status=open");
    }
}
