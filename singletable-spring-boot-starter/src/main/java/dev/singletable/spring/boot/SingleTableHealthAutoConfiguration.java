package dev.singletable.spring.boot;

import dev.singletable.Experimental;
import dev.singletable.TableSchema;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A health indicator per table ({@code singletable}, one entry per table name, see {@link TableHealthIndicator}: the
 * table's state and whether its keys and indexes are its design's) when the application has Spring Boot's health support
 * (actuator); {@code management.health.singletable.enabled=false} turns it off.
 */
@AutoConfiguration(after = SingleTableAutoConfiguration.class)
@ConditionalOnClass(HealthContributor.class)
@ConditionalOnEnabledHealthIndicator("singletable")
@Experimental
public class SingleTableHealthAutoConfiguration {

    @Bean
    HealthContributor singletableHealthContributor(SingleTables tables, ObjectProvider<TableSchema> schemas,
                                                   ObjectProvider<DynamoDbClient> client) {
        Map<String, HealthContributor> perTable = new LinkedHashMap<>();
        schemas.orderedStream().forEach(schema -> perTable.put(tables.tableName(schema),
                TableHealthIndicator.of(client.getObject(), tables.table(schema))));
        return CompositeHealthContributor.fromMap(perTable);
    }
}
