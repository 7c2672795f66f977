package dev.singletable.local;

import dev.singletable.Stable;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test (method or class) that needs an engine feature: it runs where the test engine has it and
 * is skipped, with the reason, where it does not. The engine is the one the test run is pointed
 * at ({@link LocalDynamoDb#configured()}); each feature is probed once per run.
 *
 * <pre>{@code
 * @Test
 * @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
 * void move_whenKeyChanges_deletesOldAndCreatesNew() { ... }
 * // on dynalite: skipped, "needs transactions (TransactWriteItems, TransactGetItems), which the engine at
 * //  http://127.0.0.1:4567 lacks: TransactGetItems answered UnknownOperationException"
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ExtendWith(EngineFeatureCondition.class)
@Stable
public @interface RequiresEngineFeature {
    /** Every feature the test needs. */
    EngineFeature[] value();
}
