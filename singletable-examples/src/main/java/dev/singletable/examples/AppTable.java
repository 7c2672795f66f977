package dev.singletable.examples;

import dev.singletable.Relation;
import dev.singletable.TableSchema;
import dev.singletable.annotations.TableDesign;
import dev.singletable.examples.blog.Comment;
import dev.singletable.examples.blog.Group;
import dev.singletable.examples.blog.GroupMembership;
import dev.singletable.examples.blog.Post;
import dev.singletable.examples.blog.PostTag;
import dev.singletable.examples.blog.Session;
import dev.singletable.examples.blog.User;
import dev.singletable.examples.blog.UserMetrics;
import dev.singletable.examples.ecommerce.CatalogProduct;
import dev.singletable.examples.ecommerce.Category;
import dev.singletable.examples.ecommerce.Customer;
import dev.singletable.examples.ecommerce.Inventory;
import dev.singletable.examples.ecommerce.Order;
import dev.singletable.examples.ecommerce.OrderItem;
import dev.singletable.examples.ecommerce.Product;
import dev.singletable.examples.sensors.SensorReading;

/**
 * The one table of the examples, holding both the e-commerce and the blog entities: generic
 * {@code PK}/{@code SK} keys, two overloaded GSIs, the entity type in {@code entityType} and the
 * TTL in {@code ttl}.
 *
 * <table>
 *   <caption>Entities and their keys (table, GSI1, GSI2)</caption>
 *   <tr><th>entity</th><th>PK / SK</th><th>GSI1PK / GSI1SK</th><th>GSI2PK / GSI2SK</th></tr>
 *   <tr><td>Customer</td><td>CUSTOMER#{customerId} / PROFILE</td><td>EMAIL#{email} / CUSTOMER#{customerId}</td><td></td></tr>
 *   <tr><td>Order</td><td>CUSTOMER#{customerId} / ORDER#{orderId}</td><td>STATUS#{status} / {createdAt}</td><td>ORDER#{orderId} / ORDER</td></tr>
 *   <tr><td>OrderItem</td><td>ORDER#{orderId} / ITEM#{productId}</td><td></td><td>ORDER#{orderId} / ITEM#{productId}</td></tr>
 *   <tr><td>Product</td><td>PRODUCT#{productId} / DETAILS</td><td>CATEGORY#{category} / PRICE#{price:%010.2f}</td><td></td></tr>
 *   <tr><td>Inventory</td><td>PRODUCT#{productId} / INVENTORY#{location}</td><td></td><td></td></tr>
 *   <tr><td>Category</td><td>CATEGORY / PATH#{path} (a hierarchy path)</td><td></td><td></td></tr>
 *   <tr><td>User</td><td>USER#{username} / PROFILE</td><td>EMAIL#{email} / USER#{username}</td><td></td></tr>
 *   <tr><td>Post</td><td>USER#{username} / POST#{postId}</td><td>POSTS#{status} / {createdAt}</td><td></td></tr>
 *   <tr><td>Comment</td><td>POST#{postId} / COMMENT#{createdAt}#{commentId}</td><td>USER#{username} / COMMENT#{createdAt}</td><td></td></tr>
 *   <tr><td>PostTag</td><td>TAG#{tag} / POST#{postId}</td><td>POST#{postId} / TAG#{tag}</td><td></td></tr>
 *   <tr><td>UserMetrics</td><td>USER#{username} / METRICS#{day}</td><td></td><td></td></tr>
 *   <tr><td>GroupMembership</td><td>USER#{username} / GROUP#{groupId}</td><td>GROUP#{groupId} / USER#{username}</td><td></td></tr>
 *   <tr><td>Session</td><td>USER#{userId} / SESSION#{sessionId}</td><td></td><td></td></tr>
 *   <tr><td>Group</td><td>GROUP#{groupId} / DETAILS</td><td></td><td></td></tr>
 *   <tr><td>UserGroup, GroupUser (relation Membership)</td><td>USER#{username} / MEMBER_OF#{groupId},
 *       GROUP#{groupId} / MEMBER#{username}</td><td></td><td></td></tr>
 *   <tr><td>SensorReading</td><td>SENSOR#{deviceId}#{takenAt:bucket=DAY} / READING#{takenAt}</td>
 *       <td>READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=4} / READING#{takenAt}#{deviceId}</td><td></td></tr>
 *   <tr><td>CatalogProduct (states ActiveProduct, ArchivedProduct by archived)</td><td>ACTIVE_PRODUCT#{productId} / METADATA,
 *       ARCHIVED_PRODUCT#{productId} / METADATA</td><td></td><td></td></tr>
 * </table>
 *
 * <pre>{@code
 * Table table = Table.of(AppTable.SCHEMA, client); // AppTableDesign.SCHEMA, generated from @TableDesign
 * table.createTable();
 * SampleData.load(table);
 * }</pre>
 */
@TableDesign(name = AppTable.NAME, timeToLiveAttribute = AppTable.TTL_ATTRIBUTE,
        indexes = {@TableDesign.GlobalIndex(name = AppTable.GSI1, partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                @TableDesign.GlobalIndex(name = AppTable.GSI2, partitionKey = "GSI2PK", sortKey = "GSI2SK")},
        entities = {Customer.class, Order.class, OrderItem.class, Product.class, Inventory.class, Category.class,
                User.class, Post.class, Comment.class, PostTag.class, UserMetrics.class, GroupMembership.class, Session.class,
                SensorReading.class, Group.class, CatalogProduct.class},
        relations = @TableDesign.Relation(name = "Membership", first = User.class, second = Group.class,
                firstSide = @TableDesign.RelationSide(pk = "USER#{username}", sk = "MEMBER_OF#{groupId}"),
                secondSide = @TableDesign.RelationSide(pk = "GROUP#{groupId}", sk = "MEMBER#{username}"),
                copyFromSecond = "groupName", propagateCopies = true),
        examples = "singletable/app-table-examples.jsonl")
public final class AppTable {
    private AppTable() {
    }

    /** The table's name. */
    public static final String NAME = "AppTable";

    /** Overloaded GSI: emails, order status, product category, post status, comment authors, post tags, group members, a day's readings. */
    public static final String GSI1 = "GSI1";

    /** GSI that gathers an order and its items in one partition. */
    public static final String GSI2 = "GSI2";

    /** The TTL attribute, holding epoch seconds; only sessions have it. */
    public static final String TTL_ATTRIBUTE = "ttl";

    /**
     * Seed 003's user/group membership as a declared relation: {@code USER#{username} / MEMBER_OF#{groupId}} in the
     * user's partition, {@code GROUP#{groupId} / MEMBER#{username}} in the group's, each with the group's name; a write
     * of a group rewrites the names on its pairs. Generated from the {@code @TableDesign.Relation} above.
     */
    public static final Relation<User, Group> MEMBERSHIP = AppTableDesign.MEMBERSHIP;

    /** The table's schema, generated from the {@code @TableDesign} above: the design is declared once. */
    public static final TableSchema SCHEMA = AppTableDesign.SCHEMA;

    /** The same design under another table name, for tests and side-by-side copies. */
    public static TableSchema schema(String tableName) {
        return SCHEMA.toBuilder().name(tableName).build();
    }
}
