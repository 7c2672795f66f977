package dev.singletable.examples.blog;

/** What a user may do in a group they belong to. */
public enum GroupRole {
    OWNER,
    ADMIN,
    MEMBER
}
