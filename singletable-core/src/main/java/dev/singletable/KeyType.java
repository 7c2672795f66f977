package dev.singletable;

/**
 * The DynamoDB type of a key attribute of the table or of an index: DynamoDB's
 * {@code ScalarAttributeType} letters.
 *
 * <pre>{@code
 * KeyAttribute score = KeyAttribute.number("score");   // score.type() == KeyType.N
 * }</pre>
 */
@Stable
public enum KeyType {
    /** A string key: composed from the entity's key template, ordered by UTF-8 bytes. */
    S,
    /** A number key: a template that is exactly one slot {@code {attribute}} of a number attribute; ordered numerically. */
    N,
    /** A binary key: a template that is exactly one slot {@code {attribute}} of a byte-array attribute; ordered by bytes. */
    B
}
