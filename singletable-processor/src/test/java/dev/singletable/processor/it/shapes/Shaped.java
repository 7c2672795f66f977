package dev.singletable.processor.it.shapes;

import dev.singletable.annotations.AllowedValues;
import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Default;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Length;
import dev.singletable.annotations.Pattern;
import dev.singletable.annotations.Range;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Every attribute shape an annotated record can declare. */
@Entity(pk = "SHAPED", sk = "SHAPED#{id}")
public record Shaped(String id,
                     @Range(min = "1", max = "60") Set<Integer> sizes,
                     Set<Long> counts,
                     Set<BigDecimal> prices,
                     Set<ByteBuffer> keys,
                     Map<String, Object> doc,
                     List<Map<String, Object>> events,
                     List<List<String>> grid,
                     List<Integer> scores,
                     List<Spot> spots,
                     Map<String, Spot> spotsByName,
                     @Attribute(nullable = true) String note,
                     @Default("EUR") @AllowedValues({"EUR", "USD"}) String currency,
                     @Pattern("[A-Z]{3}") @Length(min = 3, max = 3) String code,
                     @Default("1") Integer quantity) {
}
