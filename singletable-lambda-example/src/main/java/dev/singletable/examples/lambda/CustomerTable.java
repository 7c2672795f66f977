package dev.singletable.examples.lambda;

import dev.singletable.TableSchema;
import dev.singletable.annotations.TableDesign;

/** The function's table; its name in AWS comes from the {@code TABLE_NAME} environment variable. */
@TableDesign(name = "Customers", entities = Customer.class)
public final class CustomerTable {
    private CustomerTable() {
    }

    /** The design under the table name the function is given. */
    public static TableSchema schema(String tableName) {
        return CustomerTableDesign.SCHEMA.toBuilder().name(tableName).build();
    }
}
