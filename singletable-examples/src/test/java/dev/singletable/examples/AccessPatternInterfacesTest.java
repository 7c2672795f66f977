package dev.singletable.examples;

import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.examples.blog.Blog;
import dev.singletable.examples.blog.BlogPatterns;
import dev.singletable.examples.blog.PostStatus;
import dev.singletable.EntitySchema;
import dev.singletable.examples.blog.CommentSchema;
import dev.singletable.examples.blog.GroupMembershipSchema;
import dev.singletable.examples.blog.PostSchema;
import dev.singletable.examples.blog.PostTagSchema;
import dev.singletable.examples.blog.SessionSchema;
import dev.singletable.examples.blog.UserMetricsSchema;
import dev.singletable.examples.blog.UserPage;
import dev.singletable.examples.blog.UserPageCollection;
import dev.singletable.examples.blog.UserSchema;
import dev.singletable.examples.ecommerce.CategorySchema;
import dev.singletable.examples.ecommerce.CustomerItemsCollection;
import dev.singletable.examples.ecommerce.CustomerSchema;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderDetailsCollection;
import dev.singletable.examples.ecommerce.OrderItemSchema;
import dev.singletable.examples.ecommerce.OrderSchema;
import dev.singletable.examples.ecommerce.OrderStatus;
import dev.singletable.examples.ecommerce.Product;
import dev.singletable.examples.ecommerce.ProductItemsCollection;
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

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static dev.singletable.fixtures.RecordingClient.recording;
import static dev.singletable.examples.AppTable.GSI1;
import static dev.singletable.examples.AppTable.GSI2;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The e-commerce and blog patterns of the catalogue, declared on {@link Shop} and {@link Blog} and called through the
 * generated implementations: each sends exactly the requests of the hand-written query it stands for and reads its
 * items, and the catalogue (so the demo) runs each through them.
 */
class AccessPatternInterfacesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(AppTable.SCHEMA);

    private static final List<DynamoDbRequest> sent = new CopyOnWriteArrayList<>();
    private static Table table;

    @BeforeAll
    static void loadSampleData() {
        table = Table.builder(db.table().schema(), recording(db.client(), sent)).build();
        SampleData.create().load(table);
    }


    /** Each pattern: its catalogue id, the call of the generated method, and the hand-written request it stands for. */
    static Stream<Arguments> patterns() {
        return Stream.of(
                shop("customer-by-id", s -> s.customer("C1"),
                        t -> get(t, CustomerSchema.INSTANCE, KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1"))),
                shop("customer-by-email", s -> s.customerByEmail("grace@example.com"),
                        t -> t.query(CustomerSchema.INSTANCE).index(GSI1).partition(CustomerSchema.EMAIL, "grace@example.com").list()),
                shop("orders-of-customer", s -> s.ordersOfCustomer("C1"),
                        t -> t.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, "C1").sortBeginsWith(KeyValues.none()).list()),
                shop("single-order", s -> s.order("C2", "O1005"),
                        t -> get(t, OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, "C2").and(OrderSchema.ORDER_ID, "O1005"))),
                shop("customer-with-orders", s -> s.customerWithOrders("C1"),
                        t -> t.query(CustomerItemsCollection.INSTANCE).partition(KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1")).list()),
                shop("orders-by-status", s -> s.ordersByStatus(OrderStatus.PENDING),
                        t -> t.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.PENDING).list()),
                shop("orders-by-status-between-dates", s -> s.ordersByStatusBetween(OrderStatus.DELIVERED,
                        Instant.parse("2025-02-01T00:00:00Z"), Instant.parse("2025-03-31T23:59:59.999999999Z")),
                        t -> t.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.DELIVERED)
                                .sortBetween(KeyValues.of(OrderSchema.CREATED_AT, Instant.parse("2025-02-01T00:00:00Z")),
                                        KeyValues.of(OrderSchema.CREATED_AT, Instant.parse("2025-03-31T23:59:59.999999999Z"))).list()),
                shop("order-with-items", s -> s.orderWithItems("O1007"),
                        t -> t.query(OrderDetailsCollection.INSTANCE).index(GSI2).partition(KeyValues.of(OrderSchema.ORDER_ID, "O1007")).list()),
                shop("order-by-id", s -> s.orderById("O1007"),
                        t -> t.query(OrderSchema.INSTANCE).index(GSI2).partition(OrderSchema.ORDER_ID, "O1007").sortEquals(KeyValues.none()).list()),
                shop("items-of-order", s -> s.itemsOfOrder("O1007"),
                        t -> t.query(OrderItemSchema.INSTANCE).partition(OrderItemSchema.ORDER_ID, "O1007").sortBeginsWith(KeyValues.none()).list()),
                shop("product-by-id", s -> s.product("HP-200"),
                        t -> get(t, ProductSchema.INSTANCE, KeyValues.of(ProductSchema.PRODUCT_ID, "HP-200"))),
                shop("product-with-inventory", s -> s.productWithInventory("HP-300"),
                        t -> t.query(ProductItemsCollection.INSTANCE).partition(KeyValues.of(ProductSchema.PRODUCT_ID, "HP-300")).list()),
                shop("products-by-price", s -> s.productsByPrice("ELECTRONICS/AUDIO/HEADPHONES", new BigDecimal("40.00"),
                        new BigDecimal("150.00")),
                        t -> t.query(ProductSchema.INSTANCE).index(GSI1).partition(ProductSchema.CATEGORY, "ELECTRONICS/AUDIO/HEADPHONES")
                                .sortBetween(KeyValues.of(ProductSchema.PRICE, new BigDecimal("40.00")),
                                        KeyValues.of(ProductSchema.PRICE, new BigDecimal("150.00"))).list()),
                shop("category-subtree", s -> s.categorySubtree(List.of("ELECTRONICS", "AUDIO")),
                        t -> t.query(CategorySchema.INSTANCE).partition(KeyValues.none())
                                .sortSubtree(KeyValues.of(CategorySchema.PATH, List.of("ELECTRONICS", "AUDIO"))).list()),
                shop("category-children", s -> s.categoryChildren(List.of("ELECTRONICS")),
                        t -> t.query(CategorySchema.INSTANCE).partition(KeyValues.none())
                                .sortChildren(KeyValues.of(CategorySchema.PATH, List.of("ELECTRONICS"))).list()),
                blog("user-by-username", b -> b.user("alice"),
                        t -> get(t, UserSchema.INSTANCE, KeyValues.of(UserSchema.USERNAME, "alice"))),
                blog("user-by-email", b -> b.userByEmail("carol@example.com"),
                        t -> t.query(UserSchema.INSTANCE).index(GSI1).partition(UserSchema.EMAIL, "carol@example.com").list()),
                blog("posts-by-user", b -> b.postsByUser("alice"),
                        t -> t.query(PostSchema.INSTANCE).partition(PostSchema.USERNAME, "alice").sortBeginsWith(KeyValues.none()).list()),
                blog("user-page", b -> b.userPage("alice"),
                        t -> t.query(UserPageCollection.INSTANCE).partition(KeyValues.of(UserSchema.USERNAME, "alice"))
                                .sortBetweenRaw(UserPage.SORT_FROM, UserPage.SORT_TO).list()),
                blog("comments-on-post", b -> b.commentsOnPost("single-table-basics"),
                        t -> t.query(CommentSchema.INSTANCE).partition(CommentSchema.POST_ID, "single-table-basics")
                                .sortBeginsWith(KeyValues.none()).list()),
                blog("published-posts", b -> b.postsByStatus(PostStatus.PUBLISHED),
                        t -> t.query(PostSchema.INSTANCE).index(GSI1).partition(PostSchema.STATUS, PostStatus.PUBLISHED).descending().list()),
                blog("posts-with-tag", b -> b.postsWithTag("dynamodb"),
                        t -> t.query(PostTagSchema.INSTANCE).partition(PostTagSchema.TAG, "dynamodb").list()),
                blog("comments-by-user", b -> b.commentsByUser("bob"),
                        t -> t.query(CommentSchema.INSTANCE).index(GSI1).partition(CommentSchema.USERNAME, "bob")
                                .sortBeginsWith(KeyValues.none()).descending().list()),
                blog("tags-of-post", b -> b.tagsOfPost("single-table-basics"),
                        t -> t.query(PostTagSchema.INSTANCE).index(GSI1).partition(PostTagSchema.POST_ID, "single-table-basics")
                                .sortBeginsWith(KeyValues.none()).list()),
                blog("metrics-between-dates", b -> b.metricsBetween("alice", LocalDate.parse("2025-05-10"), LocalDate.parse("2025-05-16")),
                        t -> t.query(UserMetricsSchema.INSTANCE).partition(UserMetricsSchema.USERNAME, "alice")
                                .sortBetween(KeyValues.of(UserMetricsSchema.DAY, LocalDate.parse("2025-05-10")),
                                        KeyValues.of(UserMetricsSchema.DAY, LocalDate.parse("2025-05-16"))).list()),
                blog("groups-of-user", b -> b.groupsOfUser("alice"),
                        t -> t.query(GroupMembershipSchema.INSTANCE).partition(GroupMembershipSchema.USERNAME, "alice")
                                .sortBeginsWith(KeyValues.none()).list()),
                blog("members-of-group", b -> b.membersOfGroup("dynamodb-fans"),
                        t -> t.query(GroupMembershipSchema.INSTANCE).index(GSI1).partition(GroupMembershipSchema.GROUP_ID, "dynamodb-fans").list()),
                blog("sessions-of-user", b -> b.sessionsOfUser("alice"),
                        t -> t.query(SessionSchema.INSTANCE).partition(SessionSchema.USER_ID, "alice").sortBeginsWith(KeyValues.none()).list()));
    }

    private static <T> List<T> get(Table table, EntitySchema<T> entity, KeyValues key) {
        return table.get(entity, key).stream().toList();
    }

    private static Arguments shop(String id, Function<Shop, Object> call, Function<Table, List<?>> handWritten) {
        return Arguments.of(id, (Function<Table, Object>) t -> call.apply(ShopPatterns.of(t)), handWritten);
    }

    private static Arguments blog(String id, Function<Blog, Object> call, Function<Table, List<?>> handWritten) {
        return Arguments.of(id, (Function<Table, Object>) t -> call.apply(BlogPatterns.of(t)), handWritten);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("patterns")
    void pattern_whenCalledThroughTheGeneratedImplementation_sendsTheHandWrittenRequestsAndReadsItsItems(String id,
            Function<Table, Object> call, Function<Table, List<?>> handWritten) {
        sent.clear();
        List<?> expected = handWritten.apply(table);
        List<DynamoDbRequest> handWrittenRequests = List.copyOf(sent);
        sent.clear();
        Object result = call.apply(table);
        List<?> items = result instanceof Optional<?> optional ? optional.stream().toList() : (List<?>) result;

        assertThat(sent).as(id).isNotEmpty().isEqualTo(handWrittenRequests);
        assertThat(items).as(id).isNotEmpty().isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("patterns")
    void catalogue_whenEcommerceOrBlogPatternRuns_callsTheGeneratedImplementationAndShowsItsFirstRequest(String id,
            Function<Table, Object> call, Function<Table, List<?>> handWritten) {
        PatternStep step = AccessPatterns.byId(table, id).step();
        sent.clear();
        List<?> expected = handWritten.apply(table);
        List<DynamoDbRequest> handWrittenRequests = List.copyOf(sent);
        sent.clear();

        assertThat(step).as(id).isInstanceOf(PatternStep.Call.class);
        DynamoDbRequest shown = ((PatternStep.Call<?>) step).request();
        assertThat(sent).as(id + ": showing the request sends nothing").isEmpty();
        assertThat(shown).as(id).isEqualTo(handWrittenRequests.get(0));
        assertThat(step.run()).as(id).isEqualTo(expected);
        assertThat(sent).as(id).isEqualTo(handWrittenRequests);
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
}
