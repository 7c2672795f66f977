package dev.singletable.examples.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Collectors;

import dev.singletable.Table;
import dev.singletable.spring.boot.test.SingleTableTest;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service started whole (Tomcat on a random port) on the embedded engine by {@link SingleTableTest}, called over
 * HTTP: its answers, the meters its requests made, and actuator's health of its table.
 */
@SingleTableTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ShopApplicationTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Value("${local.server.port}")
    int port;

    @Autowired
    MeterRegistry meters;

    @Autowired
    Table table;

    @Test
    @Order(1)
    void endpoints_whenOrdersArePlacedAndRead_answerWithTheStoredOrders() throws Exception {
        assertThat(send("PUT", "/customers/C1", "{\"name\":\"Ada\"}")).isEqualTo("200 {\"customerId\":\"C1\",\"name\":\"Ada\"}");
        assertThat(send("POST", "/customers/C1/orders", "{\"orderId\":\"O1\",\"total\":99.9}"))
                .isEqualTo("201 {\"customerId\":\"C1\",\"orderId\":\"O1\",\"status\":\"PLACED\",\"total\":99.9}");
        assertThat(send("POST", "/customers/C1/orders", "{\"orderId\":\"O1\",\"total\":5}")).isEqualTo("409 order already placed");
        assertThat(send("GET", "/customers/C1/orders/O1", null))
                .isEqualTo("200 {\"customerId\":\"C1\",\"orderId\":\"O1\",\"status\":\"PLACED\",\"total\":99.9}");
        assertThat(send("GET", "/customers/C1/orders/O2", null)).isEqualTo("404 ");
        assertThat(send("GET", "/customers/C1/orders", null))
                .isEqualTo("200 [{\"customerId\":\"C1\",\"orderId\":\"O1\",\"status\":\"PLACED\",\"total\":99.9}]");
        assertThat(send("GET", "/orders?status=PLACED", null))
                .isEqualTo("200 [{\"customerId\":\"C1\",\"orderId\":\"O1\",\"status\":\"PLACED\",\"total\":99.9}]");
    }

    @Test
    @Order(2)
    void meters_afterTheCalls_countEachAccessPatternsRequests() {
        String name = table.schema().name();
        List<String> requests = meters.getMeters().stream().filter(m -> m.getId().getName().equals("singletable.requests"))
                .map(ShopApplicationTest::describe).toList();

        assertThat(requests).containsExactlyInAnyOrder(
                // singletable.create-tables=true, as @SingleTableTest sets it: the table is looked for, created, waited for
                "entity=none,error.code=ResourceNotFoundException,index=none,operation=DescribeTable,outcome=error,pattern=none,table=" + name + " 1",
                "entity=none,error.code=none,index=none,operation=CreateTable,outcome=success,pattern=none,table=" + name + " 1",
                "entity=none,error.code=none,index=none,operation=DescribeTable,outcome=success,pattern=none,table=" + name + " 1",
                "entity=Customer,error.code=none,index=none,operation=PutItem,outcome=success,pattern=saveCustomer,table=" + name + " 1",
                "entity=Order,error.code=none,index=none,operation=PutItem,outcome=success,pattern=placeOrder,table=" + name + " 1",
                "entity=Order,error.code=ConditionalCheckFailedException,index=none,operation=PutItem,outcome=condition_failed,"
                        + "pattern=placeOrder,table=" + name + " 1",
                "entity=Order,error.code=none,index=none,operation=GetItem,outcome=success,pattern=orderById,table=" + name + " 2",
                "entity=Order,error.code=none,index=none,operation=Query,outcome=success,pattern=ordersOfCustomer,table=" + name + " 1",
                "entity=Order,error.code=none,index=GSI1,operation=Query,outcome=success,pattern=ordersByStatus,table=" + name + " 1");
    }

    @Test
    @Order(3)
    void health_whenTheTableIsActive_isUpOverHttp() throws Exception {
        String name = table.schema().name();

        assertThat(send("GET", "/actuator/health/singletable", null)).isEqualTo("200 {\"components\":{\"" + name
                + "\":{\"details\":{\"table\":\"" + name + "\",\"status\":\"ACTIVE\",\"indexes\":{\"GSI1\":\"ACTIVE\"}},"
                + "\"status\":\"UP\"}},\"groups\":[\"liveness\",\"readiness\"],\"status\":\"UP\"}");
    }

    private String send(String method, String path, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (json != null) {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }

    private static String describe(Meter meter) {
        return meter.getId().getTags().stream().map(Tag::toString).map(t -> t.replace("tag(", "").replace(")", ""))
                .collect(Collectors.joining(",")) + " " + ((io.micrometer.core.instrument.Timer) meter).count();
    }
}
