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
 * are declared as {@code TableSchema} beans too ({@code <table>Schema}, with their {@code SchemaFile} as {@code <table>SchemaFile}),
 * next to the generated designs. Two designs of one name (a file's and a generated one) are refused. Each bean's
 * description says where it comes from, for {@link AmbiguousTableFailureAnalyzer}.
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
        Map<String, String> origins = new LinkedHashMap<>(); // design name -> where it comes from, for the collision message
        if (!declared && AutoConfigurationPackages.has(beanFactory)) {
            designs(AutoConfigurationPackages.get(beanFactory)).forEach((name, design) -> {
                String origin = "generated from @TableDesign class " + design.className();
                claim(origins, design.schema().name(), origin);
                RootBeanDefinition definition = new RootBeanDefinition(TableSchema.class, design::schema);
                definition.setDescription("design " + design.schema().name() + ", " + origin);
                registry.registerBeanDefinition(name, definition);
            });
        }
        if (!schemaFiles.isEmpty()) {
            if (!ClassUtils.isPresent("dev.singletable.schema.SchemaFile", TableBeans.class.getClassLoader())) {
                throw new IllegalStateException("singletable.schema-files names " + schemaFiles + ", but singletable-schema is "
                        + "not on the class path: add the dependency dev.singletable:singletable-schema");
            }
            SchemaFileBeans.register(registry, schemaFiles, (location, schema) ->
                    claim(origins, schema.name(), "from " + location + " of singletable.schema-files"));
        }
        for (String schemaBean : beans.getBeanNamesForType(TableSchema.class, true, false)) {
            String of = " of TableSchema bean " + schemaBean + describedBy(registry, schemaBean);
            RootBeanDefinition table = new RootBeanDefinition(Table.class,
                    () -> tables().table(beanFactory.getBean(schemaBean, TableSchema.class)));
            table.setDestroyMethodName(""); // a Table holds no resources: the client is its own bean
            table.setDescription("the Table" + of);
            registry.registerBeanDefinition(schemaBean + "Table", table);
            RootBeanDefinition asyncTable = new RootBeanDefinition(AsyncTable.class,
                    () -> tables().asyncTable(beanFactory.getBean(schemaBean, TableSchema.class)));
            asyncTable.setDestroyMethodName("");
            asyncTable.setLazyInit(true); // made when injected: an application that never asks opens no async client
            asyncTable.setDescription("the AsyncTable" + of);
            registry.registerBeanDefinition(schemaBean + "AsyncTable", asyncTable);
        }
    }

    /**
     * Records that the design named {@code design} comes from {@code origin}, refusing a second design of the same name:
     * both would be one table, and the tables are made per design name.
     */
    private static void claim(Map<String, String> origins, String design, String origin) {
        String earlier = origins.putIfAbsent(design, origin);
        if (earlier != null) {
            throw new IllegalStateException("Two designs are named " + design + ": one " + earlier + ", one " + origin
                    + "; a table has one design: rename one of them (the file's table.name, or @TableDesign(name = ...)), or "
                    + "remove the file from singletable.schema-files");
        }
    }

    private static String describedBy(BeanDefinitionRegistry registry, String schemaBean) {
        String description = registry.getBeanDefinition(schemaBean).getDescription();
        return description == null ? "" : " (" + description + ")";
    }

    private SingleTables tables() {
        return beanFactory.getBean(SingleTables.class);
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    }

    /** A design generated from a {@code @TableDesign} class: {@code className} holds it as {@code SCHEMA}. */
    record GeneratedDesign(String className, TableSchema schema) {
    }

    /** The generated designs in {@code packages}, by bean name: classes named {@code *Design} with a static final {@code TableSchema SCHEMA}. */
    static Map<String, GeneratedDesign> designs(List<String> packages) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {
            @Override
            protected boolean isCandidateComponent(org.springframework.beans.factory.annotation.AnnotatedBeanDefinition definition) {
                return definition.getMetadata().isIndependent() && definition.getMetadata().isFinal();
            }
        };
        scanner.addIncludeFilter(new RegexPatternTypeFilter(GENERATED_DESIGN));
        Map<String, GeneratedDesign> designs = new LinkedHashMap<>();
        List<String> seen = new ArrayList<>();
        for (String pkg : packages) {
            for (var candidate : scanner.findCandidateComponents(pkg)) {
                String className = candidate.getBeanClassName();
                if (className == null || seen.contains(className)) {
                    continue;
                }
                seen.add(className);
                schemaOf(className).ifPresent(schema -> designs.put(Introspector.decapitalize(ClassUtils.getShortName(className)),
                        new GeneratedDesign(holder(className), schema)));
            }
        }
        return designs;
    }

    /** The {@code @TableDesign} class a generated {@code <Holder>Design} is of, as the user wrote it. */
    private static String holder(String generatedClassName) {
        return generatedClassName.substring(0, generatedClassName.length() - "Design".length());
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
