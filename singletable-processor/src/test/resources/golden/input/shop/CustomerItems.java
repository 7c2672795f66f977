package shop;

import dev.singletable.annotations.ItemCollection;

@ItemCollection
public sealed interface CustomerItems permits Customer, Order {
}
