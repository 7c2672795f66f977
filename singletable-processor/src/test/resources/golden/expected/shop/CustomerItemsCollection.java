package shop;

import dev.singletable.EntityCollection;
import javax.annotation.processing.Generated;

/**
 * The entities of {@link CustomerItems}, read together by one query.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class CustomerItemsCollection {
    public static final EntityCollection<CustomerItems> INSTANCE =
            EntityCollection.of(CustomerItems.class, CustomerSchema.INSTANCE, OrderSchema.INSTANCE);

    private CustomerItemsCollection() {
    }
}
