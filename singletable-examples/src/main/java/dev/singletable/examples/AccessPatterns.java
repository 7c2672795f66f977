package dev.singletable.examples;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.examples.AccessPattern.Domain;
import dev.singletable.examples.blog.Blog;
import dev.singletable.examples.blog.BlogPatterns;
import dev.singletable.examples.blog.Group;
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

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Properties;
import java.util.function.Function;

import static dev.singletable.examples.AppTable.GSI1;

/**
 * Every access pattern the seeds list, served from {@link AppTable} with the {@link SampleData}
 * values: each one a single GetItem or Query (one page each on the sample data), never a scan.
 * A pattern that several seeds list appears once, naming all of them. The e-commerce and blog patterns are declared on
 * {@link Shop} and {@link Blog} and run through the implementations the processor generates for them
 * ({@code ShopPatterns}, {@code BlogPatterns}). Each pattern's description and seed references are data, kept by id in
 * {@code access-patterns.properties} beside this class; the catalogue's order and each pattern's request are here.
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
    /** Each pattern's description and seeds by id: data, beside this class, read once. */
    static final String TEXTS_FILE = "access-patterns.properties";
    private static final Properties TEXTS = texts();

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
        section.add("customer-by-id", shop(table, shop -> shop.customer("C1")));
        section.add("customer-by-email", shop(table, shop -> shop.customerByEmail("grace@example.com")));
        section.add("orders-of-customer", shop(table, shop -> shop.ordersOfCustomer("C1")));
        section.add("single-order", shop(table, shop -> shop.order("C2", "O1005")));
        section.add("customer-with-orders", shop(table, shop -> shop.customerWithOrders("C1")));
        section.add("orders-by-status", shop(table, shop -> shop.ordersByStatus(OrderStatus.PENDING)));
        section.add("orders-by-status-between-dates", shop(table, shop -> shop.ordersByStatusBetween(OrderStatus.DELIVERED,
                Instant.parse("2025-02-01T00:00:00Z"), Instant.parse("2025-03-31T23:59:59.999999999Z"))));
        // the items of an order, products with their stock and prices, and the category hierarchy
        section.add("order-with-items", shop(table, shop -> shop.orderWithItems("O1007")));
        section.add("order-by-id", shop(table, shop -> shop.orderById("O1007")));
        section.add("items-of-order", shop(table, shop -> shop.itemsOfOrder("O1007")));
        section.add("product-by-id", shop(table, shop -> shop.product("HP-200")));
        section.add("product-with-inventory", shop(table, shop -> shop.productWithInventory("HP-300")));
        section.add("products-by-price", shop(table, shop -> shop.productsByPrice("ELECTRONICS/AUDIO/HEADPHONES",
                new BigDecimal("40.00"), new BigDecimal("150.00"))));
        section.add("category-subtree", shop(table, shop -> shop.categorySubtree(List.of("ELECTRONICS", "AUDIO"))));
        section.add("category-children", shop(table, shop -> shop.categoryChildren(List.of("ELECTRONICS"))));
    }

    private static void blog(Table table, List<AccessPattern> patterns) {
        Section section = new Section(Domain.BLOG, patterns);
        section.add("user-by-username", blog(table, blog -> blog.user("alice")));
        section.add("user-by-email", blog(table, blog -> blog.userByEmail("carol@example.com")));
        section.add("posts-by-user", blog(table, blog -> blog.postsByUser("alice")));
        section.add("user-page", blog(table, blog -> blog.userPage("alice")));
        section.add("comments-on-post", blog(table, blog -> blog.commentsOnPost("single-table-basics")));
        section.add("published-posts", blog(table, blog -> blog.postsByStatus(PostStatus.PUBLISHED)));
        section.add("posts-with-tag", blog(table, blog -> blog.postsWithTag("dynamodb")));
        section.add("comments-by-user", blog(table, blog -> blog.commentsByUser("bob")));
        section.add("tags-of-post", blog(table, blog -> blog.tagsOfPost("single-table-basics")));
        section.add("metrics-between-dates", blog(table, blog -> blog.metricsBetween("alice", LocalDate.parse("2025-05-10"),
                LocalDate.parse("2025-05-16"))));
        section.add("groups-of-user", blog(table, blog -> blog.groupsOfUser("alice")));
        section.add("members-of-group", blog(table, blog -> blog.membersOfGroup("dynamodb-fans")));
        section.add("sessions-of-user", blog(table, blog -> blog.sessionsOfUser("alice")));
    }

    /**
     * The patterns of one domain, each added to the catalogue as it is declared, with its description and seeds from
     * {@value #TEXTS_FILE}.
     */
    private record Section(Domain domain, List<AccessPattern> patterns) {
        void add(String id, PatternStep step) {
            List<String> seeds = List.of(text(id + ".seeds").split(", "));
            patterns.add(new AccessPattern(id, domain, text(id), seeds, step));
        }
    }

    private static String text(String key) {
        String text = TEXTS.getProperty(key);
        if (text == null) {
            throw new IllegalStateException(TEXTS_FILE + " has no " + key + "; every pattern of the catalogue has its description "
                    + "(<id>) and seeds (<id>.seeds) there");
        }
        return text;
    }

    private static Properties texts() {
        try (InputStream in = AccessPatterns.class.getResourceAsStream(TEXTS_FILE)) {
            if (in == null) {
                throw new IllegalStateException(TEXTS_FILE + " is missing beside " + AccessPatterns.class.getName());
            }
            Properties texts = new Properties();
            texts.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return texts;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + TEXTS_FILE, e);
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
        section.add("readings-across-days", PatternStep.run(table.query(SensorReadingSchema.INSTANCE)
                .partition(KeyValues.of(SensorReadingSchema.DEVICE_ID, "d1"))
                .acrossBuckets(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-18T12:00:00Z"),
                        Instant.parse("2025-05-19T12:00:00Z"))));
        section.add("readings-of-a-day", PatternStep.run(table.query(SensorReadingSchema.INSTANCE).index(GSI1)
                .partition(KeyValues.of(SensorReadingSchema.TAKEN_AT, Instant.parse("2025-05-19T00:00:00Z")))
                .acrossShards()));
    }

    /** The seeds' modelling patterns, each in one step; run after the reads, as they change items. */
    private static void modellingPatterns(Table table, List<AccessPattern> patterns) {
        Section section = new Section(Domain.MODELLING_PATTERNS, patterns);
        section.add("nested-update", PatternStep.change(table, UserSchema.INSTANCE, KeyValues.of(UserSchema.USERNAME, "bob"),
                List.of(UserSchema.LANGUAGES, UserSchema.LINKS), u -> u
                        .remove(UserSchema.LANGUAGES.at(1))
                        .set(UserSchema.LINKS.key("mastodon"), "https://mastodon.social/@bob")));

        SampleData data = SampleData.create();
        User bob = data.users().stream().filter(u -> u.username().equals("bob")).findFirst().orElseThrow();
        Group javaDevs = data.groups().stream().filter(g -> g.groupId().equals("java-devs")).findFirst().orElseThrow();
        section.add("relate", PatternStep.relate(table, bob, javaDevs, AppTable.MEMBERSHIP));
        section.add("related-groups-of-user", PatternStep.related(table, bob, AppTable.MEMBERSHIP, false));
        section.add("related-members-of-group", PatternStep.related(table, javaDevs, AppTable.MEMBERSHIP.inverse(), false));
        section.add("related-group-entities", PatternStep.related(table, bob, AppTable.MEMBERSHIP, true));

        section.add("partiql-writes", PatternStep.statements(table, List.of(
                table.partiqlInsert(new PostTag("partiql", "java-records", "bob", "Java records as DynamoDB items",
                        Instant.parse("2025-05-12T16:00:00Z"))),
                table.partiqlUpdate(UserMetricsSchema.INSTANCE, KeyValues.of(UserMetricsSchema.USERNAME, "bob")
                        .and(UserMetricsSchema.DAY, LocalDate.parse("2025-05-30")), u -> u.add(UserMetricsSchema.PAGE_VIEWS, 1)))));
        section.add("archive-product", PatternStep.move(table, CatalogProductSchema.ACTIVE_PRODUCT,
                CatalogProductSchema.ARCHIVED_PRODUCT, KeyValues.of(CatalogProductSchema.PRODUCT_ID, "P-LAMP"), u -> u
                        .set(CatalogProductSchema.ARCHIVED, true)
                        .set(CatalogProductSchema.ARCHIVED_AT, Instant.parse("2025-06-01T12:00:00Z"))));
    }
}
