package dev.singletable.internal.page;

/**
 * An item of a page a {@link PageDecoder} filled, whose scalar values the core can read as text in place: the item
 * is also a map of {@code AttributeValue}s, but an entity's numbers, instants, enums and strings, its entity type, and
 * the elements of its lists of those, are parsed from the page's text by the same parsers that read an
 * {@code AttributeValue}'s text, without an {@code AttributeValue} (and, for numbers and instants, a {@code String})
 * per value. Anything else (maps, sets, binaries, a value of another type than the attribute's) is read from the map,
 * so the attribute kinds decode one way whichever reader filled the page. Read by one thread at a time, as a page is.
 */
public interface StoredItem {
    /** The type names of {@link #storedAs}, the SDK's: the two held as text. */
    String STRING = "S";
    String NUMBER = "N";

    /** The attribute's place in the item's page, for the methods below; -1 when the item lacks the attribute. */
    int find(String name);

    /**
     * The DynamoDB type of the value at that place, as the SDK names it ({@code "S"}, {@code "N"}, {@code "BOOL"},
     * {@code "NULL"}, {@code "L"}, ...): always one of the constant strings, so it may be compared by reference.
     */
    String storedAs(int place);

    /**
     * The text of the String (S) or Number (N) at that place, perhaps a view of the page's text valid until the next call
     * of {@code text} on the page, so read at once; its {@code toString()} may give the very {@code String} it gave
     * before for the same text (a text the page repeats: the partition's key values, an enum's names).
     */
    CharSequence text(int place);

    /**
     * The place after the value at that place and, for a List (L), its elements: a list's elements are at the places from
     * {@code list + 1}, each next one at {@code after} of the one before, up to {@code after(list)}.
     */
    int after(int place);
}
