package dev.singletable.cli.data;

import java.util.Map;

import dev.singletable.migrations.Migration;
import dev.singletable.migrations.MigrationContext;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Two migration steps of the blog design for {@code migrations} tests, found by ServiceLoader
 * through a services file the tests write (not on the test class path's own services).
 */
final class BlogMigrations {
    private BlogMigrations() {
    }

    /** Step 1: every post gets status PUBLISHED or DRAFT from published; down removes it. */
    public static final class PostsGetAStatus implements Migration {
        @Override
        public long version() {
            return 1;
        }

        @Override
        public String description() {
            return "Posts get a status from published";
        }

        @Override
        public void up(MigrationContext context) {
            context.forEachItem("Post", item -> set(context, item, "status",
                    AttributeValue.fromS(Boolean.TRUE.equals(item.get("published").bool()) ? "PUBLISHED" : "DRAFT")));
        }

        @Override
        public void down(MigrationContext context) {
            context.forEachItem("Post", item -> context.client().updateItem(b -> b.tableName(context.table().schema().name())
                    .key(Map.of("pk", item.get("pk"), "sk", item.get("sk"))).updateExpression("REMOVE #a")
                    .expressionAttributeNames(Map.of("#a", "status"))));
        }
    }

    /** Step 2: every user gets a displayName from name; no down step. */
    public static final class UsersGetADisplayName implements Migration {
        @Override
        public long version() {
            return 2;
        }

        @Override
        public String description() {
            return "Users get a displayName";
        }

        @Override
        public void up(MigrationContext context) {
            context.forEachItem("User", item -> set(context, item, "displayName", item.get("name")));
        }
    }

    /** Step 2 of a run that fails: it throws on the first comment. */
    public static final class CommentsFail implements Migration {
        @Override
        public long version() {
            return 2;
        }

        @Override
        public String description() {
            return "Comments get a score";
        }

        @Override
        public void up(MigrationContext context) {
            context.forEachItem("Comment", item -> {
                throw new IllegalStateException("boom on " + item.get("sk").s());
            });
        }
    }

    /** A step whose constructor throws, as one reading a missing setting does. */
    public static final class ThrowsInConstructor implements Migration {
        public ThrowsInConstructor() {
            throw new IllegalStateException("the setting blog.score is missing");
        }

        @Override
        public long version() {
            return 3;
        }

        @Override
        public String description() {
            return "Never loaded";
        }

        @Override
        public void up(MigrationContext context) {
        }
    }

    private static void set(MigrationContext context, Map<String, AttributeValue> item, String attribute, AttributeValue value) {
        context.client().updateItem(b -> b.tableName(context.table().schema().name())
                .key(Map.of("pk", item.get("pk"), "sk", item.get("sk"))).updateExpression("SET #a = :v")
                .expressionAttributeNames(Map.of("#a", attribute)).expressionAttributeValues(Map.of(":v", value)));
    }
}
