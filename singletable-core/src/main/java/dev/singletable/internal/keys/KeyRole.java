package dev.singletable.internal.keys;

/** Whether a key template fills a partition key or a sort key; sort keys encode values order-preserving. */
public enum KeyRole {
    PARTITION("partition key", 2048),
    SORT("sort key", 1024);

    private final String description;
    private final int maxBytes;

    KeyRole(String description, int maxBytes) {
        this.description = description;
        this.maxBytes = maxBytes;
    }

    public String description() {
        return description;
    }

    /** DynamoDB's limit on the UTF-8 length of a key value in this role. */
    public int maxBytes() {
        return maxBytes;
    }
}
