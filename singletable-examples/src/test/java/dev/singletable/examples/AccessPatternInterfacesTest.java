package dev.singletable.examples;

import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.examples.blog.Blog;
import dev.singletable.examples.blog.BlogPatterns;
import dev.singletable.examples.blog.PostStatus;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderSchema;
import dev.singletable.examples.ecommerce.OrderStatus;
import dev.singletable.examples.ecommerce.Product;
import dev.singletable.examples.ecommerce.ProductSchema;
import dev.singletable.examples.ecommerce.Shop;
import dev.singletable.examples.ecommerce.ShopPatterns;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The e-commerce and blog patterns of the catalogue, declared on {@link Shop} and {@link Blog} and called through the
 * generated implementations: each sends exactly the requests of the catalogue's hand-written step and reads its items.
 */
class AccessPatternInterfacesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(AppTable.SCHEMA);

    private static final List<DynamoDbRequest> sent = new CopyOnWriteArrayList<>();
    private static Table table;

    @BeforeAll
    static void loadSampleData() {
        table = Table.builder(db.table().schema(), recording(db.client())).build();
        SampleData.create().load(table);
    }


    static Stream<Arguments> patterns() {
        return Stream.of(
                shop("customer-by-id", s -> s.customer("C1")),
                shop("customer-by-email", s -> s.customerByEmail("grace@example.com")),
                shop("orders-of-customer", s -> s.ordersOfCustomer("C1")),
                shop("single-order", s -> s.order("C2", "O1005")),
                shop("customer-with-orders", s -> s.customerWithOrders("C1")),
                shop("orders-by-status", s -> s.ordersByStatus(OrderStatus.PENDING)),
                shop("orders-by-status-between-dates", s -> s.ordersByStatusBetween(OrderStatus.DELIVERED,
                        Instant.parse("2025-02-01T00:00:00Z"), Instant.parse("2025-03-31T23:59:59.999999999Z"))),
                shop("order-with-items", s -> s.orderWithItems("O1007")),
                shop("order-by-id", s -> s.orderById("O1007")),
                shop("items-of-order", s -> s.itemsOfOrder("O1007")),
                shop("product-by-id", s -> s.product("HP-200")),
                shop("product-with-inventory", s -> s.productWithInventory("HP-300")),
                shop("products-by-price", s -> s.productsByPrice("ELECTRONICS/AUDIO/HEADPHONES", new BigDecimal("40.00"),
                        new BigDecimal("150.00"))),
                shop("category-subtree", s -> s.categorySubtree(List.of("ELECTRONICS", "AUDIO"))),
                shop("category-children", s -> s.categoryChildren(List.of("ELECTRONICS"))),
                blog("user-by-username", b -> b.user("alice")),
                blog("user-by-email", b -> b.userByEmail("carol@example.com")),
                blog("posts-by-user", b -> b.postsByUser("alice")),
                blog("user-page", b -> b.userPage("alice")),
                blog("comments-on-post", b -> b.commentsOnPost("single-table-basics")),
                blog("published-posts", b -> b.postsByStatus(PostStatus.PUBLISHED)),
                blog("posts-with-tag", b -> b.postsWithTag("dynamodb")),
                blog("comments-by-user", b -> b.commentsByUser("bob")),
                blog("tags-of-post", b -> b.tagsOfPost("single-table-basics")),
                blog("metrics-between-dates", b -> b.metricsBetween("alice", LocalDate.parse("2025-05-10"), LocalDate.parse("2025-05-16"))),
                blog("groups-of-user", b -> b.groupsOfUser("alice")),
                blog("members-of-group", b -> b.membersOfGroup("dynamodb-fans")),
                blog("sessions-of-user", b -> b.sessionsOfUser("alice")));
    }

    private static Arguments shop(String id, Function<Shop, Object> call) {
        return Arguments.of(id, (Function<Table, Object>) t -> call.apply(ShopPatterns.of(t)));
    }

    private static Arguments blog(String id, Function<Blog, Object> call) {
        return Arguments.of(id, (Function<Table, Object>) t -> call.apply(BlogPatterns.of(t)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("patterns")
    void pattern_whenCalledThroughTheGeneratedImplementation_sendsTheCataloguesRequestsAndReadsItsItems(String id,
                                                                                                      Function<Table, Object> call) {
        sent.clear();
        List<?> catalogue = AccessPatterns.byId(table, id).step().run();
        List<DynamoDbRequest> catalogueRequests = List.copyOf(sent);
        sent.clear();
        Object result = call.apply(table);
        List<?> items = result instanceof Optional<?> optional ? optional.stream().toList() : (List<?>) result;

        assertThat(sent).as(id).isNotEmpty().isEqualTo(catalogueRequests);
        assertThat(items).as(id).isNotEmpty().isEqualTo(catalogue);
    }

    @Test
    void shop_whenPageCountBatchGetAndUpdate_sendTheHandWrittenRequests() {
        Shop shop = ShopPatterns.of(table);
        KeyValues c1 = KeyValues.of(OrderSchema.CUSTOMER_ID, "C1");

        assertThat(same(() -> shop.orders("C1", null), () -> table.query(OrderSchema.INSTANCE).partition(c1).limit(20).page()).items())
                .hasSize(3);
        assertThat(same(() -> shop.orderCount("C1"), () -> table.query(OrderSchema.INSTANCE).partition(c1).count())).isEqualTo(3L);
        assertThat(same(() -> shop.products(List.of("HP-200", "HP-300", "NONE")), () -> table.batchGet(List.of(
                ItemKey.of(ProductSchema.INSTANCE, KeyValues.of(ProductSchema.PRODUCT_ID, "HP-200")),
                ItemKey.of(ProductSchema.INSTANCE, KeyValues.of(ProductSchema.PRODUCT_ID, "HP-300")),
                ItemKey.of(ProductSchema.INSTANCE, KeyValues.of(ProductSchema.PRODUCT_ID, "NONE")))).found(ProductSchema.INSTANCE)))
                .extracting(Product::productId).containsExactlyInAnyOrder("HP-200", "HP-300");
        Order o1005 = table.get(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, "C2").and(OrderSchema.ORDER_ID, "O1005"))
                .orElseThrow();
        assertThat(same(() -> shop.changeStatus("C2", "O1005", o1005.status(), o1005.createdAt()), () -> table.update(OrderSchema.INSTANCE,
                KeyValues.of(OrderSchema.CUSTOMER_ID, "C2").and(OrderSchema.ORDER_ID, "O1005"), u -> u.set(OrderSchema.STATUS, o1005.status()).set(OrderSchema.CREATED_AT, o1005.createdAt()))))
                .isEqualTo(o1005);
    }

    /** Runs the pattern, then the hand-written call: the same whole requests, and equal results. */
    private static <R> R same(Supplier<R> pattern, Supplier<R> handWritten) {
        sent.clear();
        R fromPattern = pattern.get();
        List<DynamoDbRequest> patternRequests = List.copyOf(sent);
        sent.clear();
        R fromHand = handWritten.get();
        assertThat(patternRequests).isNotEmpty().isEqualTo(List.copyOf(sent));
        assertThat(fromPattern).usingRecursiveComparison().isEqualTo(fromHand);
        return fromPattern;
    }

    @Test
    void catalogue_whenEcommerceAndBlog_everyPatternIsDeclaredOnAnInterface() {
        List<String> declared = patterns().map(a -> (String) a.get()[0]).toList();
        List<String> catalogue = AccessPatterns.all(table).stream()
                .filter(p -> p.domain() == AccessPattern.Domain.ECOMMERCE || p.domain() == AccessPattern.Domain.BLOG)
                .map(AccessPattern::id).toList();

        assertThat(declared).containsExactlyElementsOf(catalogue);
    }

    private static DynamoDbClient recording(DynamoDbClient client) {
        return (DynamoDbClient) Proxy.newProxyInstance(AccessPatternInterfacesTest.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (args != null && args.length == 1 && args[0] instanceof DynamoDbRequest request) {
                        sent.add(request);
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
