package dev.singletable.processor.it.readme;

import dev.singletable.annotations.ItemCollection;

@ItemCollection
sealed interface CustomerItems permits Customer, Order {}      // CustomerItemsCollection.INSTANCE decodes both
