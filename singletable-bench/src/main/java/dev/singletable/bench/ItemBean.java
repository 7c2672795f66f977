package dev.singletable.bench;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The same entity as a bean for the Enhanced Client, which needs PK, SK and the type as fields of their own. */
@DynamoDbBean
public class ItemBean {
    private String pk;
    private String sk;
    private String entityType;
    private String id;
    private int quantity;
    private long views;
    private BigDecimal price;
    private Instant createdAt;
    private boolean active;
    private List<String> tags;
    private Map<String, String> labels;
    private Status status;
    private UUID ref;

    static ItemBean sample() {
        Item item = Item.sample();
        ItemBean bean = new ItemBean();
        bean.setPk("ITEM#" + item.id());
        bean.setSk("ITEM");
        bean.setEntityType("Item");
        bean.setId(item.id());
        bean.setQuantity(item.quantity());
        bean.setViews(item.views());
        bean.setPrice(item.price());
        bean.setCreatedAt(item.createdAt());
        bean.setActive(item.active());
        bean.setTags(item.tags());
        bean.setLabels(item.labels());
        bean.setStatus(item.status());
        bean.setRef(item.ref());
        return bean;
    }

    @DynamoDbPartitionKey
    public String getPk() { return pk; }
    public void setPk(String pk) { this.pk = pk; }
    @DynamoDbSortKey
    public String getSk() { return sk; }
    public void setSk(String sk) { this.sk = sk; }
    public String getEntityType() { return entityType; }
    public void setEntityType(String entityType) { this.entityType = entityType; }
    public String getId() { return id; }
    public void setId(String id) { this.id = id; }
    public int getQuantity() { return quantity; }
    public void setQuantity(int quantity) { this.quantity = quantity; }
    public long getViews() { return views; }
    public void setViews(long views) { this.views = views; }
    public BigDecimal getPrice() { return price; }
    public void setPrice(BigDecimal price) { this.price = price; }
    public Instant getCreatedAt() { return createdAt; }
    public void setCreatedAt(Instant createdAt) { this.createdAt = createdAt; }
    public boolean isActive() { return active; }
    public void setActive(boolean active) { this.active = active; }
    public List<String> getTags() { return tags; }
    public void setTags(List<String> tags) { this.tags = tags; }
    public Map<String, String> getLabels() { return labels; }
    public void setLabels(Map<String, String> labels) { this.labels = labels; }
    public Status getStatus() { return status; }
    public void setStatus(Status status) { this.status = status; }
    public UUID getRef() { return ref; }
    public void setRef(UUID ref) { this.ref = ref; }
}
