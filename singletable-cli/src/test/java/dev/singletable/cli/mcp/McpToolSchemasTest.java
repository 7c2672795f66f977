package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools of the e-commerce design as {@code tools/list} describes them, built in this JVM (their descriptions need no
 * engine): enums of parameters read by an enum attribute, annotations of the write tools on a server that allows them.
 * {@link McpServerTest} checks the blog design's tools through a real server.
 */
class McpToolSchemasTest {
    private static final Path ECOMMERCE = Path.of("../designs/ecommerce.singletable.yaml");

    private static List<McpTool> tools(Path path, SchemaFile file) {
        DataDesign design = new DataDesign(path.toString(), file, file.tableSchema());
        return McpTools.of(new ServedDesign(path, path, design, null, List.of(), 25, 4096, Clock.systemUTC()), true);
    }

    @Test
    void tools_ofEcommerceDesignWithWritesAllowed_matchTheGoldenSchemas() throws IOException {
        String tools = McpTool.JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(tools(ECOMMERCE, SchemaFile.load(ECOMMERCE)).stream().map(McpTool::tool).toList()) + "\n";

        assertThat(tools).isEqualTo(Golden.of("mcp/ecommerce.tools.json", tools));
    }

    @Test
    void tools_whenAPatternIsNamedAsAnotherTool_nameItsToolPatternDashName(@TempDir Path directory) throws IOException {
        Path blog = directory.resolve("blog.singletable.yaml");
        Files.writeString(blog, Files.readString(Path.of("../designs/blog.singletable.yaml")).replace("- name: user-profile", "- name: get"));
        Files.copy(Path.of("../designs/blog-comments.jsonl"), directory.resolve("blog-comments.jsonl"));

        List<String> names = tools(blog, SchemaFile.load(blog)).stream().map(tool -> tool.tool().name()).toList();

        assertThat(names).containsExactly("pattern-get", "posts-by-user", "comments-on-post", "published-posts", "comments-by-user",
                "posts-with-tag", "user-page", "recent-posts-by-user", "describe", "patterns", "lint", "cost", "explain",
                "get", "put", "update", "delete", "transact");
    }

    @Test
    void itemTools_whenTheEntityHasAnAttributeBag_letPutsItemHoldUndeclaredAttributesAndNoKey() {
        Path products = Path.of("src/test/resources/bag/products.singletable.yaml");
        Map<String, JsonNode> schemas = new LinkedHashMap<>();
        for (McpTool tool : tools(products, SchemaFile.load(products))) {
            schemas.put(tool.tool().name(), McpTool.JSON.valueToTree(tool.tool().inputSchema()));
        }

        assertThat(schemas.get("put").at("/properties/item/anyOf/0/title").asText()).isEqualTo("Product");
        assertThat(schemas.get("put").at("/properties/item/anyOf/0/additionalProperties")).isEqualTo(BooleanNode.TRUE);
        assertThat(schemas.get("get").at("/properties/key/anyOf/0/additionalProperties")).isEqualTo(BooleanNode.FALSE);
        assertThat(schemas.get("delete").at("/properties/key/anyOf/0/additionalProperties")).isEqualTo(BooleanNode.FALSE);
    }
}
