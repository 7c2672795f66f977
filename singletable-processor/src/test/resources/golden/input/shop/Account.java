package shop;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Naming;

import java.util.UUID;

/** A class with a no-argument constructor and setters. */
@Entity(pk = "ACCOUNT#{id}", sk = "ACCOUNT", naming = Naming.KEBAB_CASE)
public class Account {
    @GeneratedId(GeneratedId.Strategy.UUID)
    private UUID id;
    private String displayName;
    private boolean active;
    private long createdEpoch;

    public UUID getId() {
        return id;
    }

    public void setId(UUID id) {
        this.id = id;
    }

    public String getDisplayName() {
        return displayName;
    }

    public void setDisplayName(String displayName) {
        this.displayName = displayName;
    }

    public boolean isActive() {
        return active;
    }

    public void setActive(boolean active) {
        this.active = active;
    }

    public long getCreatedEpoch() {
        return createdEpoch;
    }

    public void setCreatedEpoch(long createdEpoch) {
        this.createdEpoch = createdEpoch;
    }
}
