package dev.singletable.design.internal.cost;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.design.internal.text.JsonValues;

import dev.singletable.schema.TextLimitException;
import dev.singletable.schema.TextLimits;
import dev.singletable.schema.Utf8Files;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DynamoDB's prices per region, with the date they were read and where from: the resource
 * {@code dev/singletable/design/internal/cost/prices.json} of singletable-design, or a file of the same shape that the
 * user gives ({@code --prices FILE}).
 *
 * <pre>{@code
 * {"date": "2024-11-01", "source": "https://aws.amazon.com/dynamodb/pricing/...", "currency": "USD", "hoursPerMonth": 730,
 *  "regions": {"us-east-1": {"onDemandWritePerMillion": 0.625, "onDemandReadPerMillion": 0.125,
 *                            "provisionedWcuHour": 0.00065, "provisionedRcuHour": 0.00013, "storageGbMonth": 0.25}}}
 * }</pre>
 *
 * @param date          when the prices were read
 * @param source        where from
 * @param currency      the currency of every price
 * @param hoursPerMonth hours in a billed month (AWS's calculators use 730)
 * @param regions       prices by region name
 */
public record PriceTable(String date, String source, String currency, double hoursPerMonth, Map<String, Prices> regions) {
    private static final String RESOURCE = "/dev/singletable/design/internal/cost/prices.json";

    /**
     * One region's prices for the Standard table class.
     *
     * @param onDemandWritePerMillion a million write request units
     * @param onDemandReadPerMillion  a million read request units
     * @param provisionedWcuHour      one write capacity unit for an hour
     * @param provisionedRcuHour      one read capacity unit for an hour
     * @param storageGbMonth          one GB stored for a month
     */
    public record Prices(double onDemandWritePerMillion, double onDemandReadPerMillion, double provisionedWcuHour,
                         double provisionedRcuHour, double storageGbMonth) {
    }

    public PriceTable {
        regions = Map.copyOf(regions);
    }

    /** The prices shipped with this build. */
    public static PriceTable builtIn() {
        try (InputStream in = PriceTable.class.getResourceAsStream(RESOURCE)) {
            return parse(JsonValues.mapper().readTree(in), RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The prices of a file of the built-in table's shape.
     *
     * @throws IllegalArgumentException naming the file and the missing field when the file is not of that shape, or naming the
     *                                  file when there is none ({@code prices.json: no such file})
     */
    public static PriceTable load(Path file) {
        try {
            return parse(JsonValues.mapper().readTree(Utf8Files.readString(file, TextLimits.SETTINGS_FILE)), file.toString());
        } catch (TextLimitException | dev.singletable.schema.NotUtf8TextException e) {
            throw new IllegalArgumentException("cannot read prices: " + e.getMessage(), e);
        } catch (java.nio.file.NoSuchFileException e) {
            // its message is only the path: say what is wrong, as load and check say a missing file
            throw new IllegalArgumentException(file + ": no such file", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read prices: " + e.getMessage(), e);
        }
    }

    private static PriceTable parse(JsonNode node, String where) {
        Map<String, Prices> regions = new LinkedHashMap<>();
        node.path("regions").properties().forEach(region -> regions.put(region.getKey(), new Prices(
                number(region.getValue(), "onDemandWritePerMillion", where + ": regions." + region.getKey()),
                number(region.getValue(), "onDemandReadPerMillion", where + ": regions." + region.getKey()),
                number(region.getValue(), "provisionedWcuHour", where + ": regions." + region.getKey()),
                number(region.getValue(), "provisionedRcuHour", where + ": regions." + region.getKey()),
                number(region.getValue(), "storageGbMonth", where + ": regions." + region.getKey()))));
        if (regions.isEmpty()) {
            throw new IllegalArgumentException(where + ": no regions; give \"regions\": {\"us-east-1\": {...}}");
        }
        return new PriceTable(text(node, "date", where), text(node, "source", where), node.path("currency").asText("USD"),
                node.path("hoursPerMonth").asDouble(730), regions);
    }

    private static double number(JsonNode node, String field, String where) {
        if (!node.path(field).isNumber()) {
            throw new IllegalArgumentException(where + "." + field + ": missing or not a number");
        }
        return node.path(field).asDouble();
    }

    private static String text(JsonNode node, String field, String where) {
        if (!node.path(field).isTextual()) {
            throw new IllegalArgumentException(where + ": " + field + " missing; say when and where the prices were read");
        }
        return node.path(field).asText();
    }

    /** The prices of a region. */
    public Optional<Prices> region(String name) {
        return Optional.ofNullable(regions.get(name));
    }

    /** The region names, sorted. */
    public List<String> regionNames() {
        List<String> names = new ArrayList<>(regions.keySet());
        names.sort(null);
        return names;
    }
}
