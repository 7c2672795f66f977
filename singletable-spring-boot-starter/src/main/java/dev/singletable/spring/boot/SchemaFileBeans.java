package dev.singletable.spring.boot;

import dev.singletable.TableSchema;
import dev.singletable.schema.SchemaFile;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;

import java.beans.Introspector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BiConsumer;

/** The schema files of {@code singletable.schema-files} as beans; apart from {@link TableBeans} so that singletable-schema stays optional. */
final class SchemaFileBeans {
    private SchemaFileBeans() {
    }

    /** Declares the beans of each file of {@code locations}, telling {@code loaded} each file's location and design first. */
    static void register(BeanDefinitionRegistry registry, List<String> locations, BiConsumer<String, TableSchema> loaded) {
        DefaultResourceLoader loader = new DefaultResourceLoader(SchemaFileBeans.class.getClassLoader());
        for (String location : locations) {
            Resource resource = loader.getResource(location);
            String text;
            try {
                text = resource.getContentAsString(StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("singletable.schema-files: cannot read " + location + " (" + e.getMessage()
                        + "); name a Spring resource such as classpath:app.singletable.yaml or file:design/app.yaml", e);
            }
            SchemaFile file = SchemaFile.parse(text, resource.getFilename() == null ? location : resource.getFilename());
            TableSchema schema = file.tableSchema();
            loaded.accept(location, schema);
            String name = Introspector.decapitalize(schema.name().replaceAll("[^A-Za-z0-9_]", "_"));
            registry.registerBeanDefinition(name + "SchemaFile", new RootBeanDefinition(SchemaFile.class, () -> file));
            RootBeanDefinition definition = new RootBeanDefinition(TableSchema.class, () -> schema);
            definition.setDescription("design " + schema.name() + ", from " + location + " of singletable.schema-files");
            registry.registerBeanDefinition(name + "Schema", definition);
        }
    }
}
