package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an interface whose methods are a table's access patterns, each declared once with {@link Get},
 * {@link BatchGet}, {@link Query}, {@link Scan}, {@link Put}, {@link Create}, {@link Update} or {@link Delete}. The processor checks
 * every pattern against the entities' key templates and the table's indexes (a mistake is a compile error at the
 * method, with the core's message) and generates {@code <Name>Patterns}, a reflection-free implementation whose
 * methods each make one call into the query API: {@code <Name>Patterns.of(table)}. An interface whose methods return
 * {@code CompletableFuture}s is implemented on an {@code AsyncTable} instead.
 *
 * <pre>{@code
 * @AccessPatterns(table = ShopTable.class)
 * public interface Shop {
 *     @Get
 *     Optional<Customer> customer(String customerId);
 *
 *     @Query(index = "GSI1")
 *     List<Order> ordersByStatus(OrderStatus status, @After("createdAt") Instant since);
 *
 *     @Query
 *     List<CustomerItems> customerWithOrders(String customerId);
 * }
 *
 * Shop shop = ShopPatterns.of(table);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface AccessPatterns {
    /** The class annotated {@link TableDesign} whose table the patterns read and write. */
    Class<?> table();
}
