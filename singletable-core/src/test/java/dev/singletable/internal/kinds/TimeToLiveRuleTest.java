package dev.singletable.internal.kinds;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class TimeToLiveRuleTest {
    @Test
    void allows_whenTheKindIsStoredAsANumberOfSeconds_isTrueAndFalseForEveryOther() {
        assertThat(Arrays.stream(Kind.values()).filter(TimeToLiveRule::allows))
                .containsExactly(Kind.INTEGER, Kind.LONG, Kind.EPOCH_SECONDS);
    }

    @Test
    void kindNames_whenAFrontEndNamesTheKinds_listsThemInItsTerms() {
        assertThat(TimeToLiveRule.kindNames(k -> k.fileName().orElseThrow())).isEqualTo("epochSeconds, long or integer");
        assertThat(TimeToLiveRule.kindNames(Kind::typeName)).isEqualTo("Instant (epoch seconds), Long or Integer");
    }

    @Test
    void wrongKind_whenGivenItsParts_namesEntityAttributeAndKind() {
        assertThat(TimeToLiveRule.wrongKind("Session", "expires", "type instant", "use type: epochSeconds"))
                .isEqualTo("Session.expires: type instant cannot be the table's TTL attribute, which DynamoDB reads as a Number of "
                        + "epoch seconds; use type: epochSeconds");
    }

    @Test
    void notTheTables_whenTheTableHasNoTtlAttribute_saysNotDeclared() {
        assertThat(TimeToLiveRule.notTheTables("Session", "expires", "@TimeToLive", "Sessions", Optional.empty(), "expires", "declare it"))
                .isEqualTo("Session.expires: @TimeToLive is for the TTL attribute of table Sessions, which is not declared, but this one "
                        + "is stored as 'expires': DynamoDB would never expire its items; declare it");
    }
}
