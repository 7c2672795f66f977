package dev.singletable.cli.data.load;

import dev.singletable.RequestListener;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.cli.DesignFiles;
import dev.singletable.cli.data.EngineOptions;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The design a data command works on: the one schema file DESIGN names (or, in a directory or jar
 * with several, the one of {@code --table}), and its table on an engine under the table name
 * {@code --table} gives.
 */
record DesignTable(SchemaFile design, TableSchema schema) {

    static DesignTable of(Path design, EngineOptions engine, CommandSpec spec) {
        if (!Files.exists(design)) {
            throw new ParameterException(spec.commandLine(), design + ": no such file or directory");
        }
        List<DesignFiles.DesignFile> files = DesignFiles.find(design);
        if (files.isEmpty()) {
            throw new ParameterException(spec.commandLine(), design + ": no schema files (names ending in "
                    + String.join(", ", DesignFiles.SUFFIXES) + ")");
        }
        SchemaFile chosen = null;
        StringBuilder tables = new StringBuilder();
        for (DesignFiles.DesignFile file : files) {
            SchemaFile loaded = load(file);
            String name = loaded.document().table().name();
            tables.append(tables.length() == 0 ? "" : ", ").append(name);
            if (files.size() == 1 || engine.table().map(name::equals).orElse(false)) {
                chosen = loaded;
            }
        }
        if (chosen == null) {
            throw new ParameterException(spec.commandLine(), design + " holds the designs of several tables (" + tables
                    + "); name one with --table");
        }
        TableSchema schema = chosen.tableSchema();
        String tableName = files.size() == 1 ? engine.tableName(schema.name()) : schema.name();
        if (!tableName.equals(schema.name())) {
            schema = schema.toBuilder().name(tableName).build();
        }
        return new DesignTable(chosen, schema);
    }

    private static SchemaFile load(DesignFiles.DesignFile file) {
        try {
            return file.load();
        } catch (SchemaFileException e) {
            throw new LoadInputException(file.name() + " does not load (" + e.errors().size() + (e.errors().size() == 1 ? " error" : " errors")
                    + "; 'singletable check' lists them): " + e.errors().stream().limit(3).map(SchemaError::toString)
                    .collect(Collectors.joining("; ")));
        }
    }

    /** The table on the client, telling the listener about every request. */
    Table table(DynamoDbClient client, RequestListener listener) {
        return Table.builder(schema, client).listener(listener).build();
    }

    String tableName() {
        return schema.name();
    }
}
