package dev.singletable.design.internal.tables;

import dev.singletable.design.internal.text.RequestText;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Base64;
import java.util.stream.Collectors;

/** A stored attribute value as tables show it: text as it is, numbers as DynamoDB holds them, sets and lists in brackets. */
final class AttributeText {
    private AttributeText() {
    }

    static String of(AttributeValue value) {
        return switch (value.type()) {
            case S -> RequestText.visible(value.s());
            case N -> value.n();
            case BOOL -> value.bool().toString();
            case NUL -> "null";
            case B -> Base64.getEncoder().encodeToString(value.b().asByteArray());
            case SS -> value.ss().stream().map(RequestText::visible).collect(Collectors.joining(", ", "[", "]"));
            case NS -> String.join(", ", value.ns()).transform(s -> "[" + s + "]");
            case BS -> value.bs().stream().map(b -> Base64.getEncoder().encodeToString(b.asByteArray())).collect(Collectors.joining(", ", "[", "]"));
            case L -> value.l().stream().map(AttributeText::nested).collect(Collectors.joining(", ", "[", "]"));
            case M -> value.m().entrySet().stream().map(e -> e.getKey() + ": " + nested(e.getValue())).collect(Collectors.joining(", ", "{", "}"));
            case UNKNOWN_TO_SDK_VERSION -> value.toString();
        };
    }

    private static String nested(AttributeValue value) {
        return value.type() == AttributeValue.Type.S ? RequestText.quote(value.s()) : of(value);
    }
}
