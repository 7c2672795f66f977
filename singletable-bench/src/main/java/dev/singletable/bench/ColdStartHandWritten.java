package dev.singletable.bench;

/**
 * Cold start of the hand-written SDK code, the floor for the other two: nanoseconds from main to the first
 * encoded and decoded item.
 */
public final class ColdStartHandWritten {
    private ColdStartHandWritten() {
    }

    public static void main(String[] args) {
        ColdStart.loadSdkWhenAsked(args);
        long start = System.nanoTime();
        Item decoded = HandWritten.decode(HandWritten.encode(Item.sample()));
        long elapsed = System.nanoTime() - start;
        System.out.println(elapsed + " " + decoded.id());
    }
}
