package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Table;
import dev.singletable.examples.AccessPattern;
import dev.singletable.examples.AccessPatterns;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.PatternStep;
import dev.singletable.examples.SampleData;
import dev.singletable.examples.blog.Comment;
import dev.singletable.examples.blog.CommentSchema;
import dev.singletable.examples.blog.GroupMembershipSchema;
import dev.singletable.examples.blog.Post;
import dev.singletable.examples.blog.PostSchema;
import dev.singletable.examples.blog.PostStatus;
import dev.singletable.examples.blog.PostTagSchema;
import dev.singletable.examples.blog.SessionSchema;
import dev.singletable.examples.blog.User;
import dev.singletable.examples.blog.UserSchema;
import dev.singletable.examples.blog.UserMetricsSchema;
import dev.singletable.examples.blog.UserPage;
import dev.singletable.examples.blog.UserPageCollection;
import dev.singletable.examples.ecommerce.CatalogProduct;
import dev.singletable.examples.ecommerce.CategorySchema;
import dev.singletable.examples.ecommerce.Customer;
import dev.singletable.examples.ecommerce.CustomerSchema;
import dev.singletable.examples.ecommerce.CustomerItems;
import dev.singletable.examples.ecommerce.CustomerItemsCollection;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderSchema;
import dev.singletable.examples.ecommerce.OrderDetailsCollection;
import dev.singletable.examples.ecommerce.OrderItem;
import dev.singletable.examples.ecommerce.OrderItemSchema;
import dev.singletable.examples.ecommerce.OrderStatus;
import dev.singletable.examples.ecommerce.Product;
import dev.singletable.examples.ecommerce.ProductSchema;
import dev.singletable.examples.ecommerce.ProductItemsCollection;
import dev.singletable.examples.sensors.SensorReadingSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static dev.singletable.examples.AppTable.GSI1;
import static dev.singletable.examples.AppTable.GSI2;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every access pattern of seeds 000-004, each one short typed expression on the sample data,
 * asserting the exact items in the exact order, sync and async alike.
 */
class SeedAccessPatternsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(AppTable.SCHEMA);

    private static final SampleData DATA = SampleData.create();
    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void load() {
        table = db.table();
        DATA.load(table);
        async = AsyncTable.of(table.schema(), db.engine().asyncClient());
    }

    // ---------------------------------------------------------------- expected items, by id, from the sample data

    private static Customer customer(String id) {
        return DATA.customers().stream().filter(c -> c.customerId().equals(id)).findFirst().orElseThrow();
    }

    private static List<Order> orders(String... ids) {
        return Stream.of(ids).map(id -> DATA.orders().stream().filter(o -> o.orderId().equals(id)).findFirst().orElseThrow()).toList();
    }

    private static List<OrderItem> items(String orderId, String... productIds) {
        return Stream.of(productIds).map(p -> DATA.orderItems().stream()
                .filter(i -> i.orderId().equals(orderId) && i.productId().equals(p)).findFirst().orElseThrow()).toList();
    }

    private static Product product(String id) {
        return DATA.products().stream().filter(p -> p.productId().equals(id)).findFirst().orElseThrow();
    }

    private static User user(String username) {
        return DATA.users().stream().filter(u -> u.username().equals(username)).findFirst().orElseThrow();
    }

    private static List<Post> posts(String... ids) {
        return Stream.of(ids).map(id -> DATA.posts().stream().filter(p -> p.postId().equals(id)).findFirst().orElseThrow()).toList();
    }

    private static List<Comment> comments(String... ids) {
        return Stream.of(ids).map(id -> DATA.comments().stream().filter(c -> c.commentId().equals(id)).findFirst().orElseThrow()).toList();
    }

    private static <T> List<Object> concat(List<? extends T> first, List<? extends T> second) {
        List<Object> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private record Pattern(Supplier<List<?>> sync, Supplier<List<?>> async, List<?> expected) {
    }

    /** Pattern name to (sync expression, async expression, expected items). */
    private static Map<String, Pattern> patterns() {
        Map<String, Pattern> p = new LinkedHashMap<>();
        // seed 000 #1, 001 #1, 002 customer record, 004 #1
        p.put("customer by id", new Pattern(
                () -> table.get(CustomerSchema.INSTANCE, KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1")).stream().toList(),
                () -> async.get(CustomerSchema.INSTANCE, KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1")).join().stream().toList(),
                List.of(customer("C1"))));
        // 001 #3
        p.put("customer by email (GSI1)", new Pattern(
                () -> table.query(CustomerSchema.INSTANCE).index(GSI1).partition(CustomerSchema.EMAIL, "grace@example.com").list(),
                () -> async.query(CustomerSchema.INSTANCE).index(GSI1).partition(CustomerSchema.EMAIL, "grace@example.com").list().join(),
                List.of(customer("C2"))));
        // 000 #2, 001 #2, 004 #2
        p.put("orders of a customer", new Pattern(
                () -> table.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, "C1").list(),
                () -> async.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, "C1").list().join(),
                orders("O1001", "O1002", "O1003")));
        // 004 #3
        p.put("one order", new Pattern(
                () -> table.get(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, "C2").and(OrderSchema.ORDER_ID, "O1005")).stream().toList(),
                () -> async.get(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, "C2").and(OrderSchema.ORDER_ID, "O1005")).join().stream().toList(),
                orders("O1005")));
        // 001 polymorphic queries, 004: customer and orders in one request (ORDER# sorts before PROFILE)
        p.put("customer with orders", new Pattern(
                () -> table.query(CustomerItemsCollection.INSTANCE).partition(KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1")).list(),
                () -> async.query(CustomerItemsCollection.INSTANCE).partition(KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1")).list().join(),
                concat(orders("O1001", "O1002", "O1003"), List.of(customer("C1")))));
        // 000 GSI, 001 #4, 004 GSI: orders by status, oldest first
        p.put("orders by status (GSI1)", new Pattern(
                () -> table.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.PENDING).list(),
                () -> async.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.PENDING).list().join(),
                orders("O1009", "O1003", "O1007")));
        // 000/004: orders by status and date range
        Instant feb = Instant.parse("2025-02-01T00:00:00Z");
        Instant endOfMarch = Instant.parse("2025-03-31T23:59:59Z");
        p.put("orders by status between dates (GSI1)", new Pattern(
                () -> table.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.DELIVERED)
                        .sortBetween(KeyValues.of(OrderSchema.CREATED_AT, feb), KeyValues.of(OrderSchema.CREATED_AT, endOfMarch)).list(),
                () -> async.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.DELIVERED)
                        .sortBetween(KeyValues.of(OrderSchema.CREATED_AT, feb), KeyValues.of(OrderSchema.CREATED_AT, endOfMarch)).list().join(),
                orders("O1004", "O1010")));
        // the same, newest first, only totals above 300 (a filter)
        p.put("orders by status, newest first, total over 300 (GSI1 + filter)", new Pattern(
                () -> table.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.DELIVERED).descending()
                        .filter(Condition.gt(OrderSchema.TOTAL, new BigDecimal("300"))).list(),
                () -> async.query(OrderSchema.INSTANCE).index(GSI1).partition(OrderSchema.STATUS, OrderStatus.DELIVERED).descending()
                        .filter(Condition.gt(OrderSchema.TOTAL, new BigDecimal("300"))).list().join(),
                DATA.orders().stream().filter(o -> o.status() == OrderStatus.DELIVERED && o.total().compareTo(new BigDecimal("300")) > 0)
                        .sorted((a, b) -> b.createdAt().compareTo(a.createdAt())).toList()));
        // 000 #3, 002 all records of an order: items then the order (ITEM# < ORDER)
        p.put("order with items (GSI2)", new Pattern(
                () -> table.query(OrderDetailsCollection.INSTANCE).index(GSI2).partition(KeyValues.of(OrderSchema.ORDER_ID, "O1007")).list(),
                () -> async.query(OrderDetailsCollection.INSTANCE).index(GSI2).partition(KeyValues.of(OrderSchema.ORDER_ID, "O1007")).list().join(),
                concat(items("O1007", "HP-100", "KB-100", "SP-100"), orders("O1007"))));
        // 002 just the order details
        p.put("order by id alone (GSI2)", new Pattern(
                () -> table.query(OrderSchema.INSTANCE).index(GSI2).partition(OrderSchema.ORDER_ID, "O1007").list(),
                () -> async.query(OrderSchema.INSTANCE).index(GSI2).partition(OrderSchema.ORDER_ID, "O1007").list().join(),
                orders("O1007")));
        // 002 all products within an order
        p.put("items of an order", new Pattern(
                () -> table.query(OrderItemSchema.INSTANCE).partition(OrderItemSchema.ORDER_ID, "O1007").list(),
                () -> async.query(OrderItemSchema.INSTANCE).partition(OrderItemSchema.ORDER_ID, "O1007").list().join(),
                items("O1007", "HP-100", "KB-100", "SP-100")));
        // 000 #4, 004 #4
        p.put("product by id", new Pattern(
                () -> table.get(ProductSchema.INSTANCE, KeyValues.of(ProductSchema.PRODUCT_ID, "HP-200")).stream().toList(),
                () -> async.get(ProductSchema.INSTANCE, KeyValues.of(ProductSchema.PRODUCT_ID, "HP-200")).join().stream().toList(),
                List.of(product("HP-200"))));
        // 003 e-commerce: product and its stock (DETAILS < INVENTORY#DUB1 < INVENTORY#FRA1)
        p.put("product with inventory", new Pattern(
                () -> table.query(ProductItemsCollection.INSTANCE).partition(KeyValues.of(ProductSchema.PRODUCT_ID, "HP-300")).list(),
                () -> async.query(ProductItemsCollection.INSTANCE).partition(KeyValues.of(ProductSchema.PRODUCT_ID, "HP-300")).list().join(),
                concat(List.of(product("HP-300")), DATA.inventory().stream().filter(i -> i.productId().equals("HP-300")).toList())));
        // 001 hierarchical data: price range on a formatted numeric slot
        p.put("headphones between two prices (GSI1)", new Pattern(
                () -> table.query(ProductSchema.INSTANCE).index(GSI1).partition(ProductSchema.CATEGORY, "ELECTRONICS/AUDIO/HEADPHONES")
                        .sortBetween(KeyValues.of(ProductSchema.PRICE, new BigDecimal("40.00")), KeyValues.of(ProductSchema.PRICE, new BigDecimal("150.00")))
                        .list(),
                () -> async.query(ProductSchema.INSTANCE).index(GSI1).partition(ProductSchema.CATEGORY, "ELECTRONICS/AUDIO/HEADPHONES")
                        .sortBetween(KeyValues.of(ProductSchema.PRICE, new BigDecimal("40.00")), KeyValues.of(ProductSchema.PRICE, new BigDecimal("150.00")))
                        .list().join(),
                List.of(product("HP-100"), product("HP-200"))));
        // 000 hierarchical data: ELECTRONICS/AUDIOPHILE stays out
        p.put("category subtree", new Pattern(
                () -> table.query(CategorySchema.INSTANCE).partition(KeyValues.none())
                        .sortSubtree(KeyValues.of(CategorySchema.PATH, List.of("ELECTRONICS", "AUDIO"))).list(),
                () -> async.query(CategorySchema.INSTANCE).partition(KeyValues.none())
                        .sortSubtree(KeyValues.of(CategorySchema.PATH, List.of("ELECTRONICS", "AUDIO"))).list().join(),
                DATA.categories().stream().filter(c -> c.path().size() >= 2 && c.path().subList(0, 2).equals(List.of("ELECTRONICS", "AUDIO")))
                        .toList()));
        // 000 hierarchical data: children only
        p.put("category children", new Pattern(
                () -> table.query(CategorySchema.INSTANCE).partition(KeyValues.none())
                        .sortChildren(KeyValues.of(CategorySchema.PATH, List.of("ELECTRONICS"))).list(),
                () -> async.query(CategorySchema.INSTANCE).partition(KeyValues.none())
                        .sortChildren(KeyValues.of(CategorySchema.PATH, List.of("ELECTRONICS"))).list().join(),
                DATA.categories().stream().filter(c -> c.path().size() == 2).toList()));
        // 000 time-series data: a device's readings across day buckets
        p.put("readings across day buckets", new Pattern(
                () -> table.query(SensorReadingSchema.INSTANCE).partition(SensorReadingSchema.DEVICE_ID, "d2")
                        .acrossBuckets(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T00:00:00Z"), Instant.parse("2025-05-19T23:59:59Z"))
                        .list(),
                () -> async.query(SensorReadingSchema.INSTANCE).partition(SensorReadingSchema.DEVICE_ID, "d2")
                        .acrossBuckets(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T00:00:00Z"), Instant.parse("2025-05-19T23:59:59Z"))
                        .list().join(),
                DATA.readings().stream().filter(r -> r.deviceId().equals("d2")).toList()));
        // 003 don't ignore hot partitions: a day's readings over every write shard
        p.put("a day's readings across shards (GSI1)", new Pattern(
                () -> table.query(SensorReadingSchema.INSTANCE).index(GSI1)
                        .partition(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T00:00:00Z")).acrossShards().list(),
                () -> async.query(SensorReadingSchema.INSTANCE).index(GSI1)
                        .partition(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T00:00:00Z")).acrossShards().list().join(),
                DATA.readings().stream().filter(r -> r.takenAt().toString().startsWith("2025-05-18"))
                        .sorted(java.util.Comparator.comparing(dev.singletable.examples.sensors.SensorReading::takenAt)
                                .thenComparing(dev.singletable.examples.sensors.SensorReading::deviceId)).toList()));
        // 000 blog #1, 003 #1
        p.put("user by username", new Pattern(
                () -> table.get(UserSchema.INSTANCE, KeyValues.of(UserSchema.USERNAME, "alice")).stream().toList(),
                () -> async.get(UserSchema.INSTANCE, KeyValues.of(UserSchema.USERNAME, "alice")).join().stream().toList(),
                List.of(user("alice"))));
        // 000 blog #1 by email
        p.put("user by email (GSI1)", new Pattern(
                () -> table.query(UserSchema.INSTANCE).index(GSI1).partition(UserSchema.EMAIL, "carol@example.com").list(),
                () -> async.query(UserSchema.INSTANCE).index(GSI1).partition(UserSchema.EMAIL, "carol@example.com").list().join(),
                List.of(user("carol"))));
        // 000 blog #2, 003 #2
        p.put("posts by user", new Pattern(
                () -> table.query(PostSchema.INSTANCE).partition(PostSchema.USERNAME, "alice").list(),
                () -> async.query(PostSchema.INSTANCE).partition(PostSchema.USERNAME, "alice").list().join(),
                posts("gsi-overloading", "single-table-basics", "ttl-sessions")));
        // 003 one-to-many: profile and posts in one request
        p.put("user page", new Pattern(
                () -> table.query(UserPageCollection.INSTANCE).partition(KeyValues.of(UserSchema.USERNAME, "alice"))
                        .sortBetweenRaw(UserPage.SORT_FROM, UserPage.SORT_TO).list(),
                () -> async.query(UserPageCollection.INSTANCE).partition(KeyValues.of(UserSchema.USERNAME, "alice"))
                        .sortBetweenRaw(UserPage.SORT_FROM, UserPage.SORT_TO).list().join(),
                concat(posts("gsi-overloading", "single-table-basics", "ttl-sessions"), List.of(user("alice")))));
        // 000 blog #3, 003 #3
        p.put("comments on a post", new Pattern(
                () -> table.query(CommentSchema.INSTANCE).partition(CommentSchema.POST_ID, "single-table-basics").list(),
                () -> async.query(CommentSchema.INSTANCE).partition(CommentSchema.POST_ID, "single-table-basics").list().join(),
                comments("c01", "c02", "c03")));
        // 000 blog #4, 003 #4
        p.put("published posts, newest first (GSI1)", new Pattern(
                () -> table.query(PostSchema.INSTANCE).index(GSI1).partition(PostSchema.STATUS, PostStatus.PUBLISHED).descending().list(),
                () -> async.query(PostSchema.INSTANCE).index(GSI1).partition(PostSchema.STATUS, PostStatus.PUBLISHED).descending().list().join(),
                posts("key-templates", "gsi-overloading", "java-records", "single-table-basics")));
        // 000 blog #5, 003 #6
        p.put("posts with a tag", new Pattern(
                () -> table.query(PostTagSchema.INSTANCE).partition(PostTagSchema.TAG, "dynamodb").list(),
                () -> async.query(PostTagSchema.INSTANCE).partition(PostTagSchema.TAG, "dynamodb").list().join(),
                Stream.of("gsi-overloading", "java-records", "single-table-basics")
                        .map(id -> DATA.postTags().stream().filter(t -> t.tag().equals("dynamodb") && t.postId().equals(id))
                                .findFirst().orElseThrow()).toList()));
        // 003 #5
        p.put("comments by user, newest first (GSI1)", new Pattern(
                () -> table.query(CommentSchema.INSTANCE).index(GSI1).partition(CommentSchema.USERNAME, "bob").descending().list(),
                () -> async.query(CommentSchema.INSTANCE).index(GSI1).partition(CommentSchema.USERNAME, "bob").descending().list().join(),
                comments("c07", "c04", "c01")));
        // 003 many-to-many, reverse lookup
        p.put("tags of a post (GSI1)", new Pattern(
                () -> table.query(PostTagSchema.INSTANCE).index(GSI1).partition(PostTagSchema.POST_ID, "single-table-basics").list(),
                () -> async.query(PostTagSchema.INSTANCE).index(GSI1).partition(PostTagSchema.POST_ID, "single-table-basics").list().join(),
                Stream.of("aws", "data-modeling", "dynamodb")
                        .map(tag -> DATA.postTags().stream().filter(t -> t.postId().equals("single-table-basics") && t.tag().equals(tag))
                                .findFirst().orElseThrow()).toList()));
        // 000 time-series data: metrics between two dates
        LocalDate from = LocalDate.parse("2025-05-10");
        LocalDate to = LocalDate.parse("2025-05-16");
        p.put("metrics between two dates", new Pattern(
                () -> table.query(UserMetricsSchema.INSTANCE).partition(UserMetricsSchema.USERNAME, "alice")
                        .sortBetween(KeyValues.of(UserMetricsSchema.DAY, from), KeyValues.of(UserMetricsSchema.DAY, to)).list(),
                () -> async.query(UserMetricsSchema.INSTANCE).partition(UserMetricsSchema.USERNAME, "alice")
                        .sortBetween(KeyValues.of(UserMetricsSchema.DAY, from), KeyValues.of(UserMetricsSchema.DAY, to)).list().join(),
                DATA.metrics().stream().filter(m -> m.username().equals("alice") && !m.day().isBefore(from) && !m.day().isAfter(to))
                        .toList()));
        // 000/003 many-to-many
        p.put("groups of a user", new Pattern(
                () -> table.query(GroupMembershipSchema.INSTANCE).partition(GroupMembershipSchema.USERNAME, "alice").list(),
                () -> async.query(GroupMembershipSchema.INSTANCE).partition(GroupMembershipSchema.USERNAME, "alice").list().join(),
                DATA.memberships().stream().filter(m -> m.username().equals("alice")).toList()));
        p.put("members of a group (GSI1)", new Pattern(
                () -> table.query(GroupMembershipSchema.INSTANCE).index(GSI1).partition(GroupMembershipSchema.GROUP_ID, "dynamodb-fans").list(),
                () -> async.query(GroupMembershipSchema.INSTANCE).index(GSI1).partition(GroupMembershipSchema.GROUP_ID, "dynamodb-fans").list().join(),
                DATA.memberships().stream().filter(m -> m.groupId().equals("dynamodb-fans")).toList()));
        // 001 composite entity with TTL: only live sessions
        p.put("live sessions of a user", new Pattern(
                () -> table.query(SessionSchema.INSTANCE).partition(SessionSchema.USER_ID, "alice")
                        .filter(Condition.gt(SessionSchema.EXPIRES_AT, Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS))).list(),
                () -> async.query(SessionSchema.INSTANCE).partition(SessionSchema.USER_ID, "alice")
                        .filter(Condition.gt(SessionSchema.EXPIRES_AT, Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS))).list().join(),
                DATA.sessions().stream().filter(s -> s.userId().equals("alice"))
                        .sorted((a, b) -> a.sessionId().toString().compareTo(b.sessionId().toString())).toList()));
        return p;
    }

    @Test
    void everySeedPattern_returnsExactlyTheExpectedItemsInOrder_syncAndAsync() {
        Map<String, Pattern> patterns = patterns();
        patterns.forEach((name, pattern) -> {
            List<Object> expected = new ArrayList<>(pattern.expected());
            assertThat(new ArrayList<Object>(pattern.sync().get())).as(name + " (sync)").containsExactlyElementsOf(expected);
            assertThat(new ArrayList<Object>(pattern.async().get())).as(name + " (async)").containsExactlyElementsOf(expected);
        });
        assertThat(patterns).hasSize(31);
    }

    @Test
    void catalogue_everyPatternOfTheExamplesModule_runsAndReturnsItems() {
        for (AccessPattern pattern : AccessPatterns.all(table)) {
            Optional<EngineFeature> needs = needs(pattern.step());
            if (needs.isPresent() && !db.engine().supports(needs.get())) {
                continue; // dynalite has no transactions and no PartiQL: the steps that write with them are DynamoDB Local's to run
            }
            List<?> items = pattern.step().run();
            if (pattern.step() instanceof PatternStep.Statements) {
                assertThat(items).as(pattern.id() + ": PartiQL writes return no items").isEmpty();
                continue;
            }
            assertThat(items).as(pattern.id()).isNotEmpty();
            if (pattern.step() instanceof PatternStep.Move<?> move) {
                // seed 001's conditional keys: read back at the new state's key, and gone from the old one
                assertThat(new ArrayList<Object>(items)).as(pattern.id()).containsExactly(new CatalogProduct("P-LAMP", "Desk Lamp", true,
                        Instant.parse("2025-06-01T12:00:00Z"), 2L));
                assertThat(table.get(move.from(), move.key())).as(pattern.id() + " old key").isEmpty();
            }
            if (pattern.step() instanceof PatternStep.Run<?> run) {
                assertThat(run.query().count()).as(pattern.id() + " count").isEqualTo(items.size());
                assertThat(run.query().stream().toList()).as(pattern.id() + " stream").isEqualTo(items);
            }
        }
    }

    /** The engine feature a demo step's request needs beyond reads and plain writes, if any. */
    private static Optional<EngineFeature> needs(PatternStep step) {
        if (step instanceof PatternStep.Statements) {
            return Optional.of(EngineFeature.PARTIQL);
        }
        // the relation's reads read what relate wrote in a transaction
        if (step instanceof PatternStep.Relate<?, ?> || step instanceof PatternStep.Related<?, ?> || step instanceof PatternStep.Move<?>) {
            return Optional.of(EngineFeature.TRANSACTIONS);
        }
        return Optional.empty();
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_seed002Statements_returnTypedEntities() {
        String name = db.tableName();
        // SELECT * FROM "single-table" WHERE "PK" = 'O#01111': every record of the order's partition
        List<OrderItem> all = table.partiql(OrderItemSchema.INSTANCE, "SELECT * FROM \"" + name + "\" WHERE \"PK\" = ?")
                .parameters("ORDER#O1007").list();
        // ... AND "SK" = ...: just the order details
        List<Order> order = table.partiql(OrderSchema.INSTANCE, "SELECT * FROM \"" + name + "\" WHERE \"PK\" = ? AND \"SK\" = ?")
                .parameters("CUSTOMER#C3", "ORDER#O1007").list();
        // ... AND begins_with("SK", 'P#'): all products within the order
        List<OrderItem> products = table.partiql(OrderItemSchema.INSTANCE,
                        "SELECT * FROM \"" + name + "\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)")
                .parameters("ORDER#O1007", "ITEM#").list();
        // a collection: the customer and their orders
        List<CustomerItems> customerItems = table.partiql(CustomerItemsCollection.INSTANCE, "SELECT * FROM \"" + name + "\" WHERE \"PK\" = ?")
                .parameters("CUSTOMER#C1").list();

        assertThat(all).containsExactlyInAnyOrderElementsOf(items("O1007", "HP-100", "KB-100", "SP-100"));
        assertThat(order).containsExactlyElementsOf(orders("O1007"));
        assertThat(products).containsExactlyInAnyOrderElementsOf(items("O1007", "HP-100", "KB-100", "SP-100"));
        assertThat(new ArrayList<Object>(customerItems)).containsExactlyInAnyOrderElementsOf(concat(orders("O1001", "O1002", "O1003"), List.of(customer("C1"))));
    }

    @Test
    void page_publishedPostsTwoAtATime_walksAllWithCursors() {
        List<Post> seen = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            var query = table.query(PostSchema.INSTANCE).index(GSI1).partition(PostSchema.STATUS, PostStatus.PUBLISHED).descending().limit(2);
            Page<Post> page = cursor.isEmpty() ? query.page() : query.page(cursor.get());
            seen.addAll(page.items());
            cursor = page.cursor();
        } while (cursor.isPresent());

        assertThat(seen).containsExactlyElementsOf(posts("key-templates", "gsi-overloading", "java-records", "single-table-basics"));
    }
}
