package dev.singletable.processor;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What every reader of one processing round works with: the compiler's elements and types, and the diagnostics that
 * report mistakes and count the errors. Passed once, so readers build their own stateless helpers from it.
 */
record ProcessorContext(Elements elements, Types types, Diagnostics diagnostics) {
    static ProcessorContext of(ProcessingEnvironment env, Diagnostics diagnostics) {
        return new ProcessorContext(env.getElementUtils(), env.getTypeUtils(), diagnostics);
    }
}
