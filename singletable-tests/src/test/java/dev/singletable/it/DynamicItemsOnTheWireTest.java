package dev.singletable.it;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.wire.WireCodec;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dynamic entities read through the wire codec: the items come to the entity's factory as the codec's own items, not
 * as {@code AttributeValue} maps, and an empty list or map still reads back empty, an absent one absent.
 */
class DynamicItemsOnTheWireTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Notes
              partitionKey: {name: PK}
              sortKey: {name: SK}
            types:
              Section:
                attributes:
                  title: {type: string, required: true}
                  lines: {type: stringList}
            entities:
              Note:
                attributes:
                  owner: {type: string, required: true}
                  noteId: {type: string, required: true}
                  tags: {type: stringList}
                  labels: {type: stringMap}
                  sections: {type: list, of: Section}
                keys: {pk: "OWNER#{owner}", sk: "NOTE#{noteId}"}
            """, "notes.yaml");
    private static final EntitySchema<DynamicItem> NOTE = DESIGN.entity("Note");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static final List<SdkResponse> seen = Collections.synchronizedList(new ArrayList<>());
    private static DynamoDbClient wireClient;
    private static Table wire;

    @BeforeAll
    static void table() {
        wireClient = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .endpointOverride(db.engine().endpoint())
                .overrideConfiguration(configuration -> WireCodec.install(configuration).addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void afterUnmarshalling(Context.AfterUnmarshalling context, ExecutionAttributes attributes) {
                        seen.add(context.response());
                    }
                }))
                .build();
        wire = Table.of(db.table().schema(), wireClient);
    }

    @AfterAll
    static void close() {
        wireClient.close();
    }

    @Test
    void getAndQuery_whenListsAndMapsAreEmptyOrAbsent_readThemAsWritten() {
        DynamicItem empty = DynamicItem.builder("Note").set("owner", "ann").set("noteId", "N1").set("tags", List.of())
                .set("labels", Map.of())
                .set("sections", List.of(DynamicItem.builder("Section").set("title", "intro").set("lines", List.of()).build()))
                .build();
        DynamicItem absent = DynamicItem.builder("Note").set("owner", "ann").set("noteId", "N2")
                .set("sections", List.of(DynamicItem.builder("Section").set("title", "intro").build()))
                .build();
        db.table().put(empty);
        db.table().put(absent);
        seen.clear();

        DynamicItem read = wire.get(NOTE, KeyValues.of("owner", "ann").and("noteId", "N1"), ReadConsistency.STRONG).orElseThrow();
        List<DynamicItem> queried = wire.query(NOTE).partition(KeyValues.of("owner", "ann")).list();

        assertThat(read).isEqualTo(empty);
        assertThat(queried).containsExactly(empty, absent);
        assertThat(queried.get(1).values().keySet()).containsExactly("owner", "noteId", "sections");
        // the codec decoded both responses itself: the SDK's own responses are left without items
        assertThat(seen).hasSize(2);
        assertThat(((GetItemResponse) seen.get(0)).item()).isEmpty();
        assertThat(((QueryResponse) seen.get(1)).items()).isEmpty();
        assertThat(((QueryResponse) seen.get(1)).count()).isEqualTo(2);
    }
}
