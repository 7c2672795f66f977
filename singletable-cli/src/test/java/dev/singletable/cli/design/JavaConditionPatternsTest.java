package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A design whose Order has an index conditioned on a Java method ({@code when: {java: isShipped}}) and an access pattern
 * on it: the design tools run the patterns on the upper-bound table (the index taken as if the method said yes), whose
 * Order is another schema object than the file's table's; the patterns find it there by its type name.
 */
class JavaConditionPatternsTest {
    private static final String ORDERS = "../singletable-schema/src/test/resources/java-condition/orders.singletable.yaml";
    private static final String CUSTOMER_ORDERS = "../singletable-schema/src/test/resources/java-condition/customer-orders.singletable.yaml";

    @Test
    void patterns_whenAPatternReadsAnIndexConditionedOnAJavaMethod_runsItOnTheUpperBoundTable() throws IOException {
        CommandRun run = run("patterns", ORDERS, "--no-cache");

        assertThat(run).isEqualTo(new CommandRun(0, DesignCommandsTest.golden("patterns/java-condition-orders.txt", run.out()), ""));
    }

    @Test
    void patterns_whenACollectionPatternReadsADesignWithAJavaMethodIndex_runsItOnTheUpperBoundTable() {
        CommandRun run = run("patterns", CUSTOMER_ORDERS, "--no-cache");

        assertThat(run.exitCode()).as(run.err()).isZero();
        // customer c1 with its orders o1 and o2; the scan every customer and order; GSI1 every order with a createdAt
        assertThat(run.out()).contains("customer-with-orders: Query Shop\n").contains("expected items (3)")
                .contains("every-customer-and-order: Scan Shop").contains("expected items (5)");
    }

    @Test
    void view_whenAPatternReadsAnIndexConditionedOnAJavaMethod_writesThePage(@TempDir Path dir) {
        Path page = dir.resolve("orders.html");

        CommandRun run = run("view", ORDERS, "-o", page.toString(), "--no-cache");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(page).exists();
        assertThat(run.out()).contains("1 access pattern");
    }
}
