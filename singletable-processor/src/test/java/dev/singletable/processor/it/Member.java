package dev.singletable.processor.it;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Ignore;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.Naming;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A class with a no-argument constructor and setters, kebab-case names (one in a key given a slot-able name) and a property never stored. */
@Entity(pk = "MEMBER#{id}", sk = "MEMBER", naming = Naming.KEBAB_CASE)
@Index(name = "GSI1", pk = "NICK#{nickname}", sk = "{joinedAt}")
public class Member {
    private UUID id;
    private String nickname;
    private String displayName;
    private boolean active;
    private long visits;
    @Attribute(name = "joinedAt")
    private Instant joinedAt;
    private List<String> roles;
    @Ignore
    private String scratch;

    public UUID getId() {
        return id;
    }

    public void setId(UUID id) {
        this.id = id;
    }

    public String getNickname() {
        return nickname;
    }

    public void setNickname(String nickname) {
        this.nickname = nickname;
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

    public long getVisits() {
        return visits;
    }

    public void setVisits(long visits) {
        this.visits = visits;
    }

    public Instant getJoinedAt() {
        return joinedAt;
    }

    public void setJoinedAt(Instant joinedAt) {
        this.joinedAt = joinedAt;
    }

    public List<String> getRoles() {
        return roles;
    }

    public void setRoles(List<String> roles) {
        this.roles = roles;
    }

    public String getScratch() {
        return scratch;
    }

    public void setScratch(String scratch) {
        this.scratch = scratch;
    }
}
