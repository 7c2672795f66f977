package dev.singletable.cli.mcp;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.output.Style;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;
import dev.singletable.cli.data.DesignOnEngine;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code singletable mcp DESIGN}: a Model Context Protocol server over standard input and output, on a design and its table. */
@Command(name = "mcp", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class McpCommand implements Callable<Integer> {
    private static final int CURSOR_KEY_BYTES = 32;

    @Mixin
    private DesignOnEngine design;

    @Option(names = "--allow-writes")
    private boolean allowWrites;

    @Option(names = "--max-items", paramLabel = "N", defaultValue = "100")
    private int maxItems;

    @Option(names = "--max-bytes", paramLabel = "N", defaultValue = "65536")
    private int maxBytes;

    private final InputStream in;
    private final OutputStream out;

    /** A server reading requests from {@code in} and writing the protocol, and nothing else, to {@code out}. */
    public McpCommand(InputStream in, OutputStream out) {
        this.in = in;
        this.out = out;
    }

    @Override
    public Integer call() throws InterruptedException {
        if (maxItems < 1) {
            throw design.usage("--max-items " + maxItems + ": give a number of items, 1 or more");
        }
        if (maxBytes < 1) {
            throw design.usage("--max-bytes " + maxBytes + ": give a number of bytes, 1 or more");
        }
        DataDesign loaded = design.load();
        List<DesignFiles.DesignFile> files = DesignFiles.find(design.path());
        DesignFiles.DesignFile file = files.stream().filter(f -> f.name().equals(loaded.name())).findFirst().orElseThrow();
        Path documents = files.size() == 1 ? design.path() : alone(file);
        PrintWriter err = design.spec().commandLine().getErr();
        // cursors signed with a key of this server's own: valid while it runs, and never forged from the published default
        byte[] cursorKey = new byte[CURSOR_KEY_BYTES];
        new SecureRandom().nextBytes(cursorKey);
        PrintStream stdout = System.out;
        // whatever a library prints goes to standard error: standard output carries the protocol only
        System.setOut(System.err);
        try (DataTable data = DataTable.open(loaded, design.engine(), err, Style.plain(), table -> table.cursorKey(cursorKey))) {
            ServedDesign served = new ServedDesign(design.path(), documents, loaded, data, design.engine().sameEngine(data.engine()),
                    maxItems, maxBytes, design.engine().clock());
            List<McpTool> tools = McpTools.of(served, allowWrites);
            CountDownLatch ended = new CountDownLatch(1);
            // numbers with a fraction as BigDecimal: a double would round a decimal attribute's digits (DynamoDB keeps 38)
            ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
            JacksonMcpJsonMapper transportJson = new JacksonMcpJsonMapper(json);
            // the transport reads only lines that are messages: it stops reading, for good, at the first it cannot read
            StdioServerTransportProvider transport = new StdioServerTransportProvider(transportJson,
                    new EndSignalling(new JsonRpcLines(in, out, json, transportJson), ended), out, JsonRpcLines.MAX_LINE_BYTES);
            String version = McpCommand.class.getPackage().getImplementationVersion();
            McpSyncServer server = McpServer.sync(transport)
                    .serverInfo("singletable", version == null ? "development" : version)
                    .instructions("Tools over the DynamoDB single-table design " + loaded.name() + " (table " + loaded.schema().name()
                            + "): call describe first for the key design, then the access-pattern tools by name.")
                    .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build())
                    // the core validates arguments, with the messages the CLI gives; the SDK's check would answer first
                    .validateToolInputs(false)
                    .tools(McpTools.specifications(tools))
                    .resources(McpResources.of(served, file))
                    .build();
            err.println("Serving " + loaded.name() + " (table " + loaded.schema().name() + ") over MCP on standard input and output: "
                    + tools.size() + " tools, writes " + (allowWrites ? "allowed" : "refused (no --allow-writes)"));
            err.flush();
            ended.await();
            server.closeGracefully();
        } finally {
            System.setOut(stdout);
        }
        return 0;
    }

    /**
     * The served schema file as a file of its own, for the design commands to cover its table and not the others of
     * DESIGN: the file of a directory, or a copy of the jar's entry in a temporary directory (deleted when the JVM exits).
     */
    private static Path alone(DesignFiles.DesignFile file) {
        Path path = Path.of(file.name());
        if (Files.isRegularFile(path)) {
            return path;
        }
        try {
            Path directory = Files.createTempDirectory("singletable-mcp");
            Path copy = directory.resolve(file.fileName());
            Files.write(copy, file.bytes());
            directory.toFile().deleteOnExit();
            copy.toFile().deleteOnExit();
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + file.name() + " out of its jar: " + e.getMessage(), e);
        }
    }

    /** The requests' stream, counting down when it ends: the client closed it, and the server stops. */
    private static final class EndSignalling extends FilterInputStream {
        private final CountDownLatch ended;

        EndSignalling(InputStream in, CountDownLatch ended) {
            super(in);
            this.ended = ended;
        }

        @Override
        public int read() throws IOException {
            return signal(super.read());
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            return signal(super.read(buffer, offset, length));
        }

        private int signal(int read) {
            if (read < 0) {
                ended.countDown();
            }
            return read;
        }

        @Override
        public void close() throws IOException {
            ended.countDown();
            super.close();
        }
    }
}
