package dev.singletable.cli.data;

import dev.singletable.cli.options.ItemArguments;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.design.internal.text.RequestText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code singletable put DESIGN ENTITY name=value... [--if-not-exists | --expect COMPARISON...]}: one item written through
 * its entity's schema; with {@code --expect stock>=2}, only where the stored item holds every comparison, as
 * {@code update} and {@code delete} guard.
 */
@Command(name = "put", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class PutCommand implements Callable<Integer> {
    @Mixin
    private ItemOnEngine item;

    @Option(names = "--if-not-exists")
    private boolean ifNotExists;

    @Mixin
    private ExpectOption expect;

    /**
     * A request the put sent, as it was sent: an entity stored by its state is written with a TransactWriteItems (one
     * action a line), and a put that moves it between states sends a second after the first was canceled.
     */
    private void print(SentRequests.Sent sent, DataDesign loaded) {
        List<String> keyAttributes = new ArrayList<>();
        keyAttributes.add(loaded.schema().partitionKeyAttribute());
        loaded.schema().sortKeyAttribute().ifPresent(keyAttributes::add);
        List<String> lines;
        if (sent.request() instanceof TransactWriteItemsRequest transaction) {
            lines = RequestText.lines(RequestText.segments(transaction, keyAttributes), 0);
        } else if (sent.request() instanceof GetItemRequest get) {
            lines = RequestText.lines(RequestText.segments(get), 0);
        } else {
            lines = List.of(sent.request().getClass().getSimpleName().replaceFirst("Request$", "") + " " + loaded.schema().name());
        }
        PrintWriter info = item.info();
        item.request(lines.get(0));
        lines.subList(1, lines.size()).forEach(line -> info.println(" ".repeat(8) + line));
        sent.failure().ifPresent(failure -> info.println(" ".repeat(8) + item.engine().style().dim("canceled: " + (failure
                instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException canceled
                && canceled.hasCancellationReasons() ? String.join(", ", canceled.cancellationReasons().stream()
                .map(CancellationReason::code).toList()) : failure.getMessage()))));
    }

    /** The requests the put sent: one PutItem on a line with its guards, or each request as {@link #print} prints it. */
    private void printSent(DataTable data, DataDesign loaded, DynamicItem written) {
        List<SentRequests.Sent> sent = data.sent();
        if (sent.size() == 1 && sent.get(0).request() instanceof PutItemRequest) {
            item.request("PutItem " + loaded.schema().name() + ": " + ItemLines.key(data.table().keyOf(written))
                    + (ifNotExists ? " if no item has that key" : "")
                    + expect.clause());
        } else {
            sent.forEach(request -> print(request, loaded));
        }
    }

    /**
     * A put without a version refused because the item is stored (in this state, or for an entity stored by its state,
     * in another): the CLI's way out is the version, which makes the put replace it, or move it to the state given.
     */
    private static DemoFailure withoutVersion(String type, DataDesign loaded, VersionConflictException e) {
        long stored = e.storedVersion().getAsLong();
        String storedType = e.currentItem().map(item -> item.get(loaded.schema().entityTypeAttribute()))
                .map(value -> value.s()).orElse(type);
        Map<String, String> storedKey = new java.util.LinkedHashMap<>();
        e.currentItem().ifPresent(item -> {
            List<String> keyAttributes = new ArrayList<>(List.of(loaded.schema().partitionKeyAttribute()));
            loaded.schema().sortKeyAttribute().ifPresent(keyAttributes::add);
            for (String attribute : keyAttributes) {
                var value = item.get(attribute);
                storedKey.put(attribute, value == null ? "" : value.s() != null ? value.s() : value.n());
            }
        });
        String where = storedType.equals(type) ? "an item with key " + ItemLines.key(e.key())
                : "the item, in another state, as " + storedType + " at " + ItemLines.key(storedKey);
        return new DemoFailure("put " + type + ": " + where + " is stored at version " + stored + ", and a put without a version "
                + "writes a new item; nothing written. Give version=" + stored + " to " + (storedType.equals(type) ? "replace it"
                : "move it to " + type) + ".", e);
    }

    @Override
    public Integer call() {
        DataDesign loaded = item.load();
        ItemArguments arguments = item.arguments();
        EntitySchema<DynamicItem> entity = loaded.entity(item.spec(), loaded.stateOf(item.spec(), "put", arguments.entity(), arguments.values()));
        EntityArguments entityArguments = new EntityArguments(item.spec(), "put", loaded, entity);
        Map<String, Object> values = entityArguments.values(arguments.values(), "an attribute of " + entity.type());
        List<String> mustGive = loaded.requiredForPut(entity.type());
        List<String> missing = entityArguments.keyAttributes().stream()
                .filter(name -> mustGive.contains(name) && !values.containsKey(name))
                .toList();
        if (!missing.isEmpty()) {
            throw entityArguments.usage("missing key attribute" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + "; the key of " + entity.type() + " is " + String.join(", ", entityArguments.keyAttributes()));
        }
        List<String> required = mustGive.stream().filter(name -> !values.containsKey(name)).toList();
        if (!required.isEmpty()) {
            throw entityArguments.usage("missing required attribute" + (required.size() == 1 ? " " : "s ") + String.join(", ", required));
        }
        DynamicItem given = DynamicItem.builder(entity.type()).setAll(values).unmappedAttributes(entityArguments.bag(arguments.values()))
                .build();
        try {
            Table.offline(loaded.schema()).toItem(given); // what the design alone refuses is refused before an engine starts
        } catch (ValidationException e) {
            throw new ParameterException(item.spec().commandLine(), "put " + entity.type() + ": " + e.getMessage());
        }
        if (ifNotExists && expect.given()) {
            throw entityArguments.usage("--if-not-exists writes only where no item is stored, which --expect compares with: "
                    + "drop one of them");
        }
        Condition condition = expect.condition(new PathArguments(item.spec(), "put", entity.type(), loaded.file()));
        try (DataTable data = item.open(loaded)) {
            DynamicItem written;
            try {
                written = ifNotExists ? data.table().create(given) : data.table().put(given, condition);
            } catch (ValidationException e) {
                throw new ParameterException(item.spec().commandLine(), "put " + entity.type() + ": " + e.getMessage());
            } catch (VersionConflictException e) {
                if (e.expectedVersion().isEmpty() && e.storedVersion().isPresent()) {
                    throw withoutVersion(entity.type(), loaded, e);
                }
                throw data.failure("Could not write " + entity.type(), e);
            } catch (ItemAlreadyExistsException e) {
                throw new DemoFailure("put " + entity.type() + " --if-not-exists: an item with key "
                        + ItemLines.key(data.table().keyOf(given)) + " exists in " + loaded.schema().name()
                        + "; nothing written. Leave out --if-not-exists to replace it.", e);
            } catch (ConditionFailedException e) {
                printSent(data, loaded, given);
                throw new DemoFailure("put " + entity.type() + " " + ItemLines.key(data.table().keyOf(given)) + ": not written, "
                        + expect.stored(e, loaded.file()) + ".", e);
            } catch (RuntimeException e) {
                throw data.failure("Could not write " + entity.type(), e);
            }
            printSent(data, loaded, written);
            item.print(data, written);
            item.info().println(data.usage("WCU")); // a canceled transaction among them counted and named (it reports no capacity)
            return 0;
        }
    }
}
