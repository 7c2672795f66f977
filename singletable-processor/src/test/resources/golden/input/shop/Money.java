package shop;

public record Money(long cents) {
}
