package dev.singletable.processor.it;

import dev.singletable.IndexKey;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TemplateRewriteTest {

    @Test
    void generatedSchema_whenSlotsNameRenamedProperties_namesStoredAttributesAndKeepsBracesAndFormats() {
        assertThat(StampSchema.INSTANCE.primaryKey()).isEqualTo(IndexKey.of("{{STAMP}}#{id}", "NO#{no:%05d}#{{v}}"));
    }

    @Test
    void generatedSchema_whenPathBucketAndShardSlotsNameRenamedProperties_namesStoredAttributes() {
        assertThat(GaugeSchema.INSTANCE.primaryKey()).isEqualTo(IndexKey.of("GAUGE#{device}#{at:bucket=HOUR}", "SITE#{where}"));
        assertThat(GaugeSchema.INSTANCE.indexKeys().get("GSI1")).isEqualTo(IndexKey.of("GAUGES#{shard:of=device,count=16}", "{at}"));
    }
}
