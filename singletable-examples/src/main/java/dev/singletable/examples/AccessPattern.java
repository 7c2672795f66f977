package dev.singletable.examples;

import java.util.List;
import java.util.Objects;

/**
 * One way the application reads (or changes) the table, as a seed describes it, with the request
 * that serves it.
 *
 * @param id          a stable short name, such as {@code orders-by-status}
 * @param domain      which example it belongs to
 * @param description what it reads, in plain words and with the sample values it uses
 * @param seeds       where the seeds list it, such as {@code 001 #4} (seed 001, pattern 4) or
 *                    {@code 000 many-to-many} (seed 000, the section of that name)
 * @param step        the request that serves it
 */
public record AccessPattern(String id, Domain domain, String description, List<String> seeds, PatternStep step) {

    /** The example an access pattern belongs to. */
    public enum Domain {
        ECOMMERCE("E-commerce"),
        BLOG("Blog"),
        TIME_SERIES("Time series"),
        MODELLING_PATTERNS("Modelling patterns");

        private final String title;

        Domain(String title) {
            this.title = title;
        }

        /** A heading for the domain, such as {@code E-commerce}. */
        public String title() {
            return title;
        }
    }

    public AccessPattern {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(step, "step");
        seeds = List.copyOf(seeds);
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("Access pattern " + id + " names no seed; every pattern comes from one");
        }
    }
}
