package dev.singletable.bench;

import software.amazon.awssdk.enhanced.dynamodb.mapper.BeanTableSchema;

/** Cold start with the Enhanced Client's {@code TableSchema.fromBean}: nanoseconds from main to the first encoded and decoded item. */
public final class ColdStartBean {
    private ColdStartBean() {
    }

    public static void main(String[] args) {
        ColdStart.loadSdkWhenAsked(args);
        long start = System.nanoTime();
        BeanTableSchema<ItemBean> schema = Schemas.bean();
        ItemBean decoded = schema.mapToItem(schema.itemToMap(ItemBean.sample(), true));
        long elapsed = System.nanoTime() - start;
        System.out.println(elapsed + " " + decoded.getId());
    }
}
