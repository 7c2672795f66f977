package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code keys}: the key attributes an item is stored under, offline, and the usage errors of bad input. */
class KeysCommandTest {
    private static final String SHOP = "../designs/ecommerce.singletable.yaml";
    private static final String PRODUCTS = "../designs/products.singletable.yaml";
    private static final String TICKETS = """
            format: singletable/1
            table:
              name: TicketTable
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
              entityTypeAttribute: entityType
              indexes:
                - name: GSI1
                  kind: global
                  partitionKey: {name: GSI1PK, type: S}
                  sortKey: {name: GSI1SK, type: S}
                  projection: {type: ALL}
                - name: GSI2
                  kind: global
                  partitionKey: {name: GSI2PK, type: S}
                  sortKey: {name: GSI2SK, type: S}
                  projection: {type: ALL}
            entities:
              Ticket:
                attributes:
                  ticketId: {type: string, required: true}
                  status: {type: enum, values: [OPEN, CLOSED], required: true}
                  assignee: {type: string}
                keys:
                  pk: "TICKET#{ticketId}"
                  sk: TICKET
                indexes:
                  GSI1:
                    pk: "ASSIGNEE#{assignee}"
                    sk: "{ticketId}"
                  GSI2:
                    pk: OPEN
                    sk: "{ticketId}"
                    when: {equals: {status: OPEN}}
            """;

    @Test
    void keys_whenAnOrderHasNotShipped_printsEveryKeyAndTheSparseIndexItIsNotIn() {
        CliRun.of("keys", SHOP, "Order", "customerId=C1", "orderId=O1", "status=PENDING", "total=99.98",
                "createdAt=2025-05-18T21:10:00Z").matchesGolden("keys/order.txt");
    }

    @Test
    void keys_whenJsonIsAskedFor_printsTheKeysAsOneObject() {
        CliRun.of("keys", SHOP, "Order", "customerId=C1", "orderId=O1", "status=SHIPPED", "total=99.98",
                "createdAt=2025-05-18T21:10:00Z", "shippedAt=2025-05-19T08:00:00Z", "--format", "json").matchesGolden("keys/order-json.txt");
    }

    @Test
    void keys_whenAnAttributeIsMissingOrAConditionIsFalse_saysWhyTheItemIsNotInEachIndex(@TempDir Path dir) throws IOException {
        CliRun.of("keys", tickets(dir), "Ticket", "ticketId=T1", "status=CLOSED")
                .replacing(dir.toString(), "DIR").matchesGolden("keys/ticket-not-indexed.txt");
    }

    @Test
    void keys_whenAnIndexIsConditionedOnAJavaMethod_printsItsKeysWithANoteInsteadOfAWriteRefusal() {
        String orders = "../singletable-schema/src/test/resources/java-condition/orders.singletable.yaml";

        CliRun text = CliRun.of("keys", orders, "Order", "id=o1", "createdAt=2025-01-01T00:00:00Z");
        CliRun json = CliRun.of("keys", orders, "Order", "id=o1", "createdAt=2025-01-01T00:00:00Z", "--format", "json");
        CliRun outside = CliRun.of("keys", orders, "Order", "id=o1");

        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).isEqualTo("""
                table  PK      ORDER#{id}   ORDER#o1
                table  SK      META         META
                GSI1   GSI1PK  SHIPPED      SHIPPED
                GSI1   GSI1SK  {createdAt}  2025-01-01T00:00:00.000000000Z
                GSI1   holds the item only when the application's Java method isShipped() says so, which the design file names \
                but cannot run; put refuses this item: write Order items with the Java application
                """);
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(json.out()).contains("\"onlyWhenJavaMethod\" : [ {\n    \"index\" : \"GSI1\",\n    \"method\" : \"isShipped\"");
        assertThat(outside.exitCode()).as(outside.err()).isZero();
        assertThat(outside.out()).contains("GSI1   not in this index: createdAt is not given").doesNotContain("isShipped");
    }

    @Test
    void keys_whenTheIndexIsLocal_printsItsSortKeyAloneUnderTheTablesPartitionKey() {
        CliRun.of("keys", "../designs/shapes.singletable.yaml", "Comment", "userId=u1", "commentId=c1", "roomId=lobby",
                "createdAt=2025-01-01T10:00:00Z").matchesGolden("keys/comment-lsi.txt");
    }

    @Test
    void keys_whenTheEntityIsStoredByItsState_printsTheKeysOfTheStateItsAttributePicks() {
        CliRun.of("keys", PRODUCTS, "Product", "productId=P3", "name=Typewriter", "archived=true",
                "archivedAt=2025-01-01T00:00:00Z").matchesGolden("keys/archived-product.txt");
    }

    @Test
    void keys_whenTheStateAttributeIsMissing_isUsageErrorNamingItAndItsStates() {
        assertUsageError(CliRun.of("keys", PRODUCTS, "Product", "productId=P1", "name=Lamp"),
                "keys Product: archived is missing, and it picks the item's keys (false -> ActiveProduct, true -> ArchivedProduct); "
                        + "give archived=false or another of those values");
    }

    @Test
    void keys_whenTheKeyHasAGeneratedId_fillsItAsPutDoes() {
        CliRun run = CliRun.of("keys", "../designs/blog.singletable.yaml", "Post", "username=alice", "title=Hello", "published=true");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).matches("""
                table  pk      USER#\\{username\\}              USER#alice
                table  sk      POST#\\{postId\\}                POST#([0-9A-HJKMNP-TV-Z]{26})
                gsi1   gsi1pk  POST                         POST
                gsi1   gsi1sk  STATUS#\\{published\\}#\\{postId\\}  STATUS#true#\\1
                """);
    }

    @Test
    void keys_whenAKeySlotHasADefaultAndTheKeyAGeneratedId_composesEveryKeyAsPutWritesIt() {
        CliRun run = CliRun.of("keys", "src/test/resources/drafts/drafts.singletable.yaml", "Draft", "username=alice", "title=Hello");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).matches("""
                table  PK      USER#\\{username\\}               USER#alice
                table  SK      DRAFT#\\{draftId\\}               DRAFT#([0-9A-HJKMNP-TV-Z]{26})
                GSI1   GSI1PK  DRAFT                         DRAFT
                GSI1   GSI1SK  STATUS#\\{published\\}#\\{draftId\\}  STATUS#false#\\1
                GSI2   not in this index: tag is not given, and its key template TAG#\\{tag\\} needs it
                """);
    }

    @Test
    void keys_whenTheEntityIsUnknown_isUsageErrorNamingTheEntities() {
        assertUsageError(CliRun.of("keys", SHOP, "Ordr", "customerId=C1"),
                "No entity 'Ordr' in the schema file; did you mean 'Order'?; the file has Customer, Order, OrderItem, Product, "
                        + "Inventory, Category");
    }

    @Test
    void keys_whenTheAttributeIsUnknown_isUsageErrorNamingEntityAndAttribute() {
        assertUsageError(CliRun.of("keys", SHOP, "Order", "customerId=C1", "orderID=O1"),
                "keys Order: no attribute 'orderID' (did you mean 'orderId'?); its attributes are customerId, orderId, status, total, "
                        + "createdAt, shippedAt");
    }

    @Test
    void keys_whenAValueHasTheWrongType_isUsageErrorNamingEntityAttributeAndValue() {
        assertUsageError(CliRun.of("keys", SHOP, "Order", "customerId=C1", "orderId=O1", "status=LOST"),
                "keys Order: status=LOST is not one of PENDING, PAID, SHIPPED, DELIVERED, CANCELLED");
    }

    @Test
    void keys_whenAKeyTemplatesAttributeIsMissing_isUsageErrorNamingTemplateAndAttribute() {
        assertUsageError(CliRun.of("keys", SHOP, "Order", "customerId=C1", "status=PENDING"),
                "keys Order: the table's key template ORDER#{orderId} needs orderId; give orderId=VALUE");
    }

    @Test
    void keys_whenARequiredIndexAttributeIsMissing_isUsageErrorNamingTheIndexTemplate() {
        assertUsageError(CliRun.of("keys", SHOP, "Order", "customerId=C1", "orderId=O1"),
                "keys Order: GSI1's key template STATUS#{status} needs status; give status=VALUE");
    }

    @Test
    void keys_whenARequiredAttributeOutsideTheKeysIsMissing_isUsageErrorNamingIt() {
        assertUsageError(CliRun.of("keys", SHOP, "Customer", "customerId=C1", "email=ada@example.com"),
                "keys Customer: missing required attributes name, createdAt; the item put would write has them");
    }

    @Test
    void keys_whenTablePicksOneOfSeveralDesigns_printsTheKeysOfThatTable(@TempDir Path dir) throws IOException {
        tickets(dir);
        Files.copy(Path.of(SHOP), dir.resolve("ecommerce.singletable.yaml"));

        CliRun run = CliRun.of("keys", dir.toString(), "Ticket", "ticketId=T1", "status=OPEN", "assignee=ada", "--table", "TicketTable");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("""
                table  PK      TICKET#{ticketId}    TICKET#T1
                table  SK      TICKET               TICKET
                GSI1   GSI1PK  ASSIGNEE#{assignee}  ASSIGNEE#ada
                GSI1   GSI1SK  {ticketId}           T1
                GSI2   GSI2PK  OPEN                 OPEN
                GSI2   GSI2SK  {ticketId}           T1
                """);
    }

    @Test
    void keys_whenSeveralDesignsAndNoTable_isUsageErrorNamingTheTables(@TempDir Path dir) throws IOException {
        tickets(dir);
        Files.copy(Path.of(SHOP), dir.resolve("ecommerce.singletable.yaml"));

        CliRun run = CliRun.of("keys", dir.toString(), "Ticket", "ticketId=T1");

        assertUsageError(run, dir + " holds 2 schema files (tables ShopTable, TicketTable); pick one with --table NAME");
    }

    @Test
    void help_printsTheHelpGolden() {
        CliRun.of("keys", "--help").matchesGolden("help/keys.txt");
    }

    private static void assertUsageError(CliRun run, String message) {
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo(message + "\nRun 'singletable keys --help' for its options.\n");
    }

    private static String tickets(Path dir) throws IOException {
        Path design = dir.resolve("tickets.singletable.yaml");
        Files.writeString(design, TICKETS);
        return design.toString();
    }
}
