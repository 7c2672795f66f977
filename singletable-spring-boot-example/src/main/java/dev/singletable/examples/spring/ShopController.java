package dev.singletable.examples.spring;

import java.util.List;

import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.spring.boot.AccessPatternScope;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Customers and their orders, each endpoint one access pattern of the table. */
@RestController
public class ShopController {
    private final Table table;

    public ShopController(Table table) {
        this.table = table;
    }

    @PutMapping("/customers/{customerId}")
    public Customer putCustomer(@PathVariable String customerId, @RequestBody Customer customer) {
        Customer stored = new Customer(customerId, customer.name());
        AccessPatternScope.run("saveCustomer", () -> table.put(stored));
        return stored;
    }

    @PostMapping("/customers/{customerId}/orders")
    public ResponseEntity<Order> placeOrder(@PathVariable String customerId, @RequestBody Order order) {
        Order placed = new Order(customerId, order.orderId(), "PLACED", order.total());
        AccessPatternScope.run("placeOrder", () -> table.create(placed));
        return ResponseEntity.status(HttpStatus.CREATED).body(placed);
    }

    @GetMapping("/customers/{customerId}/orders/{orderId}")
    public ResponseEntity<Order> order(@PathVariable String customerId, @PathVariable String orderId) {
        return ResponseEntity.of(AccessPatternScope.call("orderById",
                () -> table.get(OrderSchema.INSTANCE, KeyValues.of("customerId", customerId).and("orderId", orderId))));
    }

    @GetMapping("/customers/{customerId}/orders")
    public List<Order> orders(@PathVariable String customerId) {
        return AccessPatternScope.call("ordersOfCustomer",
                () -> table.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, customerId).list());
    }

    @GetMapping("/orders")
    public List<Order> ordersWithStatus(@RequestParam String status) {
        return AccessPatternScope.call("ordersByStatus",
                () -> table.query(OrderSchema.INSTANCE).index(OrderSchema.GSI1).partition(OrderSchema.STATUS, status).list());
    }

    @ExceptionHandler(ItemAlreadyExistsException.class)
    public ResponseEntity<String> alreadyPlaced(ItemAlreadyExistsException e) {
        return ResponseEntity.status(HttpStatus.CONFLICT).body("order already placed");
    }
}
