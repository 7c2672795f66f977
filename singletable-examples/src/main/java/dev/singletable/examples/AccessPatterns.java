package dev.singletable.examples;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.examples.AccessPattern.Domain;
import dev.singletable.examples.blog.Blog;
import dev.singletable.examples.blog.BlogPatterns;
import dev.singletable.examples.blog.Group;
import dev.singletable.examples.blog.GroupSchema;
import dev.singletable.examples.blog.PostStatus;
import dev.singletable.examples.blog.PostTag;
import dev.singletable.examples.blog.User;
import dev.singletable.examples.blog.UserMetricsSchema;
import dev.singletable.examples.blog.UserSchema;
import dev.singletable.examples.ecommerce.CatalogProductSchema;
import dev.singletable.examples.ecommerce.OrderStatus;
import dev.singletable.examples.ecommerce.Shop;
import dev.singletable.examples.ecommerce.ShopPatterns;
import dev.singletable.examples.sensors.SensorReadingSchema;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

import static dev.singletable.examples.AppTable.GSI1;

/**
 * Every access pattern the seeds list, served from {@link AppTable} with the {@link SampleData}
 * values: each one a single GetItem or Query (one page each on the sample data), never a scan.
 * A pattern that several seeds list appears once, naming all of them. The e-commerce and blog patterns are declared on
 * {@link Shop} and {@link Blog} and run through the implementations the processor generates for them
 * ({@code ShopPatterns}, {@code BlogPatterns}).
 *
 * <p>Seed references: {@code 000} is the generic single-table guide (e-commerce patterns 1-4, then
 * its blog patterns, written {@code 000 blog #n}), {@code 001} the DynamoMapper e-commerce guide,
 * {@code 002} the customer/order PartiQL article, {@code 003} the Dynatable blog guide,
 * {@code 004} the e-commerce access patterns guide. {@code #n} is the seed's own numbering;
 * other references name the seed's section.
 *
 * <pre>{@code
 * for (AccessPattern pattern : AccessPatterns.all(table)) {
 *     List<?> items = pattern.step().run();
 * }
 * }</pre>
 */
public final class AccessPatterns {
    private AccessPatterns() {
    }

    /** The catalogue, e-commerce first, each pattern bound to the table. Sends nothing. */
    public static List<AccessPattern> all(Table table) {
        List<AccessPattern> patterns = new ArrayList<>();
        ecommerce(table, patterns);
        blog(table, patterns);
        timeSeries(table, patterns);
        modellingPatterns(table, patterns);
        return List.copyOf(patterns);
    }

    /** The pattern with this {@link AccessPattern#id()}. */
    public static AccessPattern byId(Table table, String id) {
        return all(table).stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("No access pattern '" + id + "'; the patterns are "
                        + all(table).stream().map(AccessPattern::id).toList()));
    }

    private static void ecommerce(Table table, List<AccessPattern> patterns) {
        ecommerceCustomersAndOrders(table, patterns);
        ecommerceOrderItemsAndCatalogue(table, patterns);
    }

    /** Customers, their orders and orders by status. */
    private static void ecommerceCustomersAndOrders(Table table, List<AccessPattern> patterns) {
        Domain domain = Domain.ECOMMERCE;
        patterns.add(new AccessPattern("customer-by-id", domain,
                "Customer C1 by id",
                List.of("000 #1", "001 #1", "002 customer record", "004 #1"),
                shop(table, shop -> shop.customer("C1"))));

        patterns.add(new AccessPattern("customer-by-email", domain,
                "Customer by email grace@example.com (GSI1)",
                List.of("001 #3"),
                shop(table, shop -> shop.customerByEmail("grace@example.com"))));

        patterns.add(new AccessPattern("orders-of-customer", domain,
                "Orders of customer C1",
                List.of("000 #2", "001 #2", "004 #2"),
                shop(table, shop -> shop.ordersOfCustomer("C1"))));

        patterns.add(new AccessPattern("single-order", domain,
                "Order O1005 of customer C2",
                List.of("004 #3"),
                shop(table, shop -> shop.order("C2", "O1005"))));

        patterns.add(new AccessPattern("customer-with-orders", domain,
                "Customer C1 with all their orders, in one request",
                List.of("001 polymorphic queries"),
                shop(table, shop -> shop.customerWithOrders("C1"))));

        patterns.add(new AccessPattern("orders-by-status", domain,
                "Pending orders, oldest first (GSI1)",
                List.of("000 secondary indexes", "001 #4", "004 global secondary indexes"),
                shop(table, shop -> shop.ordersByStatus(OrderStatus.PENDING))));

        patterns.add(new AccessPattern("orders-by-status-between-dates", domain,
                "Delivered orders placed in February and March 2025 (GSI1)",
                List.of("000 secondary indexes", "004 global secondary indexes"),
                shop(table, shop -> shop.ordersByStatusBetween(OrderStatus.DELIVERED, Instant.parse("2025-02-01T00:00:00Z"),
                        Instant.parse("2025-03-31T23:59:59.999999999Z")))));
    }

    /** The items of an order, products with their stock and prices, and the category hierarchy. */
    private static void ecommerceOrderItemsAndCatalogue(Table table, List<AccessPattern> patterns) {
        Domain domain = Domain.ECOMMERCE;
        patterns.add(new AccessPattern("order-with-items", domain,
                "Order O1007 with all its items, in one request (GSI2)",
                List.of("000 #3", "002 all records of an order"),
                shop(table, shop -> shop.orderWithItems("O1007"))));

        patterns.add(new AccessPattern("order-by-id", domain,
                "Just order O1007, by order id alone (GSI2)",
                List.of("002 just the order details"),
                shop(table, shop -> shop.orderById("O1007"))));

        patterns.add(new AccessPattern("items-of-order", domain,
                "Items of order O1007",
                List.of("002 all products within an order"),
                shop(table, shop -> shop.itemsOfOrder("O1007"))));

        patterns.add(new AccessPattern("product-by-id", domain,
                "Product HP-200",
                List.of("000 #4", "004 #4"),
                shop(table, shop -> shop.product("HP-200"))));

        patterns.add(new AccessPattern("product-with-inventory", domain,
                "Product HP-300 with its stock per location, in one request",
                List.of("003 real-world example: e-commerce"),
                shop(table, shop -> shop.productWithInventory("HP-300"))));

        patterns.add(new AccessPattern("products-by-price", domain,
                "Headphones priced 40.00 to 150.00, cheapest first (GSI1)",
                List.of("001 hierarchical data"),
                shop(table, shop -> shop.productsByPrice("ELECTRONICS/AUDIO/HEADPHONES", new BigDecimal("40.00"),
                        new BigDecimal("150.00")))));

        patterns.add(new AccessPattern("category-subtree", domain,
                "Category ELECTRONICS#AUDIO and everything below it (ELECTRONICS#AUDIOPHILE stays out)",
                List.of("000 hierarchical data"),
                shop(table, shop -> shop.categorySubtree(List.of("ELECTRONICS", "AUDIO")))));

        patterns.add(new AccessPattern("category-children", domain,
                "The children of category ELECTRONICS, not their children",
                List.of("000 hierarchical data"),
                shop(table, shop -> shop.categoryChildren(List.of("ELECTRONICS")))));
    }

    private static void blog(Table table, List<AccessPattern> patterns) {
        Domain domain = Domain.BLOG;
        patterns.add(new AccessPattern("user-by-username", domain,
                "User alice by username",
                List.of("000 blog #1", "003 #1"),
                blog(table, blog -> blog.user("alice"))));

        patterns.add(new AccessPattern("user-by-email", domain,
                "User by email carol@example.com (GSI1)",
                List.of("000 blog #1"),
                blog(table, blog -> blog.userByEmail("carol@example.com"))));

        patterns.add(new AccessPattern("posts-by-user", domain,
                "Posts of alice, drafts included",
                List.of("000 blog #2", "003 #2"),
                blog(table, blog -> blog.postsByUser("alice"))));

        patterns.add(new AccessPattern("user-page", domain,
                "alice's page: profile and posts in one request, without her metrics, groups or sessions",
                List.of("003 one-to-many"),
                blog(table, blog -> blog.userPage("alice"))));

        patterns.add(new AccessPattern("comments-on-post", domain,
                "Comments on post single-table-basics, oldest first",
                List.of("000 blog #3", "003 #3"),
                blog(table, blog -> blog.commentsOnPost("single-table-basics"))));

        patterns.add(new AccessPattern("published-posts", domain,
                "Published posts, newest first (GSI1)",
                List.of("000 blog #4", "003 #4"),
                blog(table, blog -> blog.postsByStatus(PostStatus.PUBLISHED))));

        patterns.add(new AccessPattern("posts-with-tag", domain,
                "Published posts tagged dynamodb",
                List.of("000 blog #5", "003 #6"),
                blog(table, blog -> blog.postsWithTag("dynamodb"))));

        patterns.add(new AccessPattern("comments-by-user", domain,
                "Comments by bob, newest first (GSI1)",
                List.of("003 #5"),
                blog(table, blog -> blog.commentsByUser("bob"))));

        patterns.add(new AccessPattern("tags-of-post", domain,
                "Tags of post single-table-basics (GSI1)",
                List.of("003 many-to-many"),
                blog(table, blog -> blog.tagsOfPost("single-table-basics"))));

        patterns.add(new AccessPattern("metrics-between-dates", domain,
                "alice's daily metrics from 2025-05-10 to 2025-05-16",
                List.of("000 time-series data"),
                blog(table, blog -> blog.metricsBetween("alice", LocalDate.parse("2025-05-10"), LocalDate.parse("2025-05-16")))));

        patterns.add(new AccessPattern("groups-of-user", domain,
                "Groups alice belongs to",
                List.of("000 many-to-many", "003 many-to-many"),
                blog(table, blog -> blog.groupsOfUser("alice"))));

        patterns.add(new AccessPattern("members-of-group", domain,
                "Members of group dynamodb-fans (GSI1)",
                List.of("000 many-to-many", "003 many-to-many"),
                blog(table, blog -> blog.membersOfGroup("dynamodb-fans"))));

        patterns.add(new AccessPattern("sessions-of-user", domain,
                "Login sessions of alice (expire through TTL)",
                List.of("001 composite entity with TTL"),
                blog(table, blog -> blog.sessionsOfUser("alice"))));
    }

    /** A pattern declared on {@link Shop}, called through the implementation the processor generated. */
    private static PatternStep shop(Table table, Function<Shop, ?> call) {
        return PatternStep.call(table, ShopPatterns::of, call);
    }

    /** A pattern declared on {@link Blog}, called through the implementation the processor generated. */
    private static PatternStep blog(Table table, Function<Blog, ?> call) {
        return PatternStep.call(table, BlogPatterns::of, call);
    }

    /*
     * The patterns below stay hand-written: an @AccessPatterns interface declares a GetItem, a Query of one partition,
     * a BatchGetItem or a single-item write, and these read across partitions (day buckets, write shards), follow or
     * write a relation, change paths inside attributes, send PartiQL or move an item between key states.
     */

    private static void timeSeries(Table table, List<AccessPattern> patterns) {
        Domain series = Domain.TIME_SERIES;
        patterns.add(new AccessPattern("readings-across-days", series,
                "Sensor d1 from 2025-05-18T12:00Z to 2025-05-19T12:00Z: one query per day bucket, merged in time order",
                List.of("000 time-series data"),
                PatternStep.run(table.query(SensorReadingSchema.INSTANCE)
                        .partition(KeyValues.of(SensorReadingSchema.DEVICE_ID, "d1"))
                        .acrossBuckets(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T12:00:00Z"),
                                Instant.parse("2025-05-19T12:00:00Z")))));

        patterns.add(new AccessPattern("readings-of-a-day", series,
                "Every sensor's readings of 2025-05-19 (GSI1): one query per write shard, merged in time order",
                List.of("003 don't ignore hot partitions"),
                PatternStep.run(table.query(SensorReadingSchema.INSTANCE).index(GSI1)
                        .partition(KeyValues.of(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-19T00:00:00Z")))
                        .acrossShards())));
    }

    /** The seeds' modelling patterns, each in one step; run after the reads, as they change items. */
    private static void modellingPatterns(Table table, List<AccessPattern> patterns) {
        Domain modelling = Domain.MODELLING_PATTERNS;
        patterns.add(new AccessPattern("nested-update", modelling,
                "bob drops his second language and adds his Mastodon link: one update through paths into a list and a map",
                List.of("003 #1"),
                PatternStep.change(table, UserSchema.INSTANCE, KeyValues.of(UserSchema.USERNAME, "bob"),
                        List.of(UserSchema.LANGUAGES, UserSchema.LINKS), u -> u
                        .remove(UserSchema.LANGUAGES.at(1))
                        .set(UserSchema.LINKS.key("mastodon"), "https://mastodon.social/@bob"))));

        SampleData data = SampleData.create();
        User bob = data.users().stream().filter(u -> u.username().equals("bob")).findFirst().orElseThrow();
        Group javaDevs = data.groups().stream().filter(g -> g.groupId().equals("java-devs")).findFirst().orElseThrow();
        patterns.add(new AccessPattern("relate", modelling,
                "bob joins java-devs through the declared relation Membership: both adjacency items, one transaction",
                List.of("000 many-to-many", "003 many-to-many with dual writes"),
                PatternStep.relate(table, bob, javaDevs, AppTable.MEMBERSHIP)));

        patterns.add(new AccessPattern("related-groups-of-user", modelling,
                "bob's groups through Membership: his adjacency items, with each group's name",
                List.of("000 many-to-many", "003 many-to-many with dual writes"),
                PatternStep.related(table, bob, KeyValues.of(UserSchema.USERNAME, "bob"), AppTable.MEMBERSHIP, false)));

        patterns.add(new AccessPattern("related-members-of-group", modelling,
                "java-devs' members through Membership, from the group's side",
                List.of("000 many-to-many", "003 many-to-many with dual writes"),
                PatternStep.related(table, javaDevs, KeyValues.of(GroupSchema.GROUP_ID, "java-devs"), AppTable.MEMBERSHIP.inverse(),
                        false)));

        patterns.add(new AccessPattern("related-group-entities", modelling,
                "bob's groups as Group entities: the Membership query, then one batch get of the groups",
                List.of("000 many-to-many"),
                PatternStep.related(table, bob, KeyValues.of(UserSchema.USERNAME, "bob"), AppTable.MEMBERSHIP, true)));
        patterns.add(new AccessPattern("partiql-writes", modelling,
                "bob tags his records post 'partiql' and gets a page view on 2025-05-30: a PartiQL INSERT and UPDATE built from "
                        + "the schema, in one ExecuteTransaction",
                List.of("002 partiql"),
                PatternStep.statements(table, List.of(
                        table.partiqlInsert(new PostTag("partiql", "java-records", "bob", "Java records as DynamoDB items",
                                Instant.parse("2025-05-12T16:00:00Z"))),
                        table.partiqlUpdate(UserMetricsSchema.INSTANCE, KeyValues.of(UserMetricsSchema.USERNAME, "bob")
                                .and(UserMetricsSchema.DAY, LocalDate.parse("2025-05-30")), u -> u.add(UserMetricsSchema.PAGE_VIEWS, 1))))));
    
        patterns.add(new AccessPattern("archive-product", modelling,
                "P-LAMP is archived: moved from ACTIVE_PRODUCT#P-LAMP to ARCHIVED_PRODUCT#P-LAMP in one version-checked "
                        + "transaction, then read as ArchivedProduct",
                List.of("001 conditional keys"),
                PatternStep.move(table, CatalogProductSchema.ACTIVE_PRODUCT, CatalogProductSchema.ARCHIVED_PRODUCT,
                        KeyValues.of(CatalogProductSchema.PRODUCT_ID, "P-LAMP"), u -> u
                                .set(CatalogProductSchema.ARCHIVED, true)
                                .set(CatalogProductSchema.ARCHIVED_AT, Instant.parse("2025-06-01T12:00:00Z")))));
    }
}
