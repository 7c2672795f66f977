package catalog;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.StateAttribute;

/** A page whose stage picks its keys; drafts and pages in review share one state. */
@Entity
@KeyState(value = "DRAFT", type = "UnpublishedPage", pk = "DRAFT#{pageId}", sk = "PAGE")
@KeyState(value = "REVIEW", type = "UnpublishedPage", pk = "DRAFT#{pageId}", sk = "PAGE")
@KeyState(value = "LIVE", type = "LivePage", pk = "PAGE#{pageId}", sk = "PAGE")
public record Page(String pageId, String title, @StateAttribute Stage stage) {
}
