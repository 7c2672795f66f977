package dev.singletable.spring.boot.test;

import dev.singletable.local.LocalDynamoDb;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.Map;

/**
 * Wires one test class's context to the shared engine: its clients as the primary {@code DynamoDbClient} and
 * {@code DynamoDbAsyncClient}, the tables created on start, and their names given the class's suffix. A value: Spring
 * reuses a cached context for an equal customizer, and the suffix is the test class's own, so the customizers of one class are equal.
 *
 * @param testClass the test class's name
 * @param suffix    the table-name suffix of the test class, the same each time it is asked for
 */
record SingleTableTestContextCustomizer(String testClass, String suffix) implements ContextCustomizer {
    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
        ConfigurableEnvironment environment = context.getEnvironment();
        String configured = environment.getProperty("singletable.table-name-suffix", "");
        environment.getPropertySources().addFirst(new MapPropertySource("singletable-test", Map.of(
                "singletable.create-tables", "true",
                "singletable.table-name-suffix", configured + suffix)));
        LocalDynamoDb engine = SharedEngine.get();
        BeanDefinitionRegistry registry = (BeanDefinitionRegistry) context.getBeanFactory();
        registry.registerBeanDefinition("singleTableTestClient", clientBean(DynamoDbClient.class, engine::client));
        registry.registerBeanDefinition("singleTableTestAsyncClient", clientBean(DynamoDbAsyncClient.class, engine::asyncClient));
    }

    private static <T> RootBeanDefinition clientBean(Class<T> type, java.util.function.Supplier<T> client) {
        RootBeanDefinition definition = new RootBeanDefinition(type, client);
        definition.setPrimary(true);
        definition.setDestroyMethodName(""); // the engine's clients are shared by every test class: closed with the engine
        return definition;
    }

    /** One engine per test JVM, started on first use and closed when the JVM exits. */
    private static final class SharedEngine {
        private static final LocalDynamoDb ENGINE = start();

        static LocalDynamoDb get() {
            return ENGINE;
        }

        private static LocalDynamoDb start() {
            LocalDynamoDb engine = LocalDynamoDb.configured();
            Runtime.getRuntime().addShutdownHook(new Thread(engine::close, "singletable-test-engine-stop"));
            return engine;
        }
    }
}
