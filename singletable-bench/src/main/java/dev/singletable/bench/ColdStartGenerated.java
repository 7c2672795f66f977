package dev.singletable.bench;

import dev.singletable.internal.codec.BoundEntity;


/** Cold start with the generated schema: prints the nanoseconds from main to the first encoded and decoded item. */
public final class ColdStartGenerated {
    private ColdStartGenerated() {
    }

    public static void main(String[] args) {
        ColdStart.loadSdkWhenAsked(args);
        long start = System.nanoTime();
        BoundEntity<Item> schema = Schemas.generated();
        Item decoded = schema.fromItem(schema.toItem(Item.sample()));
        long elapsed = System.nanoTime() - start;
        System.out.println(elapsed + " " + decoded.id());
    }
}
