package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

/** What the transport gets to read of the requests' stream, and the errors answered for the lines it would choke on. */
class JsonRpcLinesTest {
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":51,\"method\":\"ping\"}";

    static Stream<Arguments> badLines() {
        return Stream.of(
                Arguments.of("this is not json", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: "
                        + "Unrecognized token 'this': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\"}}"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":114,\"method\":\"pi", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,"
                        + "\"message\":\"Parse error: Unexpected end-of-input: was expecting closing quote for a string value\"}}"),
                Arguments.of("[1,2]", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                        + "\"message\":\"Invalid Request: a message is one JSON object; batches are not supported\"}}"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":102}", "{\"jsonrpc\":\"2.0\",\"id\":102,\"error\":{\"code\":-32600,"
                        + "\"message\":\"Invalid Request: no method\"}}"),
                Arguments.of("{\"id\":113,\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":113,\"error\":{\"code\":-32600,"
                        + "\"message\":\"Invalid Request: jsonrpc must be \\\"2.0\\\"\"}}"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                        + "\"message\":\"Invalid Request: id 1.5 is not a string or an integer\"}}"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":105,\"method\":\"tools/call\"}", "{\"jsonrpc\":\"2.0\",\"id\":105,\"error\":"
                        + "{\"code\":-32602,\"message\":\"Invalid params: tools/call needs params.name, the name of a tool\"}}"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":107,\"method\":\"tools/call\",\"params\":{\"name\":\"get\",\"arguments\":[1]}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":107,\"error\":{\"code\":-32602,"
                                + "\"message\":\"Invalid params: params.arguments must be a JSON object of the tool's arguments, not [1]\"}}"),
                Arguments.of("[".repeat(3000) + "]".repeat(3000), "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,"
                        + "\"message\":\"Parse error: Document nesting depth (1001) exceeds the maximum allowed (1000, from "
                        + "`StreamReadConstraints.getMaxNestingDepth()`)\"}}"));
    }

    @ParameterizedTest
    @MethodSource("badLines")
    void read_whenALineIsNoMessage_answersItsErrorAndHandsOnTheNextLine(String bad, String error) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        String read = readAll(bad + "\n" + PING + "\n", out);

        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(error + "\n");
        assertThat(read).isEqualTo(PING + "\n");
    }

    @Test
    void read_whenLinesAreBlankOrEndWithoutNewline_skipsBlankOnesAndEndsWithTheInput() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        String read = readAll("\n  \r\n" + PING + "\r\n\n" + PING, out);

        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(read).isEqualTo(PING + "\n" + PING + "\n");
    }

    private static String readAll(String input, ByteArrayOutputStream out) throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (JsonRpcLines lines = new JsonRpcLines(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, json,
                new JacksonMcpJsonMapper(json))) {
            return new String(lines.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
