package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An input naming one thing twice (two facets, DTOs, fields or tables of one name, a JSON name given twice) is refused,
 * naming the place of the second and the first, instead of the second silently replacing the first.
 */
class DuplicateNamesImportTest {
    private static final String TABLE = "\"KeyAttributes\": {\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}, "
            + "\"SortKey\": {\"AttributeName\": \"SK\", \"AttributeType\": \"S\"}}";

    @Test
    void noSqlWorkbench_whenTwoFacetsHaveOneName_failsNamingBoth() {
        String model = "{\"ModelName\": \"M\", \"ModelMetadata\": {\"Version\": \"3.0\"}, \"DataModel\": [{\"TableName\": \"Tbl\", " + TABLE + ", "
                + "\"TableFacets\": [{\"FacetName\": \"User\", \"KeyAttributeAlias\": {\"PartitionKeyAlias\": \"USER#{id}\", \"SortKeyAlias\": \"PROFILE\"}}, "
                + "{\"FacetName\": \"User\", \"KeyAttributeAlias\": {\"PartitionKeyAlias\": \"ACCT#{id}\", \"SortKeyAlias\": \"META\"}}]}]}";

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(model, "model.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("DataModel[0].TableFacets[1].FacetName: 'User' names the same entity as DataModel[0].TableFacets[0] ('User'); "
                        + "each facet is an entity of its own, and the second would replace the first: rename one");
    }

    @Test
    void noSqlWorkbenchTables_whenTwoTablesHaveOneName_failsNamingBoth() {
        String model = "{\"ModelName\": \"M\", \"ModelMetadata\": {\"Version\": \"3.0\"}, \"DataModel\": [{\"TableName\": \"Tbl\", " + TABLE + "}, "
                + "{\"TableName\": \"Tbl\", " + TABLE + "}]}";

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.readTables(model, "model.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("DataModel[1].TableName: 'Tbl' is also the name of DataModel[0]; a model's tables have names of their own, "
                        + "and the second would replace the first: rename one");
    }

    @Test
    void noSqlWorkbench_whenAJsonNameIsGivenTwice_failsAtTheSecond() {
        String model = "{\"ModelName\": \"M\", \"DataModel\": [{\"TableName\": \"Tbl\", \"TableName\": \"Other\", " + TABLE + "}]}";

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(model, "model.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("model.json:1:66: not valid JSON: Duplicate field 'TableName'");
    }

    @Test
    void dynamodbToolbox_whenTwoDtosHaveOneEntityName_failsNamingBoth() {
        String dtos = "[{\"entityName\": \"User\", \"schema\": {\"attributes\": {\"id\": {\"type\": \"string\", \"key\": true, \"savedAs\": \"pk\"}}}, "
                + "\"table\": {\"partitionKey\": {\"name\": \"pk\", \"type\": \"string\"}}}, "
                + "{\"entityName\": \"User\", \"schema\": {\"attributes\": {\"id\": {\"type\": \"string\", \"key\": true, \"savedAs\": \"pk\"}}}, "
                + "\"table\": {\"partitionKey\": {\"name\": \"pk\", \"type\": \"string\"}}}]";

        assertThatThrownBy(() -> ImportFormat.DYNAMODB_TOOLBOX.read(dtos, "entities.json", "T"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("[1].entityName: 'User' is also the entityName of [0].entityName; each entity DTO has a name of its own, "
                        + "and the second would replace the first: rename one");
    }

    @Test
    void mcpSchema_whenAnEntityHasTwoFieldsOfOneName_failsNamingBoth() {
        String schema = "{\"tables\": [{\"table_config\": {\"table_name\": \"Users\", \"partition_key\": \"pk\"}, \"entities\": {\"User\": "
                + "{\"pk_template\": \"USER#{id}\", \"fields\": [{\"name\": \"id\", \"type\": \"string\", \"required\": true}, "
                + "{\"name\": \"id\", \"type\": \"integer\"}]}}}]}";

        assertThatThrownBy(() -> ImportFormat.MCP_SCHEMA.read(schema, "schema.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("tables[0].entities.User.fields[1].name: 'id' is also the name of tables[0].entities.User.fields[0]; each field "
                        + "of an entity has a name of its own, and the second would replace the first: rename or remove one");
    }

    @Test
    void mcpSchema_whenAnEntityMapsOneGsiTwice_failsNamingIt() {
        String schema = "{\"tables\": [{\"table_config\": {\"table_name\": \"Users\", \"partition_key\": \"pk\"}, "
                + "\"gsi_list\": [{\"name\": \"g1\", \"partition_key\": \"g1pk\"}], \"entities\": {\"User\": "
                + "{\"pk_template\": \"USER#{id}\", \"gsi_mappings\": [{\"name\": \"g1\", \"pk_template\": \"A#{id}\"}, "
                + "{\"name\": \"g1\", \"pk_template\": \"B#{id}\"}], \"fields\": [{\"name\": \"id\", \"type\": \"string\", \"required\": true}]}}}]}";

        assertThatThrownBy(() -> ImportFormat.MCP_SCHEMA.read(schema, "schema.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("tables[0].entities.User.gsi_mappings[1].name: 'g1' is also the name of an earlier gsi_mapping of User; an entity "
                        + "has one mapping per GSI, and the second would replace the first: remove one");
    }

    @Test
    void mcpSchemaTables_whenTwoTablesHaveOneName_failsNamingBoth() {
        String table = "{\"table_config\": {\"table_name\": \"Users\", \"partition_key\": \"pk\"}, \"entities\": {\"User\": "
                + "{\"pk_template\": \"USER#{id}\", \"fields\": [{\"name\": \"id\", \"type\": \"string\", \"required\": true}]}}}";

        assertThatThrownBy(() -> ImportFormat.MCP_SCHEMA.readTables("{\"tables\": [" + table + ", " + table + "]}", "schema.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("tables[1].table_config.table_name: 'Users' is also the name of tables[0]; a schema's tables have names of their "
                        + "own, and the second would replace the first: rename one");
    }

    @Test
    void oneTable_whenAYamlModelIsGivenTwice_failsAtTheSecond() {
        String schema = "format: onetable:1.1.0\nversion: 0.1.0\nindexes:\n  primary: {hash: pk, sort: sk}\nmodels:\n"
                + "  User:\n    pk: {type: string, value: 'USER#${id}'}\n    sk: {type: string, value: 'PROFILE'}\n    id: {type: string, required: true}\n"
                + "  User:\n    pk: {type: string, value: 'ACCT#${id}'}\n    sk: {type: string, value: 'META'}\n    id: {type: string, required: true}\n";

        assertThatThrownBy(() -> ImportFormat.ONETABLE.read(schema, "crm.onetable.yaml", "Crm"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("crm.onetable.yaml:10:7: not valid JSON or YAML: Duplicate field 'User'");
    }
}
