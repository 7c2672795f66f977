package shop;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.AttributeBag;
import dev.singletable.annotations.Convert;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Ignore;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.Naming;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

@Entity(pk = "CUSTOMER#{customerId}", sk = "PROFILE", naming = Naming.SNAKE_CASE)
@Index(name = "GSI1", pk = "EMAIL#{email}", sk = "CUSTOMER")
public record Customer(String customerId, @Attribute(name = "mail") String email, Optional<String> nickname,
                       @Attribute(omitEmpty = true) Set<String> tags, int loyaltyPoints,
                       @Convert(to = "toCents", from = "fromCents") Money balance,
                       @Ignore String sessionToken, @Ignore(Ignore.Direction.WRITE) String legacyCode,
                       @AttributeBag Map<String, AttributeValue> extra) implements CustomerItems {

    static AttributeValue toCents(Money money) {
        return AttributeValue.fromN(Long.toString(money.cents()));
    }

    static Money fromCents(AttributeValue value) {
        return new Money(Long.parseLong(value.n()));
    }
}
