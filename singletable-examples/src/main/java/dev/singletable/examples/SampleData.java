package dev.singletable.examples;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.UnsupportedByEngineException;
import dev.singletable.examples.blog.Comment;
import dev.singletable.examples.blog.Group;
import dev.singletable.examples.blog.GroupMembership;
import dev.singletable.examples.blog.GroupRole;
import dev.singletable.examples.blog.Post;
import dev.singletable.examples.blog.PostStatus;
import dev.singletable.examples.blog.PostTag;
import dev.singletable.examples.blog.Session;
import dev.singletable.examples.blog.User;
import dev.singletable.examples.blog.UserMetrics;
import dev.singletable.examples.ecommerce.CatalogProduct;
import dev.singletable.examples.ecommerce.CatalogProductSchema;
import dev.singletable.examples.ecommerce.Category;
import dev.singletable.examples.sensors.SensorReading;
import dev.singletable.examples.ecommerce.Customer;
import dev.singletable.examples.ecommerce.Inventory;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderItem;
import dev.singletable.examples.ecommerce.OrderStatus;
import dev.singletable.examples.ecommerce.Product;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A small, realistic data set for {@link AppTable}: four customers with ten orders in every
 * status, seven products in three categories with stock in two locations, a category tree,
 * three blog users with posts (drafts included), comments, tags, thirty days of metrics,
 * group memberships, login sessions and three groups, and one product keyed by its state (active P-LAMP).
 *
 * <p>Everything is fixed except the sessions' times: they are set relative to the clock
 * (created two hours ago, expiring in thirty days), because DynamoDB, and DynamoDB Local,
 * delete items whose TTL has passed. Their ids, and so their keys, never change.
 *
 * <pre>{@code
 * SampleData data = SampleData.create();
 * int written = data.load(table);       // one put per item
 * }</pre>
 */
public final class SampleData {
    /** The locations that hold stock. */
    public static final List<String> LOCATIONS = List.of("DUB1", "FRA1");

    private final List<Customer> customers;
    private final List<Order> orders;
    private final List<OrderItem> orderItems;
    private final List<Product> products;
    private final List<Inventory> inventory;
    private final List<CatalogProduct> catalogProducts;
    private final List<Category> categories;
    private final List<User> users;
    private final List<Post> posts;
    private final List<Comment> comments;
    private final List<PostTag> postTags;
    private final List<UserMetrics> metrics;
    private final List<GroupMembership> memberships;
    private final List<Group> groups;
    private final List<Session> sessions;
    private final List<SensorReading> readings;

    private SampleData(Instant now) {
        categories = Fixed.categories();
        List<Product> catalogue = new ArrayList<>();
        List<Inventory> stock = new ArrayList<>();
        Fixed.catalogue(catalogue, stock);
        products = List.copyOf(catalogue);
        inventory = List.copyOf(stock);
        catalogProducts = List.of(new CatalogProduct("P-LAMP", "Desk Lamp", false, null, null));
        customers = Fixed.customers();
        List<Order> placed = new ArrayList<>();
        List<OrderItem> lines = new ArrayList<>();
        Fixed.orders(products, placed, lines);
        orders = List.copyOf(placed);
        orderItems = List.copyOf(lines);
        users = Fixed.users();
        posts = Fixed.posts();
        postTags = Fixed.postTags(posts);
        comments = Fixed.comments();
        metrics = Fixed.metrics();
        readings = Fixed.readings();
        memberships = Fixed.memberships();
        groups = Fixed.groups();
        sessions = sessions(now);
    }

    /** Three sessions, created two hours (and some days) before {@code now}, each expiring thirty days after it was created. */
    private static List<Session> sessions(Instant now) {
        Instant login = now.truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(2));
        Duration lifetime = Duration.ofDays(30);
        return List.of(
                new Session("alice", UUID.fromString("1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b"), login, login.plus(lifetime)),
                new Session("alice", UUID.fromString("6fa459ea-ee8a-4ca4-894e-db77e160355e"), login.minus(Duration.ofDays(3)),
                        login.minus(Duration.ofDays(3)).plus(lifetime)),
                new Session("bob", UUID.fromString("9c5b94b1-35ad-49bb-b118-8e8fc24abf80"), login.minus(Duration.ofHours(5)),
                        login.minus(Duration.ofHours(5)).plus(lifetime)));
    }

    /** The sample data, with sessions timed relative to the system clock. */
    public static SampleData create() {
        return create(Clock.systemUTC());
    }

    /** The sample data, with sessions timed relative to the clock (everything else is fixed). */
    public static SampleData create(Clock clock) {
        return new SampleData(clock.instant());
    }

    /**
     * Writes every item with {@link Table#put}, replacing any item with the same key, so loading
     * twice leaves the same table. On an engine without transactions the catalog products (state-dependent keys,
     * written in a transaction) are left out.
     *
     * @return how many items were written
     */
    public int load(Table table) {
        int written = 0;
        for (Object item : all()) {
            if (item instanceof CatalogProduct product) {
                // versioned: a put without a version needs its key and the other states' keys free, and a kept table may hold
                // the product already, active or archived by an earlier demo
                for (var state : CatalogProductSchema.STATES.states()) {
                    table.delete(state, KeyValues.of(CatalogProductSchema.PRODUCT_ID, product.productId()));
                }
                try {
                    table.put(item);
                    written++;
                } catch (UnsupportedByEngineException e) {
                    // a state entity's put is a transaction (it clears the other states' keys): an engine without
                    // transactions (dynalite) gets no catalog products, and cannot run the step that archives one either
                }
                continue;
            }
            table.put(item);
            written++;
        }
        return written;
    }

    /** Every item, e-commerce first, in the order {@link #load} writes them. */
    public List<Object> all() {
        List<Object> all = new ArrayList<>();
        all.addAll(categories);
        all.addAll(products);
        all.addAll(inventory);
        all.addAll(catalogProducts);
        all.addAll(customers);
        all.addAll(orders);
        all.addAll(orderItems);
        all.addAll(users);
        all.addAll(posts);
        all.addAll(postTags);
        all.addAll(comments);
        all.addAll(metrics);
        all.addAll(readings);
        all.addAll(memberships);
        all.addAll(sessions);
        all.addAll(groups);
        return Collections.unmodifiableList(all);
    }

    public List<Customer> customers() {
        return customers;
    }

    public List<Order> orders() {
        return orders;
    }

    public List<OrderItem> orderItems() {
        return orderItems;
    }

    public List<Product> products() {
        return products;
    }

    /** Seed 001's product keyed by its state: one active product, P-LAMP. */
    public List<CatalogProduct> catalogProducts() {
        return catalogProducts;
    }

    public List<Inventory> inventory() {
        return inventory;
    }

    public List<Category> categories() {
        return categories;
    }

    public List<User> users() {
        return users;
    }

    public List<Post> posts() {
        return posts;
    }

    public List<Comment> comments() {
        return comments;
    }

    public List<PostTag> postTags() {
        return postTags;
    }

    /** Devices d1, d2 and d3, read at 06:00 and 18:00 UTC on 18 and 19 May 2025. */
    public List<SensorReading> readings() {
        return readings;
    }

    public List<UserMetrics> metrics() {
        return metrics;
    }

    public List<GroupMembership> memberships() {
        return memberships;
    }

    /** The three groups of the memberships, related to users through {@code AppTable.MEMBERSHIP} by the demo. */
    public List<Group> groups() {
        return groups;
    }

    public List<Session> sessions() {
        return sessions;
    }

    /** The fixed part of the data: everything but the sessions. */
    private static final class Fixed {
        private Fixed() {
        }

        /** The category tree: three levels under ELECTRONICS, AUDIOPHILE beside AUDIO. */
        static List<Category> categories() {
            return List.of(
                    new Category(List.of("ELECTRONICS"), "Electronics"),
                    new Category(List.of("ELECTRONICS", "AUDIO"), "Audio"),
                    new Category(List.of("ELECTRONICS", "AUDIO", "HEADPHONES"), "Headphones"),
                    new Category(List.of("ELECTRONICS", "AUDIO", "SPEAKERS"), "Speakers"),
                    new Category(List.of("ELECTRONICS", "AUDIOPHILE"), "Audiophile Gear"),
                    new Category(List.of("ELECTRONICS", "COMPUTERS"), "Computers"),
                    new Category(List.of("ELECTRONICS", "COMPUTERS", "KEYBOARDS"), "Keyboards"));
        }

        /** Seven products in three categories, each with its stock in every location. */
        static void catalogue(List<Product> products, List<Inventory> inventory) {
            product(products, inventory, "HP-100", "Everyday Earbuds", "Wireless earbuds with a pocket-sized charging case", "ELECTRONICS/AUDIO/HEADPHONES", "49.99", 120, 80);
            product(products, inventory, "HP-200", "Studio Headphones", "Closed-back headphones for mixing and long sessions", "ELECTRONICS/AUDIO/HEADPHONES", "129.00", 25, 40);
            product(products, inventory, "HP-300", "Noise-Cancelling Headphones", "Over-ear, adaptive noise cancelling, 30 h battery", "ELECTRONICS/AUDIO/HEADPHONES", "349.95", 12, 0);
            product(products, inventory, "SP-100", "Pocket Speaker", "Splash-proof Bluetooth speaker", "ELECTRONICS/AUDIO/SPEAKERS", "39.50", 60, 90);
            product(products, inventory, "SP-200", "Bookshelf Speakers", "A pair of powered bookshelf speakers", "ELECTRONICS/AUDIO/SPEAKERS", "219.00", 8, 14);
            product(products, inventory, "KB-100", "Mechanical Keyboard", "Tenkeyless, hot-swappable switches", "ELECTRONICS/COMPUTERS/KEYBOARDS", "89.90", 35, 20);
            product(products, inventory, "KB-200", "Ergonomic Split Keyboard", "Split layout with tenting feet", "ELECTRONICS/COMPUTERS/KEYBOARDS", "179.00", 0, 9);
        }

        static List<Customer> customers() {
            return List.of(
                    new Customer("C1", "Ada Lovelace", "ada@example.com", at("2024-11-02T10:15:00Z")),
                    new Customer("C2", "Grace Hopper", "grace@example.com", at("2024-12-12T16:40:00Z")),
                    new Customer("C3", "Alan Turing", "alan@example.com", at("2025-01-20T08:05:00Z")),
                    new Customer("C4", "Katherine Johnson", "katherine@example.com", at("2025-02-14T12:00:00Z")));
        }

        /** Ten orders of the four customers, in every status, with their lines. */
        static void orders(List<Product> products, List<Order> orders, List<OrderItem> items) {
            order(products, orders, items, "C1", "O1001", OrderStatus.DELIVERED, "2025-01-15T09:30:00Z", "2025-01-16T14:00:00Z",
                    line("HP-200", 1));
            order(products, orders, items, "C1", "O1002", OrderStatus.SHIPPED, "2025-03-02T18:45:00Z", "2025-03-04T08:20:00Z",
                    line("KB-100", 1), line("SP-100", 2));
            order(products, orders, items, "C1", "O1003", OrderStatus.PENDING, "2025-05-18T21:10:00Z", null,
                    line("HP-100", 2));
            order(products, orders, items, "C2", "O1004", OrderStatus.DELIVERED, "2025-02-10T11:00:00Z", "2025-02-11T09:00:00Z",
                    line("SP-200", 1), line("HP-100", 1));
            order(products, orders, items, "C2", "O1005", OrderStatus.PAID, "2025-05-12T07:55:00Z", null,
                    line("HP-300", 1));
            order(products, orders, items, "C2", "O1006", OrderStatus.CANCELLED, "2025-04-01T13:30:00Z", null,
                    line("KB-200", 1));
            order(products, orders, items, "C3", "O1007", OrderStatus.PENDING, "2025-05-19T08:00:00Z", null,
                    line("KB-100", 2), line("HP-100", 1), line("SP-100", 1));
            order(products, orders, items, "C3", "O1008", OrderStatus.SHIPPED, "2025-05-14T16:20:00Z", "2025-05-16T10:00:00Z",
                    line("SP-100", 3));
            order(products, orders, items, "C4", "O1009", OrderStatus.PENDING, "2025-05-17T12:30:00Z", null,
                    line("HP-200", 1));
            order(products, orders, items, "C4", "O1010", OrderStatus.DELIVERED, "2025-03-22T10:10:00Z", "2025-03-23T15:45:00Z",
                    line("KB-200", 1), line("HP-300", 1));
        }

        static List<User> users() {
            return List.of(
                    new User("alice", "Alice Smith", "alice@example.com", Optional.of("Writes about DynamoDB and data modelling."),
                            at("2025-01-15T09:00:00Z"), List.of("en", "fr"),
                            Map.of("github", "https://github.com/alice")),
                    new User("bob", "Bob Jones", "bob@example.com", Optional.empty(), at("2025-02-03T14:30:00Z"), List.of("en", "pt"),
                            Map.of("github", "https://github.com/bob")),
                    new User("carol", "Carol Diaz", "carol@example.com", Optional.of("Java developer, occasional blogger."),
                            at("2025-03-10T11:20:00Z"), List.of("es"),
                            Map.of("website", "https://carol.example.com")));
        }

        /** Six posts of the three users, drafts included. */
        static List<Post> posts() {
            return List.of(
                    new Post("alice", "single-table-basics", "Single-table design from first principles",
                            "Start from the access patterns, then shape the keys around them.",
                            PostStatus.PUBLISHED, Set.of("dynamodb", "aws", "data-modeling"), at("2025-05-05T09:00:00Z")),
                    new Post("alice", "gsi-overloading", "Overloading GSIs without losing your mind",
                            "One GSI, many access patterns: keep a table of who writes which key.",
                            PostStatus.PUBLISHED, Set.of("dynamodb", "gsi"), at("2025-05-19T09:00:00Z")),
                    new Post("alice", "ttl-sessions", "Expiring sessions with TTL",
                            "TTL deletes lazily, so filter expired items on read.",
                            PostStatus.DRAFT, Set.of("dynamodb", "ttl"), at("2025-05-25T10:00:00Z")),
                    new Post("bob", "java-records", "Java records as DynamoDB items",
                            "Records give you immutable items with equals and hashCode for free.",
                            PostStatus.PUBLISHED, Set.of("java", "dynamodb"), at("2025-05-12T16:00:00Z")),
                    new Post("bob", "notes", "Half-finished notes",
                            "To do: write this up.",
                            PostStatus.DRAFT, Set.of(), at("2025-05-20T08:00:00Z")),
                    new Post("carol", "key-templates", "Key templates that parse back",
                            "A key you cannot parse back is a key you cannot trust.",
                            PostStatus.PUBLISHED, Set.of("java", "data-modeling"), at("2025-05-21T12:00:00Z")));
        }

        /** A tag item for each tag of each published post. */
        static List<PostTag> postTags(List<Post> posts) {
            List<PostTag> tags = new ArrayList<>();
            for (Post post : posts) {
                if (post.status() == PostStatus.PUBLISHED) {
                    for (String tag : post.tags()) {
                        tags.add(PostTag.of(post, tag));
                    }
                }
            }
            return List.copyOf(tags);
        }

        static List<Comment> comments() {
            return List.of(
                    new Comment("single-table-basics", "c01", "bob", "Great post! I learned a lot.", at("2025-05-05T10:15:00Z")),
                    new Comment("single-table-basics", "c02", "carol", "How do you handle hot partitions?", at("2025-05-06T08:30:00Z")),
                    new Comment("single-table-basics", "c03", "alice", "Add a shard suffix to the partition key; more in a follow-up.",
                            at("2025-05-06T09:05:00Z")),
                    new Comment("gsi-overloading", "c04", "bob", "The table of GSI keys per entity is gold.", at("2025-05-19T11:40:00Z")),
                    new Comment("java-records", "c05", "alice", "Records map so cleanly to items.", at("2025-05-12T18:00:00Z")),
                    new Comment("java-records", "c06", "carol", "Compact constructors for defensive copies, nice.",
                            at("2025-05-13T07:45:00Z")),
                    new Comment("key-templates", "c07", "bob", "Escaping the delimiter is the part everyone forgets.",
                            at("2025-05-21T13:10:00Z")));
        }

        /** Thirty days of alice's and bob's metrics, lower at weekends. */
        static List<UserMetrics> metrics() {
            List<UserMetrics> days = new ArrayList<>();
            LocalDate first = LocalDate.parse("2025-05-01");
            for (int i = 0; i < 30; i++) {
                LocalDate day = first.plusDays(i);
                boolean weekend = day.getDayOfWeek().getValue() >= 6;
                days.add(new UserMetrics("alice", day, (weekend ? 1 : 3) + i % 3, (weekend ? 12 : 40) + (i * 17) % 29));
                days.add(new UserMetrics("bob", day, (weekend ? 0 : 1) + i % 2, (weekend ? 3 : 15) + (i * 11) % 13));
            }
            return List.copyOf(days);
        }

        static List<SensorReading> readings() {
            List<SensorReading> series = new ArrayList<>();
            for (String device : List.of("d1", "d2", "d3")) {
                for (int day = 18; day <= 19; day++) {
                    for (int hour = 6; hour <= 18; hour += 12) {
                        series.add(new SensorReading(device, Instant.parse(String.format(java.util.Locale.ROOT,
                                "2025-05-%02dT%02d:00:00Z", day, hour)), 150 + 10 * day + hour + device.charAt(1) - '0'));
                    }
                }
            }
            return List.copyOf(series);
        }

        static List<GroupMembership> memberships() {
            return List.of(
                    new GroupMembership("alice", "dynamodb-fans", GroupRole.OWNER, at("2025-01-20T10:00:00Z")),
                    new GroupMembership("alice", "java-devs", GroupRole.MEMBER, at("2025-03-11T09:30:00Z")),
                    new GroupMembership("bob", "dynamodb-fans", GroupRole.MEMBER, at("2025-02-04T08:00:00Z")),
                    new GroupMembership("bob", "writers", GroupRole.ADMIN, at("2025-02-05T17:45:00Z")),
                    new GroupMembership("carol", "dynamodb-fans", GroupRole.MEMBER, at("2025-03-12T12:00:00Z")),
                    new GroupMembership("carol", "java-devs", GroupRole.ADMIN, at("2025-03-10T11:30:00Z")));
        }

        static List<Group> groups() {
            return List.of(new Group("dynamodb-fans", "DynamoDB fans"), new Group("java-devs", "Java developers"),
                    new Group("writers", "Writers"));
        }

        private record Line(String productId, int quantity) {
        }

        private static Line line(String productId, int quantity) {
            return new Line(productId, quantity);
        }

        private static void product(List<Product> products, List<Inventory> inventory, String productId, String name,
                                    String description, String category, String price, int... perLocation) {
            int stock = 0;
            for (int i = 0; i < perLocation.length; i++) {
                inventory.add(new Inventory(productId, LOCATIONS.get(i), perLocation[i]));
                stock += perLocation[i];
            }
            products.add(new Product(productId, name, description, category, new BigDecimal(price), stock));
        }

        /** An order whose total is the sum of its lines, each at the product's catalogue price. */
        private static void order(List<Product> products, List<Order> orders, List<OrderItem> items, String customerId, String orderId,
                                  OrderStatus status, String createdAt, String shippedAt, Line... lines) {
            BigDecimal total = BigDecimal.ZERO;
            for (Line line : lines) {
                BigDecimal price = products.stream().filter(p -> p.productId().equals(line.productId())).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no product " + line.productId())).price();
                OrderItem item = new OrderItem(orderId, line.productId(), line.quantity(), price);
                items.add(item);
                total = total.add(item.lineTotal());
            }
            orders.add(new Order(customerId, orderId, status, total, at(createdAt), Optional.ofNullable(shippedAt).map(Instant::parse)));
        }

        private static Instant at(String instant) {
            return Instant.parse(instant);
        }
    }
}
