package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The registry of import formats: its names, and what each way of reading a format gives (the imports are tested by format). */
class ImportFormatTest {
    private static final Path IMPORTS = SchemaFileImportTest.IMPORTS;

    @Test
    void id_whenEachFormat_isTheCommandLinesName() {
        assertThat(Arrays.stream(ImportFormat.values()).map(ImportFormat::id))
                .containsExactly("nosql-workbench", "dynatable", "onetable", "describe-table", "mcp-schema", "dynamodb-toolbox");
    }

    @Test
    void byId_whenAFormatsIdOrAnother_givesThatFormatOrNone() {
        assertThat(ImportFormat.values()).allSatisfy(format -> assertThat(ImportFormat.byId(format.id())).contains(format));
        assertThat(ImportFormat.byId("NOSQL_WORKBENCH")).isEmpty();
        assertThat(ImportFormat.byId("workbench")).isEmpty();
    }

    @Test
    void holdsSeveralTables_whenEachFormat_isTrueForWorkbenchModelsAndMcpSchemasOnly() {
        assertThat(Arrays.stream(ImportFormat.values()).filter(ImportFormat::holdsSeveralTables))
                .containsExactly(ImportFormat.NOSQL_WORKBENCH, ImportFormat.MCP_SCHEMA);
    }

    @Test
    void read_whenTheInputHoldsNoTableNameAndNoneIsGiven_namesTheTableAfterTheFileUpToItsFirstDot() {
        assertThat(ImportFormat.DYNATABLE.read(IMPORTS.resolve("blog.dynatable.json")).document().table().name()).isEqualTo("blog");
        assertThat(ImportFormat.ONETABLE.read(text("crm.onetable.yaml"), "crm.onetable.yaml").document().table().name()).isEqualTo("crm");
    }

    @Test
    void read_whenATableNameIsGivenForAnInputThatNamesNone_namesTheTableSo() {
        assertThat(ImportFormat.DYNATABLE.read(IMPORTS.resolve("blog.dynatable.json"), "BlogTable").document().table().name())
                .isEqualTo("BlogTable");
    }

    @Test
    void read_whenATableNameIsGivenForAModelOfSeveralTables_givesThatTableOrSaysWhichTablesThereAre() {
        Path model = IMPORTS.resolve("adversarial/own-attribute-keys.json");

        assertThat(ImportFormat.NOSQL_WORKBENCH.read(model, "Audit").document())
                .isEqualTo(ImportFormat.NOSQL_WORKBENCH.readTables(model).get(1).document());
        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(model, "Nope")).isInstanceOf(DesignImportException.class)
                .hasMessage("own-attribute-keys.json: the model has no table Nope; its tables: Shop, Audit");
    }

    @Test
    void read_whenAnArgumentIsNull_refusesItByName() {
        assertThatThrownBy(() -> ImportFormat.DYNATABLE.read((Path) null)).isInstanceOf(dev.singletable.NullArgumentException.class)
                .hasMessageStartingWith("ImportFormat.read(file): file is null");
        assertThatThrownBy(() -> ImportFormat.MCP_SCHEMA.read("{}", "schema.json", null))
                .isInstanceOf(dev.singletable.NullArgumentException.class).hasMessageStartingWith("ImportFormat.read(tableName): tableName is null");
        assertThatThrownBy(() -> ImportFormat.byId(null)).isInstanceOf(dev.singletable.NullArgumentException.class)
                .hasMessageStartingWith("ImportFormat.byId(id): id is null");
    }

    @Test
    void read_whenTheFilesText_givesWhatReadingTheFileGives() {
        ImportResult fromFile = ImportFormat.ONETABLE.read(IMPORTS.resolve("crm.onetable.yaml"), "Crm");
        ImportResult fromText = ImportFormat.ONETABLE.read(text("crm.onetable.yaml"), "crm.onetable.yaml", "Crm");

        assertThat(fromText.document()).isEqualTo(fromFile.document());
        assertThat(fromText.notes()).isEqualTo(fromFile.notes());
    }

    @Test
    void readTables_whenAFormatOfOneTable_givesTheOneDesignReadGives() {
        List<ImportResult> tables = ImportFormat.DYNATABLE.readTables(IMPORTS.resolve("blog.dynatable.json"));
        ImportResult read = ImportFormat.DYNATABLE.read(IMPORTS.resolve("blog.dynatable.json"));

        assertThat(tables).singleElement().satisfies(table -> {
            assertThat(table.document()).isEqualTo(read.document());
            assertThat(table.notes()).isEqualTo(read.notes());
        });
    }

    @Test
    void readTables_whenAModelOfSeveralTables_givesADesignEachWhereReadGivesTheFirst() {
        Path model = IMPORTS.resolve("adversarial/own-attribute-keys.json");

        assertThat(ImportFormat.NOSQL_WORKBENCH.readTables(model)).extracting(t -> t.document().table().name())
                .containsExactly("Shop", "Audit");
        assertThat(ImportFormat.NOSQL_WORKBENCH.read(model).document().table().name()).isEqualTo("Shop");
    }

    private static String text(String name) {
        try {
            return Files.readString(IMPORTS.resolve(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
