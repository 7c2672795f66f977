package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.util.stream.Collectors;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code @Filter} op of a pattern with an {@code @Example} in the design file the processor writes: the ordered
 * comparisons by their names, a {@code GREATER_THAN_OR_EQUAL} with a {@code LESS_THAN_OR_EQUAL} on one attribute as a
 * {@code between}; two other comparisons of one attribute, one by order, noted and left out; an example range low above
 * high refused at the {@code @Example}.
 */
class FilterDesignFileTest {
    private static final JavaFileObject ORDER = JavaFileObjects.forSourceString("t.Order", """
            package t;
            import dev.singletable.annotations.*;
            @Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
            public record Order(String customerId, String orderId, java.math.BigDecimal total, String note, String status) {}
            """);
    private static final JavaFileObject TABLE = JavaFileObjects.forSourceString("t.Orders", """
            package t;
            import dev.singletable.annotations.TableDesign;
            @TableDesign(name = "Orders", entities = Order.class)
            public final class Orders {}
            """);

    private static Compilation compile(String patterns) {
        return javac().withProcessors(new SingleTableProcessor()).compile(ORDER, TABLE, JavaFileObjects.forSourceString("t.OrderPatterns", """
                package t;
                import dev.singletable.annotations.*;
                import java.math.BigDecimal;
                import java.util.List;
                @AccessPatterns(table = Orders.class)
                interface OrderPatterns {
                """ + patterns + "}\n"));
    }

    private static String accessPatterns(Compilation compilation) throws IOException {
        String file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/Orders.singletable.json").orElseThrow()
                .getCharContent(true).toString();
        return file.substring(file.indexOf("  \"accessPatterns\""));
    }

    @Test
    void generate_whenFiltersCompareByOrder_writesEachAndAGreaterOrEqualWithALessOrEqualAsABetween() throws IOException {
        Compilation compilation = compile("""
                    @Query @Example({"C1", "100"})
                    List<Order> smallOrders(String customerId, @Filter(value = "total", op = Filter.Op.LESS_THAN) BigDecimal below);
                    @Query @Example({"C1", "50", "SHIPPED", "200"})
                    List<Order> ordersInRange(String customerId, @Filter(value = "total", op = Filter.Op.GREATER_THAN_OR_EQUAL) BigDecimal from,
                                              @Filter(value = "status", op = Filter.Op.NOT_EQUALS) String status,
                                              @Filter(value = "total", op = Filter.Op.LESS_THAN_OR_EQUAL) BigDecimal to);
                    @Scan @Example({"20", "ring", "M"})
                    List<Order> bigNotes(@Filter(value = "total", op = Filter.Op.GREATER_THAN) BigDecimal over,
                                         @Filter(value = "note", op = Filter.Op.BEGINS_WITH) String note,
                                         @Filter(value = "status", op = Filter.Op.LESS_THAN_OR_EQUAL) String status);
                """);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(accessPatterns(compilation)).isEqualTo("""
                  "accessPatterns": [
                    {"name": "small-orders", "operation": "query", "entity": "Order", "partition": {"customerId": "C1"}, \
                "filter": {"lessThan": {"total": 100}}, "source": {"path": "t/OrderPatterns.java", "line": 7}},
                    {"name": "orders-in-range", "operation": "query", "entity": "Order", "partition": {"customerId": "C1"}, \
                "filter": {"all": [{"between": {"from": {"total": 50}, "to": {"total": 200}}}, {"notEquals": {"status": "SHIPPED"}}]}, \
                "source": {"path": "t/OrderPatterns.java", "line": 9}},
                    {"name": "big-notes", "operation": "scan", "entity": "Order", "filter": {"all": [{"greaterThan": {"total": 20}}, \
                {"beginsWith": {"note": "ring"}}, {"lessThanOrEqual": {"status": "M"}}]}, "source": {"path": "t/OrderPatterns.java", "line": 13}}
                  ]
                }
                """);
    }

    @Test
    void generate_whenAnAttributeIsComparedTwiceOtherwiseThanABetween_notesItAndLeavesThePatternOut() throws IOException {
        Compilation compilation = compile("""
                    @Query @Example({"C1", "100"})
                    List<Order> smallOrders(String customerId, @Filter(value = "total", op = Filter.Op.LESS_THAN) BigDecimal below);
                    @Query @Example({"C1", "10", "100"})
                    List<Order> strictRange(String customerId, @Filter(value = "total", op = Filter.Op.GREATER_THAN) BigDecimal above,
                                            @Filter(value = "total", op = Filter.Op.LESS_THAN) BigDecimal below);
                """);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.notes().stream().filter(n -> n.getMessage(null).startsWith("OrderPatterns.strictRange"))
                .map(n -> n.getLineNumber() + ": " + n.getMessage(null)).collect(Collectors.joining("\n"))).isEqualTo(
                "10: OrderPatterns.strictRange: its @Filters compare total in 2 comparisons (GREATER_THAN, LESS_THAN); a design file gives "
                        + "each attribute's comparisons one parameter, named by the attribute, so only a GREATER_THAN_OR_EQUAL with a "
                        + "LESS_THAN_OR_EQUAL (a between, parameters total.from and total.to) is written there; the pattern is left out "
                        + "of the design file, and its Java method works as declared");
        assertThat(accessPatterns(compilation)).isEqualTo("""
                  "accessPatterns": [
                    {"name": "small-orders", "operation": "query", "entity": "Order", "partition": {"customerId": "C1"}, \
                "filter": {"lessThan": {"total": 100}}, "source": {"path": "t/OrderPatterns.java", "line": 7}}
                  ]
                }
                """);
    }

    @Test
    void compile_whenABetweensExampleIsLowAboveHigh_reportsTheBoundsAtTheExample() {
        Compilation compilation = compile("""
                    @Query @Example({"C1", "500", "200"})
                    List<Order> ordersInRange(String customerId, @Filter(value = "total", op = Filter.Op.GREATER_THAN_OR_EQUAL) BigDecimal from,
                                              @Filter(value = "total", op = Filter.Op.LESS_THAN_OR_EQUAL) BigDecimal to);
                """);

        assertThat(compilation).failed();
        assertThat(compilation.errors().stream().map(e -> e.getLineNumber() + ": " + e.getMessage(null)).toList()).containsExactly(
                "7: OrderPatterns.ordersInRange: @Example gives total from 500 (parameter 'from', GREATER_THAN_OR_EQUAL) to 200 "
                        + "(parameter 'to', LESS_THAN_OR_EQUAL), low above high, which the design file's between refuses; give the "
                        + "lower value to 'from'");
        assertThat(compilation.errors().get(0).getKind()).isEqualTo(Diagnostic.Kind.ERROR);
    }
}
