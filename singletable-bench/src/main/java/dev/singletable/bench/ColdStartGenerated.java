package dev.singletable.bench;

import dev.singletable.Table;


/** Cold start with the generated schema: prints the nanoseconds from main to the first encoded and decoded item. */
public final class ColdStartGenerated {
    private ColdStartGenerated() {
    }

    public static void main(String[] args) {
        ColdStart.loadSdkWhenAsked(args);
        long start = System.nanoTime();
        Table table = Schemas.generated();
        Item decoded = table.fromItem(ItemSchema.INSTANCE, table.toItem(Item.sample()));
        long elapsed = System.nanoTime() - start;
        System.out.println(elapsed + " " + decoded.id());
    }
}
