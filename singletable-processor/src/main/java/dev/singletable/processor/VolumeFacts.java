package dev.singletable.processor;

import dev.singletable.annotations.Volume;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An entity's {@code @Volume}, the elements written out only (a default is no declaration), as the design file and the
 * generated schema declare it; {@link #check} reports the figures a schema file's checks would refuse.
 */
record VolumeFacts(Optional<Long> count, Optional<Long> partitionKeyValues, Optional<Double> writesPeak, Optional<Double> writesAverage,
                   AnnotationMirror mirror, Map<String, AnnotationValue> values) {

    /** The entity's declared volume; all empty when it has no {@code @Volume}. */
    static VolumeFacts of(TypeElement type) {
        AnnotationMirror mirror = type.getAnnotationMirrors().stream()
                .filter(m -> ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(Volume.class.getCanonicalName()))
                .findFirst().orElse(null);
        Map<String, AnnotationValue> values = new LinkedHashMap<>();
        if (mirror != null) {
            mirror.getElementValues().forEach((key, value) -> values.put(key.getSimpleName().toString(), value));
        }
        Optional<Double> peak = number(values, "writesPeak").map(Number::doubleValue);
        return new VolumeFacts(number(values, "count").map(Number::longValue), number(values, "partitionKeyValues").map(Number::longValue),
                peak, number(values, "writesAverage").map(Number::doubleValue).or(() -> peak), mirror, values);
    }

    private static Optional<Number> number(Map<String, AnnotationValue> values, String name) {
        return Optional.ofNullable(values.get(name)).map(value -> (Number) value.getValue());
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    /** Reports each figure that makes no sense at its element, naming the entity and the element; whether none did. */
    boolean check(TypeElement type, Diagnostics diagnostics) {
        String entity = type.getSimpleName().toString();
        int reported = 0;
        for (String name : new String[] {"count", "partitionKeyValues", "writesPeak", "writesAverage"}) {
            Optional<Number> figure = number(values, name);
            if (figure.isPresent() && !(figure.get().doubleValue() >= 0)) {
                diagnostics.report(Message.VOLUME_NEGATIVE, type, mirror, values.get(name), entity, name, figure.get());
                reported++;
            }
        }
        if (reported > 0) {
            return false;
        }
        if (writesPeak.isEmpty() && writesAverage.isPresent()) {
            diagnostics.report(Message.VOLUME_AVERAGE_WITHOUT_PEAK, type, mirror, values.get("writesAverage"), entity, writesAverage.get());
            reported++;
        }
        if (writesPeak.isPresent() && writesAverage.get() > writesPeak.get()) {
            diagnostics.report(Message.VOLUME_AVERAGE_OVER_PEAK, type, mirror, values.get("writesAverage"), entity, writesAverage.get(),
                    writesPeak.get(), writesAverage.get());
            reported++;
        }
        if (count.isPresent() && partitionKeyValues.isPresent() && partitionKeyValues.get() > Math.max(1, count.get())) {
            diagnostics.report(Message.VOLUME_MORE_KEYS_THAN_ITEMS, type, mirror, values.get("partitionKeyValues"), entity,
                    partitionKeyValues.get(), count.get(), count.get());
            reported++;
        }
        return reported == 0;
    }
}
