package dev.singletable.internal.kinds;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The TTL attribute's rule in the registry of kinds, one for the builder API, the processor, the schema files and lint. */
class KindTimeToLiveTest {
    @Test
    void timeToLive_whenTheKindIsStoredAsANumberOfSeconds_isTrueAndFalseForEveryOther() {
        assertThat(Arrays.stream(Kind.values()).filter(Kind::timeToLive))
                .containsExactly(Kind.INTEGER, Kind.LONG, Kind.EPOCH_SECONDS);
    }

    @Test
    void timeToLiveKinds_whenAFrontEndNamesTheKinds_listsThemInItsTerms() {
        assertThat(Kind.timeToLiveKinds(k -> k.fileName().orElseThrow())).isEqualTo("epochSeconds, long or integer");
        assertThat(Kind.timeToLiveKinds(Kind::typeName)).isEqualTo("Instant (epoch seconds), Long or Integer");
    }

    @Test
    void timeToLiveWrongKind_whenGivenItsParts_namesEntityAttributeAndKind() {
        assertThat(Kind.timeToLiveWrongKind("Session", "expires", "type instant", "use type: epochSeconds"))
                .isEqualTo("Session.expires: type instant cannot be the table's TTL attribute, which DynamoDB reads as a Number of "
                        + "epoch seconds; use type: epochSeconds");
    }

    @Test
    void timeToLiveNotTheTables_whenTheTableHasNoTtlAttribute_saysNotDeclared() {
        assertThat(Kind.timeToLiveNotTheTables("Session", "expires", "@TimeToLive", "Sessions", Optional.empty(), "expires", "declare it"))
                .isEqualTo("Session.expires: @TimeToLive is for the TTL attribute of table Sessions, which is not declared, but this one "
                        + "is stored as 'expires': DynamoDB would never expire its items; declare it");
    }
}
