package dev.singletable.spring.boot;

import dev.singletable.AsyncTable;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.RegexPatternTypeFilter;
import org.springframework.util.ClassUtils;

import java.beans.Introspector;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Declares a {@link Table} bean ({@code <schema bean>Table}) and an {@link AsyncTable} bean ({@code <schema bean>AsyncTable})
 * per {@link TableSchema} bean. When the application declares no {@code TableSchema} bean, the tables generated from its
 * {@code @TableDesign} classes ({@code <Holder>Design.SCHEMA}, in the packages of its {@code @SpringBootApplication}) are
 * declared as {@code TableSchema} beans first ({@code <holder>Design}). Schema files named in {@code singletable.schema-files}
 * are declared as {@code TableSchema} beans too ({@code <table>Schema}, with their {@code SchemaFile} as {@code <table>SchemaFile}).
 */
final class TableBeans implements BeanDefinitionRegistryPostProcessor {
    private static final Pattern GENERATED_DESIGN = Pattern.compile(".*Design");

    private final BeanFactory beanFactory;
    private final List<String> schemaFiles;

    TableBeans(BeanFactory beanFactory, List<String> schemaFiles) {
        this.beanFactory = beanFactory;
        this.schemaFiles = List.copyOf(schemaFiles);
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        ListableBeanFactory beans = (ListableBeanFactory) registry;
        boolean declared = beans.getBeanNamesForType(TableSchema.class, true, false).length > 0;
        if (!schemaFiles.isEmpty()) {
            if (!ClassUtils.isPresent("dev.singletable.schema.SchemaFile", TableBeans.class.getClassLoader())) {
                throw new IllegalStateException("singletable.schema-files names " + schemaFiles + ", but singletable-schema is "
                        + "not on the class path: add the dependency dev.singletable:singletable-schema");
            }
            SchemaFileBeans.register(registry, schemaFiles);
        }
        if (!declared && schemaFiles.isEmpty() && AutoConfigurationPackages.has(beanFactory)) {
            designs(AutoConfigurationPackages.get(beanFactory)).forEach((name, schema) -> {
                RootBeanDefinition definition = new RootBeanDefinition(TableSchema.class, () -> schema);
                registry.registerBeanDefinition(name, definition);
            });
        }
        for (String schemaBean : beans.getBeanNamesForType(TableSchema.class, true, false)) {
            RootBeanDefinition table = new RootBeanDefinition(Table.class,
                    () -> tables().table(beanFactory.getBean(schemaBean, TableSchema.class)));
            table.setDestroyMethodName(""); // a Table holds no resources: the client is its own bean
            registry.registerBeanDefinition(schemaBean + "Table", table);
            RootBeanDefinition asyncTable = new RootBeanDefinition(AsyncTable.class,
                    () -> tables().asyncTable(beanFactory.getBean(schemaBean, TableSchema.class)));
            asyncTable.setDestroyMethodName("");
            asyncTable.setLazyInit(true); // made when injected: an application that never asks opens no async client
            registry.registerBeanDefinition(schemaBean + "AsyncTable", asyncTable);
        }
    }

    private SingleTables tables() {
        return beanFactory.getBean(SingleTables.class);
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    }

    /** The generated designs in {@code packages}: classes named {@code *Design} with a static final {@code TableSchema SCHEMA}. */
    static Map<String, TableSchema> designs(List<String> packages) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {
            @Override
            protected boolean isCandidateComponent(org.springframework.beans.factory.annotation.AnnotatedBeanDefinition definition) {
                return definition.getMetadata().isIndependent() && definition.getMetadata().isFinal();
            }
        };
        scanner.addIncludeFilter(new RegexPatternTypeFilter(GENERATED_DESIGN));
        Map<String, TableSchema> designs = new LinkedHashMap<>();
        List<String> seen = new ArrayList<>();
        for (String pkg : packages) {
            for (var candidate : scanner.findCandidateComponents(pkg)) {
                String className = candidate.getBeanClassName();
                if (className == null || seen.contains(className)) {
                    continue;
                }
                seen.add(className);
                schemaOf(className).ifPresent(schema -> designs.put(Introspector.decapitalize(ClassUtils.getShortName(className)), schema));
            }
        }
        return designs;
    }

    private static java.util.Optional<TableSchema> schemaOf(String className) {
        try {
            Class<?> type = ClassUtils.forName(className, TableBeans.class.getClassLoader());
            Field field = type.getField("SCHEMA");
            int modifiers = field.getModifiers();
            if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == TableSchema.class) {
                return java.util.Optional.of((TableSchema) field.get(null));
            }
            return java.util.Optional.empty();
        } catch (ReflectiveOperationException | LinkageError e) {
            return java.util.Optional.empty(); // a class named *Design that is no generated design
        }
    }
}
