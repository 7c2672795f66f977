package dev.singletable.processor.it;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.Naming;

import java.time.LocalDate;

/** Snake-case attribute names, in keys and index keys too, one name given, and an embedded record named its own way. */
@Entity(pk = "SUBSCRIBER#{subscriberId}", sk = "PLAN#{planName}", naming = Naming.SNAKE_CASE)
@Index(name = "GSI1", pk = "EMAIL#{emailAddress}", sk = "{signedUpOn}")
public record Subscriber(String subscriberId, String planName, String emailAddress, LocalDate signedUpOn, int renewalCount,
                         String profileURL, @Attribute(name = "Nick") String nickName, ShippingLabel shippingLabel) {
}
