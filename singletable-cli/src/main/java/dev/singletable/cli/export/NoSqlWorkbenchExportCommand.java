package dev.singletable.cli.export;

import dev.singletable.cli.options.DesignOutput;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.NotUtf8TextException;
import dev.singletable.schema.Utf8Files;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ExportNote;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable export nosql-workbench DESIGN}: a schema file as a model for AWS's NoSQL Workbench. */
@Command(name = "nosql-workbench", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
final class NoSqlWorkbenchExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignOutput files;

    @Option(names = "--data", paramLabel = "ENTITY=FILE")
    private Map<String, Path> data = new LinkedHashMap<>();

    private static final ObjectMapper JSON = JsonValues.mapper(); // numbers read exactly

    @Override
    public Integer call() {
        return PerTableExport.each(spec, files, "model", "nosql-workbench", loaded -> {
            SchemaFile schemaFile = data.isEmpty() ? loaded : withData(loaded);
            int items = schemaFile.document().entities().keySet().stream().mapToInt(entity -> schemaFile.examples(entity).size()).sum()
                    + schemaFile.document().relations().keySet().stream().mapToInt(relation -> schemaFile.relationExamples(relation).size()).sum();
            ExportResult model = SchemaFileExport.noSqlWorkbenchModel(schemaFile);
            return new PerTableExport.Written(model.text(), model.notes().stream().map(ExportNote::toString).toList(),
                    Counted.of(model.entities(), "facet", "facets") + ", " + Counted.of(items, "sample item", "sample items"));
        });
    }

    /** The design with the sample items of the {@code --data} files as its entities' examples. */
    private SchemaFile withData(SchemaFile schemaFile) {
        SchemaDocument document = schemaFile.document();
        Map<String, EntityDefinition> entities = new LinkedHashMap<>(document.entities());
        data.forEach((entity, file) -> {
            EntityDefinition definition = entities.get(entity);
            if (definition == null) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--data " + entity + "=" + file + ": no entity '" + entity
                        + "' in table " + document.table().name() + "; the entities are " + String.join(", ", document.entities().keySet()));
            }
            entities.put(entity, new EntityDefinition(definition.description(), definition.attributes(), definition.keys(), definition.indexes(),
                    definition.attributeBag(), items(file), Optional.empty(), definition.states()));
        });
        return SchemaFile.of(new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns(),
                document.relations(), document.types()));
    }

    private List<Map<String, Object>> items(Path file) {
        List<Map<String, Object>> items = new ArrayList<>();
        List<String> lines;
        try {
            lines = Utf8Files.readAllLines(file);
        } catch (IOException e) {
            IOException located = Utf8Files.located(file, e);
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--data " + (located instanceof NotUtf8TextException
                    ? located.getMessage() : file + ": cannot read it: " + e.getMessage()));
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode item = JSON.readTree(lines.get(i));
                if (!item.isObject()) {
                    throw new picocli.CommandLine.ParameterException(spec.commandLine(), file + ":" + (i + 1) + ": not a JSON object");
                }
                items.add(JsonValues.attributes(item));
            } catch (JsonProcessingException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), file + ":" + (i + 1) + ": not valid JSON: " + e.getOriginalMessage());
            }
        }
        return items;
    }
}
