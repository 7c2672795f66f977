package dev.singletable.spring.boot;

import dev.singletable.AsyncTable;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.NoUniqueBeanDefinitionException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.analyzer.AbstractInjectionFailureAnalyzer;
import org.springframework.core.Ordered;

import java.util.List;
import java.util.Set;

/**
 * The start that failed because something asks for one {@link Table}, {@link AsyncTable} or {@link TableSchema} while the
 * application has several (its {@code TableSchema} beans, or its generated {@code @TableDesign} designs and the files of
 * {@code singletable.schema-files}): names each table and where it comes from, and how to choose one. Ahead of Spring
 * Boot's own analysis of {@link NoUniqueBeanDefinitionException}, which says the same without the singletable ways.
 */
final class AmbiguousTableFailureAnalyzer extends AbstractInjectionFailureAnalyzer<NoUniqueBeanDefinitionException>
        implements Ordered {
    private static final Set<Class<?>> TABLE_TYPES = Set.of(Table.class, AsyncTable.class, TableSchema.class);

    private final BeanFactory beanFactory;

    AmbiguousTableFailureAnalyzer(BeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, NoUniqueBeanDefinitionException cause, String description) {
        Class<?> type = cause.getBeanType();
        if (type == null || !TABLE_TYPES.contains(type) || cause.getBeanNamesFound() == null) {
            return null;
        }
        List<String> names = List.copyOf(cause.getBeanNamesFound());
        StringBuilder message = new StringBuilder(description == null ? "A bean" : description).append(" needs one ")
                .append(type.getSimpleName()).append(", but the application has ").append(names.size()).append(":\n");
        names.forEach(name -> message.append("\n\t- ").append(name).append(describe(name)));
        message.append("\n\nEvery TableSchema bean is a table; when the application declares none, every generated @TableDesign "
                + "design in its packages is one, and every file of singletable.schema-files is one too.");
        String action = "Choose one where it is injected: @Qualifier(\"" + names.get(0) + "\") (or another of the names above) "
                + "on the field or parameter, or inject SingleTables and call table(design) with the TableSchema you mean. "
                + "Or keep one table: remove a file from singletable.schema-files, or declare the TableSchema beans you want "
                + "(the generated designs are then not declared).";
        return new FailureAnalysis(message.toString(), action, cause);
    }

    private String describe(String name) {
        if (!(beanFactory instanceof ConfigurableListableBeanFactory beans)) {
            return "";
        }
        try {
            BeanDefinition definition = beans.getBeanDefinition(name);
            String description = definition.getDescription() != null ? definition.getDescription() : definition.getResourceDescription();
            return description == null ? "" : ": " + description;
        } catch (NoSuchBeanDefinitionException e) {
            return "";
        }
    }

    /** Before Spring Boot's analyzers, which are not ordered (the lowest precedence). */
    @Override
    public int getOrder() {
        return 0;
    }
}
