package dev.singletable.processor.it;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Currency;
import java.util.List;

/** Converters declared outside the entity that uses them ({@code @Convert(in = Converters.class)}). */
final class Converters {
    private Converters() {
    }

    static AttributeValue toCode(Currency currency) {
        return AttributeValue.fromS(currency.getCurrencyCode());
    }

    static Currency fromCode(AttributeValue value) {
        return Currency.getInstance(value.s());
    }

    static AttributeValue toBounds(Range range) {
        return AttributeValue.fromL(List.of(AttributeValue.fromN(Integer.toString(range.low())),
                AttributeValue.fromN(Integer.toString(range.high()))));
    }

    static Range fromBounds(AttributeValue value) {
        return new Range(Integer.parseInt(value.l().get(0).n()), Integer.parseInt(value.l().get(1).n()));
    }
}
