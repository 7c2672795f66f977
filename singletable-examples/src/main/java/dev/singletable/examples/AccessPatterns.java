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
        Section section = new Section(Domain.ECOMMERCE, patterns);
        // customers, their orders and orders by status
        section.add("customer-by-id", "Customer C1 by id",
                List.of("000 #1", "001 #1", "002 customer record", "004 #1"),
                shop(table, shop -> shop.customer("C1")));
        section.add("customer-by-email", "Customer by email grace@example.com (GSI1)",
                List.of("001 #3"),
                shop(table, shop -> shop.customerByEmail("grace@example.com")));
        section.add("orders-of-customer", "Orders of customer C1",
                List.of("000 #2", "001 #2", "004 #2"),
                shop(table, shop -> shop.ordersOfCustomer("C1")));
        section.add("single-order", "Order O1005 of customer C2",
                List.of("004 #3"),
                shop(table, shop -> shop.order("C2", "O1005")));
        section.add("customer-with-orders", "Customer C1 with all their orders, in one request",
                List.of("001 polymorphic queries"),
                shop(table, shop -> shop.customerWithOrders("C1")));
        section.add("orders-by-status", "Pending orders, oldest first (GSI1)",
                List.of("000 secondary indexes", "001 #4", "004 global secondary indexes"),
                shop(table, shop -> shop.ordersByStatus(OrderStatus.PENDING)));
        section.add("orders-by-status-between-dates", "Delivered orders placed in February and March 2025 (GSI1)",
                List.of("000 secondary indexes", "004 global secondary indexes"),
                shop(table, shop -> shop.ordersByStatusBetween(OrderStatus.DELIVERED, Instant.parse("2025-02-01T00:00:00Z"),
                        Instant.parse("2025-03-31T23:59:59.999999999Z"))));
        // the items of an order, products with their stock and prices, and the category hierarchy
        section.add("order-with-items", "Order O1007 with all its items, in one request (GSI2)",
                List.of("000 #3", "002 all records of an order"),
                shop(table, shop -> shop.orderWithItems("O1007")));
        section.add("order-by-id", "Just order O1007, by order id alone (GSI2)",
                List.of("002 just the order details"),
                shop(table, shop -> shop.orderById("O1007")));
        section.add("items-of-order", "Items of order O1007",
                List.of("002 all products within an order"),
                shop(table, shop -> shop.itemsOfOrder("O1007")));
        section.add("product-by-id", "Product HP-200",
                List.of("000 #4", "004 #4"),
                shop(table, shop -> shop.product("HP-200")));
        section.add("product-with-inventory", "Product HP-300 with its stock per location, in one request",
                List.of("003 real-world example: e-commerce"),
                shop(table, shop -> shop.productWithInventory("HP-300")));
        section.add("products-by-price", "Headphones priced 40.00 to 150.00, cheapest first (GSI1)",
                List.of("001 hierarchical data"),
                shop(table, shop -> shop.productsByPrice("ELECTRONICS/AUDIO/HEADPHONES", new BigDecimal("40.00"),
                        new BigDecimal("150.00"))));
        section.add("category-subtree", "Category ELECTRONICS#AUDIO and everything below it (ELECTRONICS#AUDIOPHILE stays out)",
                List.of("000 hierarchical data"),
                shop(table, shop -> shop.categorySubtree(List.of("ELECTRONICS", "AUDIO"))));
        section.add("category-children", "The children of category ELECTRONICS, not their children",
                List.of("000 hierarchical data"),
                shop(table, shop -> shop.categoryChildren(List.of("ELECTRONICS"))));
    }

    private static void blog(Table table, List<AccessPattern> patterns) {
        Section section = new Section(Domain.BLOG, patterns);
        section.add("user-by-username", "User alice by username",
                List.of("000 blog #1", "003 #1"),
                blog(table, blog -> blog.user("alice")));
        section.add("user-by-email", "User by email carol@example.com (GSI1)",
                List.of("000 blog #1"),
                blog(table, blog -> blog.userByEmail("carol@example.com")));
        section.add("posts-by-user", "Posts of alice, drafts included",
                List.of("000 blog #2", "003 #2"),
                blog(table, blog -> blog.postsByUser("alice")));
        section.add("user-page", "alice's page: profile and posts in one request, without her metrics, groups or sessions",
                List.of("003 one-to-many"),
                blog(table, blog -> blog.userPage("alice")));
        section.add("comments-on-post", "Comments on post single-table-basics, oldest first",
                List.of("000 blog #3", "003 #3"),
                blog(table, blog -> blog.commentsOnPost("single-table-basics")));
        section.add("published-posts", "Published posts, newest first (GSI1)",
                List.of("000 blog #4", "003 #4"),
                blog(table, blog -> blog.postsByStatus(PostStatus.PUBLISHED)));
        section.add("posts-with-tag", "Published posts tagged dynamodb",
                List.of("000 blog #5", "003 #6"),
                blog(table, blog -> blog.postsWithTag("dynamodb")));
        section.add("comments-by-user", "Comments by bob, newest first (GSI1)",
                List.of("003 #5"),
                blog(table, blog -> blog.commentsByUser("bob")));
        section.add("tags-of-post", "Tags of post single-table-basics (GSI1)",
                List.of("003 many-to-many"),
                blog(table, blog -> blog.tagsOfPost("single-table-basics")));
        section.add("metrics-between-dates", "alice's daily metrics from 2025-05-10 to 2025-05-16",
                List.of("000 time-series data"),
                blog(table, blog -> blog.metricsBetween("alice", LocalDate.parse("2025-05-10"), LocalDate.parse("2025-05-16"))));
        section.add("groups-of-user", "Groups alice belongs to",
                List.of("000 many-to-many", "003 many-to-many"),
                blog(table, blog -> blog.groupsOfUser("alice")));
        section.add("members-of-group", "Members of group dynamodb-fans (GSI1)",
                List.of("000 many-to-many", "003 many-to-many"),
                blog(table, blog -> blog.membersOfGroup("dynamodb-fans")));
        section.add("sessions-of-user", "Login sessions of alice (expire through TTL)",
                List.of("001 composite entity with TTL"),
                blog(table, blog -> blog.sessionsOfUser("alice")));
    }

    /** The patterns of one domain, each added to the catalogue as it is declared. */
    private record Section(Domain domain, List<AccessPattern> patterns) {
        void add(String id, String description, List<String> seeds, PatternStep step) {
            patterns.add(new AccessPattern(id, domain, description, seeds, step));
        }
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
        Section section = new Section(Domain.TIME_SERIES, patterns);

        section.add("readings-across-days",
                "Sensor d1 from 2025-05-18T12:00Z to 2025-05-19T12:00Z: one query per day bucket, merged in time order",
                List.of("000 time-series data"),
                PatternStep.run(table.query(SensorReadingSchema.INSTANCE)
                        .partition(KeyValues.of(SensorReadingSchema.DEVICE_ID, "d1"))
                        .acrossBuckets(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T12:00:00Z"),
                                Instant.parse("2025-05-19T12:00:00Z"))));

        section.add("readings-of-a-day",
                "Every sensor's readings of 2025-05-19 (GSI1): one query per write shard, merged in time order",
                List.of("003 don't ignore hot partitions"),
                PatternStep.run(table.query(SensorReadingSchema.INSTANCE).index(GSI1)
                        .partition(KeyValues.of(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-19T00:00:00Z")))
                        .acrossShards()));
    }

    /** The seeds' modelling patterns, each in one step; run after the reads, as they change items. */
    private static void modellingPatterns(Table table, List<AccessPattern> patterns) {
        Section section = new Section(Domain.MODELLING_PATTERNS, patterns);

        section.add("nested-update",
                "bob drops his second language and adds his Mastodon link: one update through paths into a list and a map",
                List.of("003 #1"),
                PatternStep.change(table, UserSchema.INSTANCE, KeyValues.of(UserSchema.USERNAME, "bob"),
                        List.of(UserSchema.LANGUAGES, UserSchema.LINKS), u -> u
                        .remove(UserSchema.LANGUAGES.at(1))
                        .set(UserSchema.LINKS.key("mastodon"), "https://mastodon.social/@bob")));

        SampleData data = SampleData.create();
        User bob = data.users().stream().filter(u -> u.username().equals("bob")).findFirst().orElseThrow();
        Group javaDevs = data.groups().stream().filter(g -> g.groupId().equals("java-devs")).findFirst().orElseThrow();

        section.add("relate",
                "bob joins java-devs through the declared relation Membership: both adjacency items, one transaction",
                List.of("000 many-to-many", "003 many-to-many with dual writes"),
                PatternStep.relate(table, bob, javaDevs, AppTable.MEMBERSHIP));

        section.add("related-groups-of-user", "bob's groups through Membership: his adjacency items, with each group's name",
                List.of("000 many-to-many", "003 many-to-many with dual writes"),
                PatternStep.related(table, bob, KeyValues.of(UserSchema.USERNAME, "bob"), AppTable.MEMBERSHIP, false));

        section.add("related-members-of-group", "java-devs' members through Membership, from the group's side",
                List.of("000 many-to-many", "003 many-to-many with dual writes"),
                PatternStep.related(table, javaDevs, KeyValues.of(GroupSchema.GROUP_ID, "java-devs"), AppTable.MEMBERSHIP.inverse(),
                        false));

        section.add("related-group-entities",
                "bob's groups as Group entities: the Membership query, then one batch get of the groups",
                List.of("000 many-to-many"),
                PatternStep.related(table, bob, KeyValues.of(UserSchema.USERNAME, "bob"), AppTable.MEMBERSHIP, true));

        section.add("partiql-writes",
                "bob tags his records post 'partiql' and gets a page view on 2025-05-30: a PartiQL INSERT and UPDATE built from "
                        + "the schema, in one ExecuteTransaction",
                List.of("002 partiql"),
                PatternStep.statements(table, List.of(
                        table.partiqlInsert(new PostTag("partiql", "java-records", "bob", "Java records as DynamoDB items",
                                Instant.parse("2025-05-12T16:00:00Z"))),
                        table.partiqlUpdate(UserMetricsSchema.INSTANCE, KeyValues.of(UserMetricsSchema.USERNAME, "bob")
                                .and(UserMetricsSchema.DAY, LocalDate.parse("2025-05-30")), u -> u.add(UserMetricsSchema.PAGE_VIEWS, 1)))));

        section.add("archive-product",
                "P-LAMP is archived: moved from ACTIVE_PRODUCT#P-LAMP to ARCHIVED_PRODUCT#P-LAMP in one version-checked "
                        + "transaction, then read as ArchivedProduct",
                List.of("001 conditional keys"),
                PatternStep.move(table, CatalogProductSchema.ACTIVE_PRODUCT, CatalogProductSchema.ARCHIVED_PRODUCT,
                        KeyValues.of(CatalogProductSchema.PRODUCT_ID, "P-LAMP"), u -> u
                                .set(CatalogProductSchema.ARCHIVED, true)
                                .set(CatalogProductSchema.ARCHIVED_AT, Instant.parse("2025-06-01T12:00:00Z"))));
    }
}
