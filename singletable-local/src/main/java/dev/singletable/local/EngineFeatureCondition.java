package dev.singletable.local;

import dev.singletable.Stable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * JUnit's side of {@link RequiresEngineFeature}: runs what it marks only where the configured
 * engine has the features. Public because JUnit instantiates it from the annotation (also on the
 * module path); use the annotation, not this class.
 */
@Stable
public final class EngineFeatureCondition implements ExecutionCondition {

    /** For JUnit. */
    public EngineFeatureCondition() {
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<RequiresEngineFeature> required = context.getElement()
                .flatMap(element -> AnnotationSupport.findAnnotation(element, RequiresEngineFeature.class));
        if (required.isEmpty()) {
            return ConditionEvaluationResult.enabled("needs no particular engine feature");
        }
        LocalDynamoDb engine = LocalDynamoDbExtension.sharedEngine(context);
        List<String> missing = new ArrayList<>();
        for (EngineFeature feature : required.get().value()) {
            engine.missing(feature).ifPresent(why -> missing.add(feature.description() + " (" + why + ")"));
        }
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("the engine has what the test needs");
        }
        return ConditionEvaluationResult.disabled("needs " + String.join(" and ", missing) + ", which the engine "
                + engine.describe() + " lacks");
    }
}
