package dev.singletable.cli.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.WriteTransaction;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.text.RequestText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code singletable transact DESIGN FILE}: the actions of FILE (put, create, replace, update, delete, check, each with its
 * entity and guards) as one TransactWriteItems through the library: all written, or none. A cancellation is printed
 * action by action with DynamoDB's reason (a failed guard as the stored values it compared); {@code --explain} prints the
 * request without sending it; {@code --format json} prints each action's result (and reason) as JSON on standard output,
 * the rest on standard error, and a file refused before anything is sent as {@code {"written": false, "error": {"index":
 * 1, "action": "put", "entity": "Product", "line": "actions.jsonl:2", "message": ...}}} (the index from 0, in the file's
 * order; no index, action, entity nor line where the file as a whole is refused).
 *
 * <pre>{@code
 * {"action": "update", "entity": "Product", "key": {"sku": "s1"}, "add": {"stock": -2}, "expect": ["stock>=2"]}
 * {"action": "create", "entity": "Order", "item": {"orderId": "o1", "sku": "s1", "quantity": 2}}
 * }</pre>
 */
@Command(name = "transact", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class TransactCommand implements Callable<Integer> {
    @Mixin
    private DesignOnEngine design;

    @Parameters(index = "1", paramLabel = "FILE")
    private Path file;

    @Option(names = "--explain")
    private boolean explain;

    @Mixin
    private TextOrJson format;

    /** The actions a file (and the MCP server's {@code transact} tool) may hold: put, create, replace, update, delete, check. */
    public static List<String> actionWords() {
        return java.util.Arrays.stream(FileAction.Kind.values()).map(FileAction.Kind::word).toList();
    }

    @Override
    public Integer call() {
        DataDesign loaded = design.load();
        List<FileAction> actions = actions(loaded);
        boolean json = format.json();
        PrintWriter out = format.out();
        PrintWriter info = format.info(); // json: only the actions' results on standard output
        if (explain) { // the design alone makes the request: no engine is started
            TransactWriteItemsRequest request = transaction(Table.offline(loaded.schema()), actions).toRequest();
            print(info, loaded, request);
            info.println("not sent (--explain): " + Counted.of(actions.size(), "action", "actions"));
            if (json) {
                out.println(new ActionOutcomes(actions, request, loaded.schema(), loaded.file()).explained().toPrettyString());
            }
            return 0;
        }
        try (DataTable data = DataTable.open(loaded, design.engine(), info)) {
            WriteTransaction transaction = transaction(data.table(), actions);
            TransactWriteItemsRequest request = transaction.toRequest();
            ActionOutcomes outcomes = new ActionOutcomes(actions, request, loaded.schema(), loaded.file());
            print(info, loaded, request);
            try {
                transaction.execute();
            } catch (TransactionCanceledException e) {
                canceled(info, outcomes, e);
                if (json) {
                    out.println(outcomes.json(e).toPrettyString());
                }
                info.println(data.usage("WCU"));
                throw new DemoFailure("transact " + file + ": canceled, nothing written: " + String.join("; ", e.failures().stream()
                        .map(reason -> actions.get(reason.index()).where() + " " + actions.get(reason.index()).what() + " "
                                + reason.code()).toList()) + ".", e);
            } catch (ValidationException e) {
                throw refused("transact " + file + ": " + e.getMessage());
            } catch (RuntimeException e) {
                throw data.failure("Could not write the transaction of " + file, e);
            }
            info.println("written: " + Counted.of(actions.size(), "action", "actions") + ", all or none");
            if (json) {
                out.println(outcomes.json("written").toPrettyString());
            }
            info.println(data.usage("WCU"));
            return 0;
        }
    }

    /** Every action of the file, read through the design before an engine is started; a mistake is a usage error. */
    private List<FileAction> actions(DataDesign loaded) {
        List<TransactionFile.Located> values;
        try {
            values = TransactionFile.read(file);
        } catch (TransactionFile.Unreadable e) {
            throw refused("transact: " + e.getMessage());
        }
        if (values.isEmpty()) {
            throw refused("transact: " + file + " holds no action; give one JSON object an action, such as "
                    + "{\"action\": \"put\", \"entity\": \"...\", \"item\": {...}}");
        }
        if (values.size() > 100) {
            throw refused("transact: " + file + " holds " + values.size() + " actions; a transaction holds at most 100 "
                    + "(TransactWriteItems' limit): split the file");
        }
        FileAction.Reader reader = new FileAction.Reader(design.spec(), loaded);
        List<FileAction> actions = new ArrayList<>();
        for (TransactionFile.Located value : values) {
            try {
                actions.add(reader.read(value.where(), value.value()));
            } catch (ParameterException e) {
                throw refused(actions.size(), value.where(), value.value(), e.getMessage());
            }
        }
        return actions;
    }

    /** The actions in one transaction of {@code table}; what the core refuses of one is a usage error naming it. */
    private WriteTransaction transaction(Table table, List<FileAction> actions) {
        WriteTransaction transaction = table.transaction();
        for (int i = 0; i < actions.size(); i++) {
            FileAction action = actions.get(i);
            try {
                action.adding().accept(transaction);
            } catch (ValidationException e) {
                String[] what = action.what().split(" ", 2);
                throw refused(i, action.where(), ItemJson.JSON.createObjectNode().put("action", what[0]).put("entity", what[1]),
                        action.what() + ": " + e.getMessage());
            }
        }
        try {
            transaction.toRequest(); // refused as a whole (one item written twice, over 4 MB) before anything is sent
        } catch (ValidationException e) {
            throw refused("transact " + file + ": " + e.getMessage());
        }
        return transaction;
    }

    /** A usage error saying {@code message}; with {@code --format json}, first its JSON on standard output. */
    private ParameterException refused(String message) {
        return refused(message, ActionOutcomes.refused(message));
    }

    /** A usage error of the action {@code index} at {@code where}, saying where; with {@code --format json}, first its JSON. */
    private ParameterException refused(int index, String where, JsonNode value, String message) {
        return refused(where + ": " + message, ActionOutcomes.refused(index, where, value, message));
    }

    private ParameterException refused(String message, ObjectNode json) {
        if (format.json()) {
            design.spec().commandLine().getOut().println(json.toPrettyString());
        }
        return design.usage(message);
    }

    /** The request, one action a line, as put prints the transactions it sends. */
    private void print(PrintWriter out, DataDesign loaded, TransactWriteItemsRequest request) {
        List<String> keyAttributes = new ArrayList<>(List.of(loaded.schema().partitionKeyAttribute()));
        loaded.schema().sortKeyAttribute().ifPresent(keyAttributes::add);
        List<String> lines = RequestText.lines(RequestText.segments(request, keyAttributes), 0);
        out.println(DataTable.label(design.engine().style(), "Request") + lines.get(0));
        lines.subList(1, lines.size()).forEach(line -> out.println(" ".repeat(8) + line));
    }

    /** Each action's reason, in the file's order: {@code actions.jsonl:1 update Product PK = ...: ConditionalCheckFailed ...}. */
    private static void canceled(PrintWriter out, ActionOutcomes outcomes, TransactionCanceledException e) {
        out.println("canceled, nothing written; DynamoDB's reason for each action:");
        for (TransactionCanceledException.Reason reason : e.reasons()) {
            FileAction action = outcomes.actions().get(reason.index());
            String why = outcomes.why(reason);
            String said = reason.failed() ? reason.code() + (why.isEmpty() ? "" : ": " + why) : "None (this action was fine)";
            out.println("  " + action.where() + " " + action.what() + " " + ItemLines.key(reason.key()) + ": " + said);
        }
    }
}
