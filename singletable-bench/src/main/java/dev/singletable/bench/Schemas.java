package dev.singletable.bench;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.BeanTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primaryPartitionKey;
import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primarySortKey;

/** The four mappers under test, built once. */
final class Schemas {
    private Schemas() {
    }

    /** The generated schema's table; mapping sends nothing, so its client has no connection to send on. */
    static Table generated() {
        TableSchema table = TableSchema.builder("Bench").entities(ItemSchema.INSTANCE).build();
        return Table.of(table, new DynamoDbClient() {
            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {
            }
        });
    }

    static BeanTableSchema<ItemBean> bean() {
        return software.amazon.awssdk.enhanced.dynamodb.TableSchema.fromBean(ItemBean.class);
    }

    static StaticTableSchema<ItemBean> staticSchema() {
        return StaticTableSchema.builder(ItemBean.class)
                .newItemSupplier(ItemBean::new)
                .addAttribute(String.class, a -> a.name("PK").getter(ItemBean::getPk).setter(ItemBean::setPk).tags(primaryPartitionKey()))
                .addAttribute(String.class, a -> a.name("SK").getter(ItemBean::getSk).setter(ItemBean::setSk).tags(primarySortKey()))
                .addAttribute(String.class, a -> a.name("entityType").getter(ItemBean::getEntityType).setter(ItemBean::setEntityType))
                .addAttribute(String.class, a -> a.name("id").getter(ItemBean::getId).setter(ItemBean::setId))
                .addAttribute(Integer.class, a -> a.name("quantity").getter(ItemBean::getQuantity).setter(ItemBean::setQuantity))
                .addAttribute(Long.class, a -> a.name("views").getter(ItemBean::getViews).setter(ItemBean::setViews))
                .addAttribute(BigDecimal.class, a -> a.name("price").getter(ItemBean::getPrice).setter(ItemBean::setPrice))
                .addAttribute(Instant.class, a -> a.name("createdAt").getter(ItemBean::getCreatedAt).setter(ItemBean::setCreatedAt))
                .addAttribute(Boolean.class, a -> a.name("active").getter(ItemBean::isActive).setter(ItemBean::setActive))
                .addAttribute(software.amazon.awssdk.enhanced.dynamodb.EnhancedType.listOf(String.class),
                        a -> a.name("tags").getter(ItemBean::getTags).setter(ItemBean::setTags))
                .addAttribute(software.amazon.awssdk.enhanced.dynamodb.EnhancedType.mapOf(String.class, String.class),
                        a -> a.name("labels").getter(ItemBean::getLabels).setter(ItemBean::setLabels))
                .addAttribute(Status.class, a -> a.name("status").getter(ItemBean::getStatus).setter(ItemBean::setStatus))
                .addAttribute(UUID.class, a -> a.name("ref").getter(ItemBean::getRef).setter(ItemBean::setRef))
                .build();
    }

}
