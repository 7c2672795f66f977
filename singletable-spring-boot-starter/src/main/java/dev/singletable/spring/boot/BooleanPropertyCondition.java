package dev.singletable.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether a boolean {@code singletable.*} property is on, read as {@link SingleTableProperties} binds it: {@code true},
 * {@code on}, {@code yes} and {@code 1} are on, {@code false}, {@code off}, {@code no} and {@code 0} off, anything else a
 * binding failure naming the property. {@code @ConditionalOnProperty(havingValue = "true")} compares text, so
 * {@code singletable.metrics=yes} bound as true yet turned the meters off.
 */
abstract class BooleanPropertyCondition extends SpringBootCondition {
    private final String name;
    private final boolean unset;

    BooleanPropertyCondition(String name, boolean unset) {
        this.name = name;
        this.unset = unset;
    }

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        boolean on = Binder.get(context.getEnvironment()).bind(name, Boolean.class).orElse(unset);
        String message = name + " is " + (on ? "on" : "off");
        return on ? ConditionOutcome.match(message) : ConditionOutcome.noMatch(message);
    }

    /** {@code singletable.metrics}, on unless set. */
    static final class Metrics extends BooleanPropertyCondition {
        Metrics() {
            super("singletable.metrics", true);
        }
    }

    /** {@code singletable.observations}, off unless set. */
    static final class Observations extends BooleanPropertyCondition {
        Observations() {
            super("singletable.observations", false);
        }
    }
}
