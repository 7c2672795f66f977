package dev.singletable.spring.boot;

import dev.singletable.Experimental;
import dev.singletable.LoopbackEndpoint;
import dev.singletable.extension.RequestListener;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * singletable on Spring Boot: a {@link DynamoDbClient} and a {@link DynamoDbAsyncClient} when the application has none,
 * a {@link Table} and an {@code AsyncTable} bean per {@link TableSchema} bean (or per generated {@code @TableDesign}
 * design, or per schema file of {@code singletable.schema-files}), named per environment by the {@link TableNameResolver},
 * the cursor key from {@code singletable.cursor-key}, and the tables created on start when
 * {@code singletable.create-tables=true}. The clients sign with {@code singletable.access-key-id} and
 * {@code singletable.secret-access-key} when set, else with the credentials of {@code singletable.profile}, else, for an
 * endpoint on this machine ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}), with fixed dummy ones (such an engine
 * takes any), else with the SDK's default chain.
 */
@AutoConfiguration
@EnableConfigurationProperties(SingleTableProperties.class)
@Experimental
public class SingleTableAutoConfiguration {
    private static final StaticCredentialsProvider LOCAL_CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    @Bean
    @ConditionalOnMissingBean
    DynamoDbClient dynamoDbClient(SingleTableProperties properties) {
        return configured(DynamoDbClient.builder(), properties).build();
    }

    /** Lazy: made when an {@code AsyncTable} or the application asks, so that an application that never does starts no event loop. */
    @Bean
    @Lazy
    @ConditionalOnMissingBean
    DynamoDbAsyncClient dynamoDbAsyncClient(SingleTableProperties properties) {
        return configured(DynamoDbAsyncClient.builder(), properties).build();
    }

    @Bean
    @ConditionalOnMissingBean
    TableNameResolver singleTableNameResolver(SingleTableProperties properties) {
        return TableNameResolver.affixes(properties.getTableNamePrefix(), properties.getTableNameSuffix());
    }

    @Bean
    SingleTables singleTables(ObjectProvider<DynamoDbClient> client, ObjectProvider<DynamoDbAsyncClient> asyncClient,
                              TableNameResolver names, ObjectProvider<RequestListener> listeners, SingleTableProperties properties) {
        return new SingleTables(client::getObject, asyncClient::getObject, names, listeners.orderedStream().toList(),
                properties.getCursorKey());
    }

    @Bean
    static TableBeans singleTableBeans(BeanFactory beanFactory, Environment environment) {
        List<String> schemaFiles = Binder.get(environment).bind("singletable.schema-files", Bindable.listOf(String.class))
                .orElse(List.of());
        return new TableBeans(beanFactory, schemaFiles);
    }

    /** Creates every table on start when {@code singletable.create-tables=true}, once all beans are made. */
    @Bean
    SmartInitializingSingleton singleTableCreation(SingleTableProperties properties, ObjectProvider<Table> tables) {
        return () -> {
            if (properties.isCreateTables()) {
                tables.orderedStream().forEach(Table::createTable);
            }
        };
    }

    private static <B extends AwsClientBuilder<B, C>, C> B configured(B builder, SingleTableProperties properties) {
        Optional<URI> endpoint = properties.endpointUri();
        endpoint.ifPresent(builder::endpointOverride);
        if (properties.getRegion() != null && !properties.getRegion().isBlank()) {
            builder.region(Region.of(properties.getRegion().strip()));
        } else if (endpoint.isPresent()) {
            builder.region(Region.US_EAST_1); // an engine of its own (Dynoxide, DynamoDB Local) signs with any region
        }
        if (hasText(properties.getAccessKeyId()) && hasText(properties.getSecretAccessKey())) { // one alone is refused on binding
            builder.credentialsProvider(StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(properties.getAccessKeyId(), properties.getSecretAccessKey())));
        } else if (properties.getProfile() != null && !properties.getProfile().isBlank()) {
            builder.credentialsProvider(ProfileCredentialsProvider.create(properties.getProfile().strip()));
        } else if (endpoint.filter(LoopbackEndpoint::isLoopback).isPresent()) {
            // as singletable-local's LocalDynamoDb: an engine on this machine takes any signature, so it needs none configured
            builder.credentialsProvider(LOCAL_CREDENTIALS);
        }
        return builder;
    }

    private static boolean hasText(String value) {
        return value != null && !value.isBlank();
    }
}
