package dev.singletable.internal.kinds;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rule of a table's TTL attribute, one for every front end (the builder API's checks, the annotation processor,
 * the schema files): DynamoDB expires an item by one attribute name, the table's, and only when it holds a Number of
 * seconds since the epoch. So the attribute of that name must be of one of {@link #KINDS}, and an attribute marked as
 * the time to live ({@code @TimeToLive}, {@code role: timeToLive}) must be stored under that name. Each front end
 * words the fix in its own terms; the rule and the rest of the message are here.
 */
public final class TimeToLiveRule {
    /** The kinds a TTL attribute may have: those stored as a Number of seconds. */
    public static final List<Kind> KINDS = List.of(Kind.EPOCH_SECONDS, Kind.LONG, Kind.INTEGER);

    /** Entity, attribute, the kind given as its front end names it, the fix. */
    public static final String WRONG_KIND = "%s.%s: %s cannot be the table's TTL attribute, which DynamoDB reads as a Number of "
            + "epoch seconds; %s";

    /** Entity, attribute, the mark ({@code @TimeToLive}), table, its TTL attribute (quoted or "not declared"), the name stored as, the fix. */
    public static final String NOT_THE_TABLES = "%s.%s: %s is for the TTL attribute of table %s, which is %s, but this one is "
            + "stored as '%s': DynamoDB would never expire its items; %s";

    private TimeToLiveRule() {
    }

    /** Whether an attribute of this kind can be the table's TTL attribute. */
    public static boolean allows(Kind kind) {
        return KINDS.contains(kind);
    }

    /**
     * The names of {@link #KINDS} as a front end writes them, for its fix: {@code epochSeconds, long or integer}.
     *
     * @param name the name of a kind in the front end's terms ({@link Kind#fileName}, {@link Kind#name}...)
     */
    public static String kindNames(Function<Kind, String> name) {
        List<String> names = KINDS.stream().map(name).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    /** The message of an attribute of another kind than {@link #KINDS} that is (or is marked as) the TTL attribute. */
    public static String wrongKind(String entity, String attribute, String given, String fix) {
        return String.format(WRONG_KIND, entity, attribute, given, fix);
    }

    /** The message of an attribute marked as the time to live but stored under another name than the table's TTL attribute. */
    public static String notTheTables(String entity, String attribute, String mark, String table, Optional<String> timeToLiveAttribute,
                                      String storedAs, String fix) {
        return String.format(NOT_THE_TABLES, entity, attribute, mark, table, timeToLiveAttribute.map(t -> "'" + t + "'").orElse("not declared"),
                storedAs, fix);
    }
}
