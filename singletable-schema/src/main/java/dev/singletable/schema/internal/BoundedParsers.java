package dev.singletable.schema.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.singletable.schema.TextLimits;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Jackson factories whose parsers stop at the nesting depth and size of a {@link TextLimits}, so that a hostile file
 * fails with a located error instead of a deep recursion or a long parse; YAML aliases are refused where they are read
 * ({@link LocatedTree}), so no alias expansion happens.
 */
final class BoundedParsers {
    private BoundedParsers() {
    }

    public static JsonFactory json(TextLimits limits) {
        return JsonFactory.builder().streamReadConstraints(constraints(limits)).build();
    }

    public static YAMLFactory yaml(TextLimits limits) {
        LoaderOptions options = new LoaderOptions();
        options.setNestingDepthLimit(limits.maxDepth());
        options.setCodePointLimit((int) Math.min(Integer.MAX_VALUE, limits.maxBytes()));
        options.setMaxAliasesForCollections(0);
        options.setAllowRecursiveKeys(false);
        return YAMLFactory.builder().loaderOptions(options).streamReadConstraints(constraints(limits)).build();
    }

    /** JSON for a name ending in {@code .json}, else YAML (of which JSON is a subset). */
    public static JsonFactory forName(String fileName, TextLimits limits) {
        return fileName.endsWith(".json") ? json(limits) : yaml(limits);
    }

    /**
     * Where a parse failure happened: Jackson leaves the location out of a constraint failure (too deep, too long), so
     * the parser's current place stands in for it.
     */
    public static JsonLocation location(JsonProcessingException failure, JsonParser parser) {
        JsonLocation at = failure.getLocation();
        return at != null && at.getLineNr() > 0 ? at : parser.currentLocation();
    }

    /** The message of a parse failure: a constraint failure in the limits' words, any other in Jackson's. */
    public static String reason(JsonProcessingException failure, TextLimits limits, String fileName) {
        if (failure instanceof StreamConstraintsException && failure.getOriginalMessage().contains("depth")) {
            return limits.tooDeep();
        }
        String message = failure.getOriginalMessage();
        if (message.contains("nesting depth") || message.contains("Nesting Depth")) {
            return limits.tooDeep();
        }
        return problem(failure) + "; fix the " + (fileName.endsWith(".json") ? "JSON" : "YAML") + " syntax there";
    }

    /**
     * The parser's own words, on one line: SnakeYAML's message quotes the line with a caret under it over several lines,
     * which the place already given says better, so only its context and problem are kept.
     */
    public static String problem(JsonProcessingException failure) {
        if (failure.getCause() instanceof MarkedYAMLException yaml && yaml.getProblem() != null) {
            return (yaml.getContext() == null ? "" : yaml.getContext() + ": ") + yaml.getProblem();
        }
        String message = failure.getOriginalMessage();
        int source = message.indexOf(" (start marker at [Source");
        return (source < 0 ? message : message.substring(0, source)).lines().findFirst().orElse(message);
    }

    private static StreamReadConstraints constraints(TextLimits limits) {
        return StreamReadConstraints.builder().maxNestingDepth(limits.maxDepth())
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, limits.maxBytes())).build();
    }
}
