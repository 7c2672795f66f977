package dev.singletable.processor;

import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.Filter;
import dev.singletable.annotations.Scan;
import dev.singletable.annotations.Slot;
import dev.singletable.processor.PatternModel.Kind;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.Target;
import dev.singletable.processor.PatternReader.Design;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import java.util.List;
import java.util.Optional;

import static dev.singletable.processor.PatternParameters.annotationOf;
import static dev.singletable.processor.PatternParameters.property;

/** Reads a {@code @Scan} pattern. */
final class ScanPatternReader {
    private final Diagnostics diagnostics;
    private final PatternParameters parameters;

    ScanPatternReader(Diagnostics diagnostics, PatternParameters parameters) {
        this.diagnostics = diagnostics;
        this.parameters = parameters;
    }

    /**
     * A scan: no key to fill, so every parameter is a {@code @Filter} (or the {@code @Cursor} of a page); the index, when
     * named, one the table has and every entity has keys on (a scan of an index reads only the items on it).
     */
    PatternModel.Method read(String name, ExecutableElement method, Result result, Target target, Design design) {
        Scan scan = method.getAnnotation(Scan.class);
        Optional<String> index = PatternParameters.indexNamed(scan.index());
        if (!parameters.onIndex(name, method, target, design, index)) {
            return null;
        }
        EntityModel keyed = target.entities().get(0);
        PatternParameters.ReadExtras extras = new PatternParameters.ReadExtras();
        for (VariableElement parameter : method.getParameters()) {
            PatternParameters.Taken taken = parameters.takeCursorOrFilter(name, parameter, result, keyed, extras);
            if (taken == PatternParameters.Taken.REPORTED) {
                return null;
            }
            if (taken == PatternParameters.Taken.NEITHER) {
                String condition = annotationOf(parameter);
                diagnostics.report(Message.PATTERN_SCAN_PARAMETER, parameter, name, parameter.getSimpleName(),
                        condition.isEmpty() && parameter.getAnnotation(Slot.class) == null ? "" : " (@"
                                + (condition.isEmpty() ? "Slot" : condition) + " is for a @Query's key)",
                        property(keyed, parameter.getSimpleName().toString()) == null ? "attribute" : parameter.getSimpleName());
                return null;
            }
        }
        if (scan.limit() < 0) {
            diagnostics.report(Message.PATTERN_LIMIT, method, name, "@Scan", scan.limit());
            return null;
        }
        return new PatternModel.Method(method, Kind.SCAN, result, target, index, List.of(), List.of(), Optional.empty(), List.of(),
                List.of(), extras.filters, extras.cursor, Optional.empty(), Optional.empty(), List.of(), false, scan.limit(), List.of(), false);
    }
}
