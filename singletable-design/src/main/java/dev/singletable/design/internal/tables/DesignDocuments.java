package dev.singletable.design.internal.tables;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The documents of {@code describe} ({@link KeyDesignDocument}) and {@code patterns} ({@link PatternDocument}) of
 * {@link DesignTables} as text, Markdown or JSON, and what both write alike: the JSON table header and DynamoDB JSON.
 * Every cell comes from the model; nothing here looks at the design itself.
 */
public final class DesignDocuments {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The output formats of describe and patterns. */
    public enum Format {
        text, markdown, json
    }

    private DesignDocuments() {
    }

    public static String describe(List<DesignTables> designs, Format format) {
        return switch (format) {
            case text -> joined(designs, KeyDesignDocument::text, "\n");
            case markdown -> joined(designs, KeyDesignDocument::markdown, "\n");
            case json -> json(designs, KeyDesignDocument::json);
        };
    }

    public static String patterns(List<DesignTables> designs, Format format) {
        return switch (format) {
            case text -> joined(designs, PatternDocument::text, "\n");
            case markdown -> joined(designs, PatternDocument::markdown, "\n");
            case json -> json(designs, PatternDocument::json);
        };
    }

    static ObjectNode tableHeader(DesignTables tables) {
        ObjectNode table = JSON.createObjectNode();
        table.put("table", tables.table());
        tables.description().ifPresent(d -> table.put("description", d));
        table.put("partitionKey", tables.partitionKey());
        tables.sortKey().ifPresentOrElse(sk -> table.put("sortKey", sk), () -> table.putNull("sortKey"));
        table.put("entityTypeAttribute", tables.entityTypeAttribute());
        return table;
    }

    static void putOrNull(ObjectNode node, String name, String value) {
        if (value.equals(DesignTables.NONE)) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
    }

    /** A value in DynamoDB's JSON, as the AWS CLI shows items: {@code {"S": "USER#alice"}}. */
    static JsonNode dynamoJson(AttributeValue value) {
        ObjectNode node = JSON.createObjectNode();
        switch (value.type()) {
            case S -> node.put("S", value.s());
            case N -> node.put("N", value.n());
            case BOOL -> node.put("BOOL", value.bool());
            case NUL -> node.put("NULL", true);
            case B -> node.put("B", Base64.getEncoder().encodeToString(value.b().asByteArray()));
            case SS -> value.ss().forEach(node.putArray("SS")::add);
            case NS -> value.ns().forEach(node.putArray("NS")::add);
            case BS -> {
                ArrayNode set = node.putArray("BS");
                value.bs().forEach(b -> set.add(Base64.getEncoder().encodeToString(b.asByteArray())));
            }
            case L -> {
                ArrayNode list = node.putArray("L");
                value.l().forEach(v -> list.add(dynamoJson(v)));
            }
            case M -> {
                ObjectNode map = node.putObject("M");
                value.m().forEach((k, v) -> map.set(k, dynamoJson(v)));
            }
            case UNKNOWN_TO_SDK_VERSION -> node.put("unknown", value.toString());
        }
        return node;
    }

    private static String joined(List<DesignTables> designs, Function<DesignTables, String> render, String separator) {
        return designs.stream().map(render).collect(Collectors.joining(separator));
    }

    private static String json(List<DesignTables> designs, Function<DesignTables, ObjectNode> render) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode tables = root.putArray("tables");
        designs.forEach(design -> tables.add(render.apply(design)));
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
