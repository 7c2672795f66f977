package dev.singletable.processor.it;

/** An amount in cents, a type singletable cannot store without a converter. */
public record Money(long cents) {
}
