package dev.singletable.spring.boot.test;

import dev.singletable.Experimental;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.ContextCustomizerFactories;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link SpringBootTest} of the application on Dynoxide, with no other test code: the engine is started once per test
 * JVM (or the one {@code singletable.test.endpoint} names, as for {@code LocalDynamoDbExtension}), the application's
 * {@code DynamoDbClient} and {@code DynamoDbAsyncClient} are the engine's, and its tables are created fresh for each test
 * class (their names get a suffix of their own, {@code -t<n>}, after any configured one).
 *
 * <pre>{@code
 * @SingleTableTest
 * class OrderServiceTest {
 *     @Autowired OrderService orders;
 *
 *     @Test
 *     void place_whenNew_storesTheOrder() { ... }
 * }
 * }</pre>
 *
 * <p>Each test class has a Spring context of its own (its tables are its own), cached for the test run; the engine keeps
 * every class's tables, in memory, until the JVM ends.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@SpringBootTest
@ContextCustomizerFactories(SingleTableTestContextCustomizerFactory.class)
@Experimental
public @interface SingleTableTest {
    /** {@link SpringBootTest#webEnvironment()}: {@code RANDOM_PORT} to call the application over HTTP. */
    @AliasFor(annotation = SpringBootTest.class, attribute = "webEnvironment")
    SpringBootTest.WebEnvironment webEnvironment() default SpringBootTest.WebEnvironment.MOCK;

    /** {@link SpringBootTest#properties()}. */
    @AliasFor(annotation = SpringBootTest.class, attribute = "properties")
    String[] properties() default {};

    /** {@link SpringBootTest#classes()}. */
    @AliasFor(annotation = SpringBootTest.class, attribute = "classes")
    Class<?>[] classes() default {};
}
