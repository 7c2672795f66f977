package dev.singletable;

import java.util.Optional;

/**
 * A public method was given {@code null} for a parameter that needs a value. singletable never takes
 * null as "nothing": pass the identity instead ({@link Condition#none()}, {@link KeyValues#none()},
 * an empty list). Thrown by the call itself, before anything is sent; a method that returns a
 * {@link java.util.concurrent.CompletableFuture} returns it failed with this exception instead.
 *
 * <pre>{@code
 * table.put(null);
 * // NullArgumentException: Table.put(entity): entity is null; give the entity (or its schema) the call is about
 * }</pre>
 *
 * <p>The static {@code check} methods are the checks every entry point of singletable makes first; code
 * that wraps singletable may use them for the same messages.
 */
@Stable
public class NullArgumentException extends ValidationException {
    private static final long serialVersionUID = 1L;

    private final String method;
    private final String parameter;

    /**
     * @param method    the call, as {@code Type.method}, such as {@code Table.put}
     * @param parameter the parameter's name
     * @param fix       what to give instead, such as {@code "use Condition.none() for no condition"}
     */
    public NullArgumentException(String method, String parameter, String fix) {
        super(method + "(" + parameter + "): " + parameter + " is null; " + fix);
        this.method = method;
        this.parameter = parameter;
    }

    /** The call that refused null, such as {@code Table.put}. */
    public String method() {
        return method;
    }

    /** The parameter that was null. */
    public String parameter() {
        return parameter;
    }

    // ------------------------------------------------------------ the checks of every entry point

    /**
     * Refuses the first null among the arguments of a call.
     *
     * @param method         the call, as {@code Type.method}
     * @param namesAndValues each parameter's name followed by its value
     */
    public static void check(String method, Object... namesAndValues) {
        Optional<NullArgumentException> refused = refusal(method, namesAndValues);
        if (refused.isPresent()) {
            throw refused.get();
        }
    }

    /**
     * {@link #check(String, Object...)} for a method of a shared implementation, named after the
     * public interface the receiver implements ({@code Query}, {@code AsyncScan}...).
     */
    public static void checkOn(Object receiver, String method, Object... namesAndValues) {
        for (int i = 1; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i] == null) {
                check(publicName(receiver.getClass()) + "." + method, namesAndValues);
            }
        }
    }

    /** The value, or {@link NullArgumentException} with this fix. */
    public static <X> X require(X value, String method, String parameter, String fix) {
        if (value == null) {
            throw new NullArgumentException(method, parameter, fix);
        }
        return value;
    }

    /** The exception for the first null among the arguments, for calls that fail a future instead of throwing. */
    public static Optional<NullArgumentException> refusal(String method, Object... namesAndValues) {
        for (int i = 1; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i] == null) {
                String parameter = (String) namesAndValues[i - 1];
                return Optional.of(new NullArgumentException(method, parameter, fixFor(parameter)));
            }
        }
        return Optional.empty();
    }

    /** The public interface (of {@code dev.singletable} or a public package in it) an implementation class implements, by its simple name. */
    private static String publicName(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> implemented : c.getInterfaces()) {
                String name = implemented.getPackageName();
                if (name.equals("dev.singletable") || name.startsWith("dev.singletable.") && !name.startsWith("dev.singletable.internal")) {
                    return implemented.getSimpleName();
                }
            }
        }
        return type.getSimpleName();
    }

    private static String fixFor(String parameter) {
        return switch (parameter) {
            case "condition", "filter", "other" -> "use Condition.none() for no condition";
            case "key", "values", "oldKey", "from", "to" -> "give the key's slot values, such as KeyValues.of(ATTRIBUTE, value) "
                    + "(KeyValues.none() for a key without slots)";
            case "entity", "current", "moved" -> "give the entity (or its schema) the call is about";
            case "changes" -> "give the changes, such as u -> u.set(ATTRIBUTE, value)";
            case "consistency" -> "give ReadConsistency.EVENTUAL or ReadConsistency.STRONG";
            case "options" -> "use BatchOptions.defaults()";
            case "keys" -> "give a list of ItemKeys (List.of() for none)";
            case "attributes", "attribute" -> "give the entity's Attribute constants";
            case "collection" -> "give the EntityCollection to read";
            case "cursor" -> "call page() for the first page (a client without a cursor: cursor == null ? q.page() : q.page(cursor))";
            default -> "give a value (singletable takes no null as \"nothing\")";
        };
    }
}
