package dev.singletable.it.blog;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.TableDesign;
import dev.singletable.annotations.TableDesign.GlobalIndex;
import dev.singletable.annotations.TableDesign.ProjectionType;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Seed 003's blog as review s53 (h92) modelled it: posts on a sparse "published" index a Java condition decides, whose
 * optional list may be absent, a profile item keyed twice on the same slot, and an item with an optional set and map;
 * and a note whose nullable text is stored as DynamoDB's NULL, not left out.
 */
@TableDesign(name = "Blog",
        indexes = {@GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                @GlobalIndex(name = "GSI2", partitionKey = "GSI2PK", sortKey = "GSI2SK", projection = ProjectionType.KEYS_ONLY)},
        entities = {BlogModel.User.class, BlogModel.Post.class, BlogModel.Tagged.class, BlogModel.Note.class})
public final class BlogModel {
    private BlogModel() {
    }

    @Entity(pk = "USER#{username}", sk = "USER#{username}")
    public record User(String username, String name) {
    }

    @Entity(pk = "USER#{username}", sk = "POST#{postId}")
    @Index(name = "GSI1", pk = "STATUS#{status}", sk = "{createdAt}")
    @Index(name = "GSI2", pk = "PUBLISHED", sk = "{publishedAt}", when = "isPublished")
    public record Post(String username, String postId, String title, String status, BigDecimal score, Instant createdAt,
                       Instant publishedAt, List<String> labels) {
        boolean isPublished() {
            return publishedAt != null;
        }
    }

    @Entity(pk = "TAGGED#{id}", sk = "TAGGED")
    @Index(name = "GSI2", pk = "FLAGGED", sk = "{id}", when = "isFlagged")
    public record Tagged(String id, boolean flagged, String note, Set<String> tags, Map<String, String> attrs) {
        boolean isFlagged() {
            return flagged;
        }
    }

    @Entity(pk = "NOTE#{id}", sk = "NOTE")
    @Index(name = "GSI2", pk = "PINNED", sk = "{id}", when = "isPinned")
    public record Note(String id, boolean pinned, @Attribute(nullable = true) String text) {
        boolean isPinned() {
            return pinned;
        }
    }
}
