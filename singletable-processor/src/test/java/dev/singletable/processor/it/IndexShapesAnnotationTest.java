package dev.singletable.processor.it;

import dev.singletable.IndexKey;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class IndexShapesAnnotationTest {

    @Test
    void generatedSchema_whenIndexHasSeveralTemplatesPerKey_givesOneTemplatePerKeyAttributeWithStoredNames() {
        assertThat(FixtureSchema.INSTANCE.indexKeys()).isEqualTo(Map.of(
                "ByTournament", IndexKey.ofAttributes(List.of("{tournament}", "{region}"), List.of("{round}", "{KickOff}")),
                "ByVenue", IndexKey.of("{Venue}", "{KickOff}"),
                "ByTicket", IndexKey.of("{ticket}")));
        assertThat(FixtureSchema.INSTANCE.hooks().indexCondition("ByVenue")).isPresent();
    }
}
