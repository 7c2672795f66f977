package dev.singletable.cli;

import picocli.CommandLine;

import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Optional;

/**
 * Makes the commands that {@code @Command(subcommands = ...)} declares and their mixins, for one run: the constructor of
 * a class of this CLI may ask for any of the run's objects (its {@code Style}, {@code Clock}, standard input and output)
 * by their types, and gets them; the constructor with the most such parameters is used. Every other class picocli makes
 * (collections, the JDK's types) comes from picocli's own factory.
 */
final class CommandFactory implements CommandLine.IFactory {
    private final List<Object> context;

    /** @param context what the commands' constructors may ask for, matched by type */
    CommandFactory(Object... context) {
        this.context = List.of(context);
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        Constructor<?> chosen = null;
        if (type.getPackageName().startsWith(CommandFactory.class.getPackageName())) {
            for (Constructor<?> constructor : type.getDeclaredConstructors()) {
                if (arguments(constructor).isPresent()
                        && (chosen == null || constructor.getParameterCount() > chosen.getParameterCount())) {
                    chosen = constructor;
                }
            }
        }
        if (chosen == null) {
            return CommandLine.defaultFactory().create(type);
        }
        chosen.setAccessible(true);
        return type.cast(chosen.newInstance(arguments(chosen).orElseThrow()));
    }

    /** The context's objects for the constructor's parameters, in order; empty when one has none. */
    private Optional<Object[]> arguments(Constructor<?> constructor) {
        Class<?>[] types = constructor.getParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            for (Object candidate : context) {
                if (types[i].isInstance(candidate)) {
                    arguments[i] = candidate;
                    break;
                }
            }
            if (arguments[i] == null) {
                return Optional.empty();
            }
        }
        return Optional.of(arguments);
    }
}
