package dev.singletable.processor.it;

/** Two bounds, stored by its converter as a list of two numbers. */
public record Range(int low, int high) {
}
