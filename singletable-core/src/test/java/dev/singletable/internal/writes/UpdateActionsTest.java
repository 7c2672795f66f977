package dev.singletable.internal.writes;

import dev.singletable.NullArgumentException;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.singletable.fixtures.ProductsAndOrders.COUNT;
import static dev.singletable.fixtures.ProductsAndOrders.PRODUCT;
import static dev.singletable.fixtures.ProductsAndOrders.Product;
import static dev.singletable.fixtures.ProductsAndOrders.STATUS;
import static dev.singletable.fixtures.ProductsAndOrders.Status;
import static dev.singletable.fixtures.ProductsAndOrders.TAGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An update's actions are a chain each update adds one to: updates made from one update never share what they add. */
class UpdateActionsTest {

    private static List<String> described(Update<Product> update) {
        return update.actions().stream().map(Update.Action::toString).toList();
    }

    @Test
    void actions_whenTwoUpdatesAreMadeFromOne_eachHasItsOwnInTheOrderGiven() {
        Update<Product> base = Update.of(PRODUCT).set(STATUS, Status.RETIRED);

        Update<Product> counted = base.add(COUNT, 5L);
        Update<Product> tagged = base.addToSet(TAGS, Set.of("new")).readingStoredValuesForIndexKeys();

        assertThat(described(base)).containsExactly("SET status RETIRED");
        assertThat(described(counted)).containsExactly("SET status RETIRED", "ADD_NUMBER count 5");
        assertThat(described(tagged)).containsExactly("SET status RETIRED", "ADD_TO_SET tags [new]");
        assertThat(tagged.readsStoredValuesForIndexKeys()).isTrue();
        assertThat(counted.readsStoredValuesForIndexKeys()).isFalse();
        assertThat(Update.of(PRODUCT).isEmpty()).isTrue();
        assertThat(counted.isEmpty()).isFalse();
        assertThat(counted.toString()).isEqualTo("Update of Product[SET status RETIRED, ADD_NUMBER count 5]");
    }

    @Test
    void set_whenTheAttributeWasChangedBefore_failsNamingTheEarlierChange() {
        assertThatThrownBy(() -> Update.of(PRODUCT).remove(STATUS).add(COUNT, 1L).set(STATUS, Status.ACTIVE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product changes status twice (REMOVE and SET); DynamoDB allows one action per attribute in an "
                        + "update: combine them");
    }

    @Test
    void set_whenValueIsNull_failsPointingToRemove() {
        assertThatThrownBy(() -> Update.of(PRODUCT).set(STATUS, null))
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("Update.set(value): value is null; null is not a value of Product.status: use remove(status) to delete the "
                        + "attribute");
    }
}
