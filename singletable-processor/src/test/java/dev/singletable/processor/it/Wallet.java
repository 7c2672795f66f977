package dev.singletable.processor.it;

import dev.singletable.annotations.Convert;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Currency;

/** Attributes stored through converters: declared in the entity (N) and in another class (S and L). */
@Entity(pk = "WALLET#{walletId}", sk = "WALLET")
@Index(name = "GSI1", pk = "OWNER#{owner}", sk = "WALLET#{walletId}")
public record Wallet(String walletId, String owner, @Convert(to = "toCents", from = "fromCents") Money balance,
                     @Convert(to = "toCode", from = "fromCode", in = Converters.class) Currency currency,
                     @Convert(to = "toBounds", from = "fromBounds", in = Converters.class) Range allowed,
                     @Convert(to = "toCents", from = "fromCents") Money overdraft) {

    static AttributeValue toCents(Money money) {
        return AttributeValue.fromN(Long.toString(money.cents()));
    }

    static Money fromCents(AttributeValue value) {
        return new Money(Long.parseLong(value.n()));
    }
}
