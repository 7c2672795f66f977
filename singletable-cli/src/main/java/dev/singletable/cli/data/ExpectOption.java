package dev.singletable.cli.data;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --expect COMPARISON}, repeatable, of the commands that write one item ({@code put}, {@code update},
 * {@code delete}): the guards the stored item must hold for the write to happen ({@code stock>=2},
 * {@code status!=shipped}), all of them, as one condition; each command's help says what it does when one does not hold.
 *
 * <pre>{@code
 * @Mixin
 * private ExpectOption expect;
 *
 * Condition condition = expect.condition(new PathArguments(item.spec(), "delete", entity.type(), loaded.file()));
 * item.request("DeleteItem " + table + ": " + key + expect.clause());
 * ...
 * } catch (ConditionFailedException e) {
 *     throw new DemoFailure("delete " + entity.type() + " " + key + ": not deleted, " + expect.stored(e, loaded.file()) + ".", e);
 * }
 * }</pre>
 */
final class ExpectOption {
    @Option(names = "--expect", paramLabel = "COMPARISON")
    private List<String> expectations = new ArrayList<>();

    /** Whether any {@code --expect} was given. */
    boolean given() {
        return !expectations.isEmpty();
    }

    /** The guards as one condition, each value read by the type at its path; no condition without one. */
    Condition condition(PathArguments paths) {
        return paths.guards("--expect", expectations);
    }

    /** The guards as given, joined: {@code stock>=2 and status!=shipped}. */
    String joined() {
        return String.join(" and ", expectations);
    }

    /** The guards as a request line says them: {@code  if stock>=2 and status!=shipped}, or nothing without one. */
    String clause() {
        return expectations.isEmpty() ? "" : " if " + joined();
    }

    /** Why the write was refused: what the stored item has at the guards' paths ({@link FailedGuards}). */
    String stored(ConditionFailedException failure, SchemaFile file) {
        return FailedGuards.stored(failure, expectations, file);
    }
}
