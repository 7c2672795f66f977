package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.cli.data.DataDesign;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * The tools of the e-commerce design as {@code tools/list} describes them, built in this JVM (their descriptions need no
 * engine): enums of parameters read by an enum attribute, annotations of the write tools on a server that allows them.
 * {@link McpServerTest} checks the blog design's tools through a real server.
 */
class McpToolSchemasTest {
    private static final Path ECOMMERCE = Path.of("../designs/ecommerce.singletable.yaml");

    @Test
    void tools_ofEcommerceDesignWithWritesAllowed_matchTheGoldenSchemas() throws IOException {
        SchemaFile file = SchemaFile.load(ECOMMERCE);
        DataDesign design = new DataDesign(ECOMMERCE.toString(), file, file.tableSchema());
        ServedDesign served = new ServedDesign(ECOMMERCE, design, null, List.of(), 25, 4096, Clock.systemUTC());

        String tools = McpTool.JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(McpTools.of(served, true).stream().map(McpTool::tool).toList()) + "\n";

        assertThat(tools).isEqualTo(Golden.of("mcp/ecommerce.tools.json", tools));
    }
}
