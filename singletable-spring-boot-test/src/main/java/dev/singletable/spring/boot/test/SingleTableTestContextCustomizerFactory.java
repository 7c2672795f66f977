package dev.singletable.spring.boot.test;

import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Makes the {@link SingleTableTestContextCustomizer} of each {@link SingleTableTest} class: a table suffix of its own. */
final class SingleTableTestContextCustomizerFactory implements ContextCustomizerFactory {
    private static final AtomicInteger CLASSES = new AtomicInteger();

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
        if (!TestContextAnnotationUtils.hasAnnotation(testClass, SingleTableTest.class)) {
            return null;
        }
        return new SingleTableTestContextCustomizer(testClass.getName(), "-t" + CLASSES.incrementAndGet());
    }
}
