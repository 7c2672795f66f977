package dev.singletable.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The requests' stream as the SDK's stdio transport reads it: only lines that are JSON-RPC messages it can read. The
 * transport leaves its read loop for good on the first line it cannot deserialize, after which the server neither
 * answers nor sees its input end; so each line is read here first, and one that is no message (not JSON, not an
 * object, no {@code "jsonrpc":"2.0"}, no method, a {@code tools/call} without a name or with arguments that are no
 * object, longer than {@link #MAX_LINE_BYTES}) is answered here with the JSON-RPC error (parse error, invalid request,
 * invalid params) and never reaches it. Blank lines are skipped. The stream ends when {@code in} ends.
 */
final class JsonRpcLines extends InputStream {
    /** The longest line read, in bytes: the SDK's own cap, in characters, on one message (16 MiB). */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;

    private final InputStream in;
    private final OutputStream out;
    private final ObjectMapper json;
    private final ObjectReader strict;
    private final McpJsonMapper transportJson;
    private byte[] line = new byte[0];
    private int position;
    private boolean ended;

    /**
     * Lines of {@code in}; errors are written to {@code out}, the transport's output, in its lock. {@code json} and
     * {@code transportJson} are the transport's mapper, so that what passes here is what it reads.
     */
    JsonRpcLines(InputStream in, OutputStream out, ObjectMapper json, McpJsonMapper transportJson) {
        this.in = new BufferedInputStream(in);
        this.out = out;
        this.json = json;
        this.strict = json.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.transportJson = transportJson;
    }

    @Override
    public int read() throws IOException {
        return fill() ? line[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int count = Math.min(length, line.length - position);
        System.arraycopy(line, position, buffer, offset, count);
        position += count;
        return count;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Reads lines until one is a message to hand on; false when the input has ended. */
    private boolean fill() throws IOException {
        while (position >= line.length) {
            if (ended) {
                return false;
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            boolean tooLong = false;
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                if (bytes.size() < MAX_LINE_BYTES) {
                    bytes.write(b);
                } else {
                    tooLong = true;
                }
            }
            if (b == -1) {
                ended = true;
            }
            String text = bytes.toString(StandardCharsets.UTF_8).strip();
            if (tooLong) {
                answer(null, INVALID_REQUEST, "Invalid Request: a message longer than " + MAX_LINE_BYTES + " bytes");
            } else if (!text.isEmpty()) {
                Optional<ObjectNode> error = check(text);
                if (error.isPresent()) {
                    write(error.get());
                } else {
                    line = (text + "\n").getBytes(StandardCharsets.UTF_8);
                    position = 0;
                }
            }
        }
        return true;
    }

    /** The error answering {@code text}, or empty when it is a message the transport reads. */
    Optional<ObjectNode> check(String text) {
        JsonNode message;
        try {
            message = strict.readTree(text);
        } catch (JsonProcessingException e) {
            return Optional.of(error(null, PARSE_ERROR, "Parse error: " + e.getOriginalMessage()));
        }
        if (!message.isObject()) {
            return Optional.of(error(null, INVALID_REQUEST, "Invalid Request: a message is one JSON object"
                    + (message.isArray() ? "; batches are not supported" : "")));
        }
        JsonNode id = message.get("id");
        if (id != null && !id.isTextual() && !id.isInt() && !id.isLong()) {
            return Optional.of(error(null, INVALID_REQUEST, "Invalid Request: id " + id + " is not a string or an integer"));
        }
        if (!message.path("jsonrpc").asText("").equals("2.0") || !message.path("jsonrpc").isTextual()) {
            return Optional.of(error(id, INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\""));
        }
        JsonNode method = message.get("method");
        if (method == null && !message.has("result") && !message.has("error")) {
            return Optional.of(error(id, INVALID_REQUEST, "Invalid Request: no method"));
        }
        if (method != null && !method.isTextual()) {
            return Optional.of(error(id, INVALID_REQUEST, "Invalid Request: method " + method + " is not a string"));
        }
        if (method == null && id == null) {
            return Optional.of(error(null, INVALID_REQUEST, "Invalid Request: a response without an id"));
        }
        if (method != null && id != null) {
            Optional<String> invalid = invalidParams(method.asText(), message.get("params"));
            if (invalid.isPresent()) {
                return Optional.of(error(id, INVALID_PARAMS, "Invalid params: " + invalid.get()));
            }
        }
        try {
            McpSchema.deserializeJsonRpcMessage(transportJson, text);
        } catch (IOException | RuntimeException e) { // an object the SDK's records refuse
            return Optional.of(error(id, INVALID_REQUEST, "Invalid Request: " + e.getMessage()));
        }
        return Optional.empty();
    }

    /** What is wrong with the params of a request, where the SDK would fail on them with its internals. */
    private static Optional<String> invalidParams(String method, JsonNode params) {
        if (params != null && !params.isNull() && !params.isObject()) {
            return Optional.of("params must be a JSON object, not " + params);
        }
        JsonNode object = params == null ? null : params.isNull() ? null : params;
        return switch (method) {
            case "tools/call" -> {
                if (object == null || !object.path("name").isTextual()) {
                    yield Optional.of("tools/call needs params.name, the name of a tool");
                }
                JsonNode arguments = object.get("arguments");
                yield arguments == null || arguments.isNull() || arguments.isObject() ? Optional.empty()
                        : Optional.of("params.arguments must be a JSON object of the tool's arguments, not " + arguments);
            }
            case "resources/read" -> object == null || !object.path("uri").isTextual()
                    ? Optional.of("resources/read needs params.uri, the URI of a resource") : Optional.empty();
            default -> Optional.empty();
        };
    }

    private ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode error = json.createObjectNode().put("jsonrpc", "2.0");
        error.set("id", id == null ? json.nullNode() : id);
        error.putObject("error").put("code", code).put("message", message);
        return error;
    }

    private void answer(JsonNode id, int code, String message) throws IOException {
        write(error(id, code, message));
    }

    /** One line of output, in the lock the transport writes its messages in. */
    private void write(ObjectNode error) throws IOException {
        byte[] bytes = (json.writeValueAsString(error) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            out.write(bytes);
            out.flush();
        }
    }
}
