package dev.singletable.processor.it;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.TimeToLive;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Every type the processor maps. */
@Entity(pk = "THING#{id}", sk = "THING")
public record Everything(String id, Integer boxedInt, int primitiveInt, Long boxedLong, long primitiveLong,
                         BigDecimal decimal, BigInteger bigInteger, Boolean boxedBool, boolean primitiveBool,
                         Instant instant, LocalDate date, Color color, UUID uuid, byte[] bytes,
                         List<String> strings, Set<String> stringSet, Map<String, String> stringMap, Optional<String> optional,
                         Address address, List<Address> addresses, Map<String, Address> addressMap, Set<Address> addressSet,
                         List<Color> colors, @TimeToLive Instant expiresAt) implements Shelf {
}
