package dev.singletable.cli.generate;

import com.palantir.javapoet.JavaFile;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import dev.singletable.cli.options.DesignArgument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable generate java DESIGN --package P -o DIR}: a schema file as Java sources for the annotation processor. */
@Command(name = "java", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class JavaGenerateCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignArgument design;

    @Option(names = "--package", required = true, paramLabel = "NAME")
    private String packageName;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR")
    private Path output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!JavaSources.isPackageName(packageName)) {
            throw new ParameterException(spec.commandLine(), "--package " + packageName + ": not a Java package name (dotted identifiers, "
                    + "none a keyword, such as com.example.shop); nothing written");
        }
        if (Files.exists(output) && !Files.isDirectory(output)) {
            throw new ParameterException(spec.commandLine(), "-o " + output + ": is a file, not a directory; give the source root "
                    + "(such as src/main/java) the package's directories go in; nothing written");
        }
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, design.path(), out);
        if (found.isEmpty()) {
            return 1;
        }
        if (found.get().size() > 1) {
            out.println(design.path() + ": holds " + found.get().size() + " schema files; give one of them: "
                    + String.join(", ", found.get().stream().map(DesignFiles.DesignFile::name).toList()) + "; nothing written");
            return 1;
        }
        DesignFiles.DesignFile file = found.get().get(0);
        SchemaFile schemaFile;
        try {
            schemaFile = file.load();
        } catch (SchemaFileException e) {
            e.errors().stream().map(SchemaError::toString).forEach(out::println);
            out.println(file.name() + ": " + Counted.of(e.errors().size(), "error", "errors") + "; nothing written (singletable check "
                    + file.name() + " lists them)");
            return 1;
        }
        // an example file is named relative to the schema file
        Optional<Path> directory = Optional.ofNullable(Path.of(file.name()).toAbsolutePath().getParent());
        JavaSources.Generated generated = JavaSources.of(schemaFile.document(), ExampleLines.read(schemaFile.document(), directory), packageName);
        try {
            for (JavaFile javaFile : generated.files()) {
                javaFile.writeTo(output);
            }
            if (generated.examples().isPresent()) {
                Files.writeString(output.resolve(generated.examples().get().resource()), generated.examples().get().text());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write to " + output + ": " + e.getMessage(), e);
        }
        generated.notes().forEach(note -> out.println("note: " + note));
        Path written = output.resolve(packageName.replace('.', '/'));
        out.println("wrote " + Counted.of(generated.files().size(), "Java file", "Java files") + " to " + written + ": "
                + String.join(", ", generated.files().stream().map(javaFile -> javaFile.typeSpec().name()).toList()));
        generated.examples().ifPresent(examples -> out.println("wrote " + Counted.of(examples.items(), "example item", "example items")
                + " to " + output.resolve(examples.resource()) + ", named by " + generated.tableClass() + "'s @TableDesign(examples = ...): "
                + "the processor finds it on the source path (Maven passes it); with another build, move it to the same path under the "
                + "resources or pass -Asingletable.resources=" + output));
        // last, where it is seen: what the compiled sources will not do that the file does
        generated.warnings().forEach(warning -> out.println("warning: " + warning));
        return 0;
    }
}
