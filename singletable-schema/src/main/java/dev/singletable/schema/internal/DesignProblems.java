package dev.singletable.schema.internal;

import dev.singletable.ClosestName;
import dev.singletable.SingleTableException;
import dev.singletable.schema.Rates;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.internal.DesignBuilder.Problem;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The mistakes a {@link DesignBuilder} finds, in the order found, each at a JSON pointer of the document; every
 * section's builder adds to the one list, so that every mistake of a file is found in one run.
 */
final class DesignProblems {
    private final List<Problem> found = new ArrayList<>();

    /** The live list: {@link DesignBuilder#problems()} hands it out. */
    List<Problem> all() {
        return found;
    }

    int size() {
        return found.size();
    }

    boolean isEmpty() {
        return found.isEmpty();
    }

    List<Problem> subList(int from, int to) {
        return found.subList(from, to);
    }

    java.util.stream.Stream<Problem> stream() {
        return found.stream();
    }

    Problem remove(int index) {
        return found.remove(index);
    }

    void add(Problem problem) {
        found.add(problem);
    }

    /** The step's result, or empty and a problem at {@code at} with the core's message when the core refuses it. */
    <R> Optional<R> core(Kind kind, String at, java.util.function.Supplier<R> step) {
        try {
            return Optional.ofNullable(step.get());
        } catch (SingleTableException e) {
            // the whole message: it names the entity, key, index or attribute the step declares, which 'at' alone may not (at /keys, which template)
            add(kind, at, e.getMessage());
            return Optional.empty();
        }
    }

    /** The one check that entities ({@code writes}) and access patterns ({@code rates}) share. */
    void rates(String at, Rates rates) {
        if (rates.average() > rates.peak()) {
            add(Kind.INVALID_VALUE, at + "/average", "average " + rates.average() + " calls a second is more than the peak "
                    + rates.peak() + "; the peak is the busiest rate: raise peak to at least " + rates.average() + " or lower average");
        }
    }

    void add(Kind kind, String pointer, String message) {
        found.add(new Problem(kind, pointer, message));
    }

    /** The words of the core's own index messages, so a schema file and the builder read alike. */
    static String indexesListed(List<String> indexNames) {
        return indexNames.isEmpty() ? "it has no secondary indexes" : "its indexes are " + indexNames;
    }

    static String suggestion(String name, Collection<String> candidates) {
        return ClosestName.among(name, candidates).map(best -> " (did you mean '" + best + "'?)").orElse("");
    }
}
