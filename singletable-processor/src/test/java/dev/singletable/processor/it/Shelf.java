package dev.singletable.processor.it;

import dev.singletable.annotations.ItemCollection;

@ItemCollection
public sealed interface Shelf permits Everything, Parcel {
}
