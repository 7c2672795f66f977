package dev.singletable.processor.it.patterns;

import dev.singletable.annotations.ItemCollection;

/** A shopper's profile and purchases, read by one query. */
@ItemCollection
public sealed interface ShopperItems permits Shopper, Purchase {
}
