package dev.singletable.examples.ecommerce;

import dev.singletable.Page;
import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.Example;
import dev.singletable.annotations.BatchGet;
import dev.singletable.annotations.Children;
import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.From;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Subtree;
import dev.singletable.annotations.To;
import dev.singletable.annotations.Update;
import dev.singletable.examples.AppTable;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The e-commerce access patterns of {@link dev.singletable.examples.AccessPatterns}, and a page, a count, a batch get
 * and an update beside them, each declared once: the processor
 * checks them against the entities' key templates and the table's indexes and generates {@code ShopPatterns}, through
 * which the catalogue (and so {@code singletable demo}) runs its e-commerce patterns.
 *
 * <pre>{@code
 * Shop shop = ShopPatterns.of(table);
 * List<Order> pending = shop.ordersByStatus(OrderStatus.PENDING);
 * }</pre>
 */
@AccessPatterns(table = AppTable.class)
public interface Shop {
    /** customer-by-id. */
    @Get
    @Example("C1")
    Optional<Customer> customer(String customerId);

    /** customer-by-email (GSI1). */
    @Query(index = AppTable.GSI1)
    @Example("grace@example.com")
    List<Customer> customerByEmail(String email);

    /** orders-of-customer. */
    @Query
    @Example("C1")
    List<Order> ordersOfCustomer(String customerId);

    /** single-order. */
    @Get
    @Example({"C2", "O1005"})
    Optional<Order> order(String customerId, String orderId);

    /** customer-with-orders: the customer and their orders in one request. */
    @Query
    @Example("C1")
    List<CustomerItems> customerWithOrders(String customerId);

    /** orders-by-status (GSI1), oldest first. */
    @Query(index = AppTable.GSI1)
    @Example("PENDING")
    List<Order> ordersByStatus(OrderStatus status);

    /** orders-by-status-between-dates (GSI1). */
    @Query(index = AppTable.GSI1)
    @Example({"DELIVERED", "2025-02-01T00:00:00Z", "2025-03-31T23:59:59.999999999Z"})
    List<Order> ordersByStatusBetween(OrderStatus status, @From("createdAt") Instant from, @To("createdAt") Instant to);

    /** order-with-items (GSI2): the order and its items in one request. */
    @Query(index = AppTable.GSI2)
    @Example("O1007")
    List<OrderDetails> orderWithItems(String orderId);

    /** order-by-id (GSI2): the order alone, by its id. */
    @Query(index = AppTable.GSI2)
    @Example("O1007")
    List<Order> orderById(String orderId);

    /** items-of-order. */
    @Query
    @Example("O1007")
    List<OrderItem> itemsOfOrder(String orderId);

    /** product-by-id. */
    @Get
    @Example("HP-200")
    Optional<Product> product(String productId);

    /** product-with-inventory: the product and its stock per location in one request. */
    @Query
    @Example("HP-300")
    List<ProductItems> productWithInventory(String productId);

    /** products-by-price (GSI1), cheapest first. */
    @Query(index = AppTable.GSI1)
    @Example({"ELECTRONICS/AUDIO/HEADPHONES", "40.00", "150.00"})
    List<Product> productsByPrice(String category, @From("price") BigDecimal from, @To("price") BigDecimal to);

    /** category-subtree: a category and everything below it. */
    @Query
    @Example("ELECTRONICS, AUDIO")
    List<Category> categorySubtree(@Subtree List<String> path);

    /** category-children: a category's direct children. */
    @Query
    @Example("ELECTRONICS")
    List<Category> categoryChildren(@Children List<String> path);

    /** A customer's orders, a page at a time: {@code null} for the first page, then the previous page's cursor. */
    @Query(limit = 20)
    Page<Order> orders(String customerId, @Cursor String cursor);

    /** How many orders a customer has placed (a COUNT query). */
    @Query(entity = Order.class)
    long orderCount(String customerId);

    /** Several products by id, in one BatchGetItem; ids without a product are left out. */
    @BatchGet
    List<Product> products(List<String> productId);

    /**
     * Sets an order's status: one UpdateItem, refused when there is no such order. GSI1's key is built from the status and
     * the creation time, so both are set (with the status alone, the processor refuses the pattern with the core's message).
     */
    @Update(set = {"status", "createdAt"})
    Order changeStatus(String customerId, String orderId, OrderStatus status, Instant createdAt);
}
