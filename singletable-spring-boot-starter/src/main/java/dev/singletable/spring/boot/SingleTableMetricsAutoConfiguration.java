package dev.singletable.spring.boot;

import dev.singletable.Experimental;
import dev.singletable.extension.RequestListener;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Meters of every request when the application has a {@link MeterRegistry} (Micrometer, as actuator brings it), and
 * observations when it has an {@link ObservationRegistry} and {@code singletable.observations=true}. Both are
 * {@link RequestListener} beans, which {@link SingleTables} gives every table.
 */
@AutoConfiguration(before = SingleTableAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"})
@Experimental
public class SingleTableMetricsAutoConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    @Conditional(BooleanPropertyCondition.Metrics.class)
    static class Meters {
        @Bean
        RequestListener singleTableRequestMeters(MeterRegistry registry) {
            return RequestMeters.listener(registry);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ObservationRegistry.class)
    @ConditionalOnBean(ObservationRegistry.class)
    @Conditional(BooleanPropertyCondition.Observations.class)
    static class Observations {
        @Bean
        RequestListener singleTableRequestObservations(ObservationRegistry registry) {
            return RequestObservations.listener(registry);
        }
    }
}
