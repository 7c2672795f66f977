package dev.singletable.processor.it;

import dev.singletable.annotations.AfterFromItem;
import dev.singletable.annotations.AfterToItem;
import dev.singletable.annotations.AttributeBag;
import dev.singletable.annotations.BeforeFromItem;
import dev.singletable.annotations.BeforeToItem;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Index;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Hooks, a sparse index, a generated id and an attribute bag. */
@Entity(pk = "THING#{id}", sk = "PARCEL#{parcelId}")
@Index(name = "GSI1", pk = "SHIPPED", sk = "{shippedAt}", when = "isShipped")
public record Parcel(String id, @GeneratedId String parcelId, Instant shippedAt,
                     @AttributeBag Map<String, AttributeValue> extra) implements Shelf {
    static final List<String> CALLS = new ArrayList<>();

    boolean isShipped() {
        return shippedAt != null;
    }

    @BeforeToItem
    static void beforeToItem(Parcel parcel, Map<String, AttributeValue> item) {
        CALLS.add("beforeToItem " + item.keySet());
        item.put("hookMark", AttributeValue.fromS("before"));
    }

    @AfterToItem
    static void afterToItem(Parcel parcel, Map<String, AttributeValue> item) {
        CALLS.add("afterToItem has PK " + item.containsKey("PK"));
    }

    @BeforeFromItem
    static void beforeFromItem(Map<String, AttributeValue> item) {
        CALLS.add("beforeFromItem");
        item.remove("hookMark");
    }

    @AfterFromItem
    static Parcel afterFromItem(Map<String, AttributeValue> item, Parcel parcel) {
        CALLS.add("afterFromItem");
        return parcel;
    }
}
