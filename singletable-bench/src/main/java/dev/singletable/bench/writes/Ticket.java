package dev.singletable.bench.writes;

import dev.singletable.annotations.AttributeBag;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Ignore;
import dev.singletable.annotations.Version;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

/** A versioned entity (Integer version) with a read-only attribute and an attribute bag, for {@link WritePathBenchmark}. */
@Entity(pk = "TICKET#{id}", sk = "TICKET")
public record Ticket(String id, String title, int seats, String venue, @Version Integer version,
                     @Ignore(Ignore.Direction.WRITE) String legacyCode, @AttributeBag Map<String, AttributeValue> extra) {
}
