package dev.singletable.cli.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.singletable.design.internal.text.JsonValues;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The actions of {@code transact}'s file, each JSON value with the line it starts on: one JSON array of them, or values one
 * after another (JSON Lines, or objects over several lines as jq prints them). A transaction holds at most 100 actions, so
 * the file is read whole before anything is sent.
 */
final class TransactionFile {
    /** Numbers read exactly, a key given twice refused, as the other commands read JSON. */
    private static final ObjectReader JSON = JsonValues.mapper().reader().with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);

    /** One value of the file and where it starts: {@code actions.jsonl:3}. */
    record Located(String where, JsonNode value) {
    }

    /** Why the file cannot be read as actions, naming it (and where in it). */
    static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    private TransactionFile() {
    }

    /** The values of {@code file}, in order. */
    static List<Located> read(Path file) throws Unreadable {
        List<Located> values = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8); JsonParser parser = JSON.createParser(reader)) {
            JsonToken token = parser.nextToken();
            boolean array = token == JsonToken.START_ARRAY;
            if (array) {
                token = parser.nextToken();
            }
            while (token != null && !(array && token == JsonToken.END_ARRAY)) {
                long line = parser.currentTokenLocation().getLineNr();
                values.add(new Located(file + ":" + line, parser.readValueAsTree()));
                token = parser.nextToken();
            }
        } catch (NoSuchFileException e) {
            throw new Unreadable(file + ": no such file; give a file of actions, JSON Lines or one JSON array");
        } catch (CharacterCodingException e) {
            throw new Unreadable(file + ": not UTF-8 text");
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new Unreadable(file + at + ": not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new Unreadable(file + ": cannot be read: " + e.getMessage());
        }
        return values;
    }

    /**
     * A JSON value as the text a command line gives it, to be read by the attribute's type as the commands read their
     * arguments: a string as it is (the string {@code "null"} in JSON quotes, as the bare word is no value), a number
     * digit for digit, a boolean as written, an array or object as JSON.
     */
    static String text(JsonNode value) {
        if (value.isTextual()) {
            return value.textValue().equals("null") ? ArgumentValues.QUOTED_NULL : value.textValue();
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        if (value.isNumber()) {
            return value.decimalValue().toPlainString();
        }
        return value.isBoolean() ? String.valueOf(value.booleanValue()) : value.toString();
    }
}
