package dev.singletable.bench.operations;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * {@link Order} as the Enhanced Client maps it: a bean with the keys and the type as properties of their own, which
 * its user fills by hand ({@code CUSTOMER#...}, {@code ORDER#...}). {@code itemCount} is an {@code Integer} so that a
 * partial bean can leave it out of an update.
 */
@DynamoDbBean
public class OrderBean {
    private String pk;
    private String sk;
    private String entityType;
    private String customerId;
    private String orderId;
    private OrderStatus status;
    private BigDecimal total;
    private Integer itemCount;
    private Instant createdAt;
    private List<String> tags;

    static OrderBean of(Order order) {
        OrderBean bean = new OrderBean();
        bean.setPk("CUSTOMER#" + order.customerId());
        bean.setSk("ORDER#" + order.orderId());
        bean.setEntityType("Order");
        bean.setCustomerId(order.customerId());
        bean.setOrderId(order.orderId());
        bean.setStatus(order.status());
        bean.setTotal(order.total());
        bean.setItemCount(order.itemCount());
        bean.setCreatedAt(order.createdAt());
        bean.setTags(order.tags());
        return bean;
    }

    Order toOrder() {
        return new Order(customerId, orderId, status, total, itemCount, createdAt, tags);
    }

    @DynamoDbPartitionKey
    @DynamoDbAttribute("PK")
    public String getPk() { return pk; }
    public void setPk(String pk) { this.pk = pk; }
    @DynamoDbSortKey
    @DynamoDbAttribute("SK")
    public String getSk() { return sk; }
    public void setSk(String sk) { this.sk = sk; }
    public String getEntityType() { return entityType; }
    public void setEntityType(String entityType) { this.entityType = entityType; }
    public String getCustomerId() { return customerId; }
    public void setCustomerId(String customerId) { this.customerId = customerId; }
    public String getOrderId() { return orderId; }
    public void setOrderId(String orderId) { this.orderId = orderId; }
    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
    public BigDecimal getTotal() { return total; }
    public void setTotal(BigDecimal total) { this.total = total; }
    public Integer getItemCount() { return itemCount; }
    public void setItemCount(Integer itemCount) { this.itemCount = itemCount; }
    public Instant getCreatedAt() { return createdAt; }
    public void setCreatedAt(Instant createdAt) { this.createdAt = createdAt; }
    public List<String> getTags() { return tags; }
    public void setTags(List<String> tags) { this.tags = tags; }
}
