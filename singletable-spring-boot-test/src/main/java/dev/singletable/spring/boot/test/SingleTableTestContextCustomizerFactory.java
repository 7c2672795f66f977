package dev.singletable.spring.boot.test;

import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Makes the {@link SingleTableTestContextCustomizer} of each {@link SingleTableTest} class: a table suffix of its own. */
final class SingleTableTestContextCustomizerFactory implements ContextCustomizerFactory {
    private static final AtomicInteger CLASSES = new AtomicInteger();
    /** Each test class's suffix, made the first time it is asked for, so that every customizer of a class is equal. */
    private static final Map<String, String> SUFFIXES = new ConcurrentHashMap<>();

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
        if (!TestContextAnnotationUtils.hasAnnotation(testClass, SingleTableTest.class)) {
            return null;
        }
        String name = testClass.getName();
        return new SingleTableTestContextCustomizer(name, SUFFIXES.computeIfAbsent(name, any -> "-t" + CLASSES.incrementAndGet()));
    }
}
