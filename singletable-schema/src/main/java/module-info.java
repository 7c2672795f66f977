/**
 * The singletable schema file: format {@code singletable/1} in YAML or JSON, its JSON Schema,
 * loading it into the core model with dynamic entities ({@link dev.singletable.schema.SchemaFile}),
 * and writing it ({@link dev.singletable.schema.SchemaFileWriter}). Only {@code dev.singletable.schema}
 * is exported; the format's JSON Schema is the resource
 * {@code dev/singletable/schema/singletable-1.schema.json}.
 */
module dev.singletable.schema {
    requires transitive dev.singletable.core;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml; // the YAML parser's own limits (depth, size, aliases)
    requires com.networknt.schema;
    requires com.github.f4b6a3.ulid;

    exports dev.singletable.schema;
}
