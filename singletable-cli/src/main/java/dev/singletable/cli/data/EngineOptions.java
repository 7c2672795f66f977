package dev.singletable.cli.data;

import dev.singletable.cli.output.DemoFailure;
import dev.singletable.cli.output.Style;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.local.LocalDynamoDbException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * Where a data command works: the picocli mixin {@code --endpoint --region --profile --table
 * --data-dir --verbose}, with the run's {@link Style} and {@link Clock} that the command's table and its report use
 * ({@code CommandFactory} passes them). Use it with {@code @Mixin EngineOptions engine;} and open it once, through
 * {@link DataTable#open} or directly:
 *
 * <pre>{@code
 * try (DataEngine db = engine.open()) {
 *     out.println("Engine  " + db.description());
 *     Table table = Table.builder(schema.withName(engine.tableName(schema.name())), db.client()).clock(engine.clock()).build();
 * }
 * }</pre>
 *
 * <p>Without {@code --endpoint}: Dynoxide, started by the command, in memory, or kept in
 * {@code --data-dir} (a SQLite file that the next run finds). With it: that endpoint, signed for
 * {@code --region} with the credentials of {@code --profile} (or the SDK's default chain; any
 * credentials for an engine on this machine).
 */
public final class EngineOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--endpoint", paramLabel = "URL")
    private String endpoint;

    @Option(names = "--region", paramLabel = "REGION")
    private String region;

    @Option(names = "--profile", paramLabel = "NAME")
    private String profile;

    @Mixin
    private TableOption table;

    @Option(names = "--data-dir", paramLabel = "DIR")
    private Path dataDirectory;

    @Option(names = "--verbose")
    private boolean verbose;

    private final Style style;
    private final Clock clock;

    /** The options of a run that prints in {@code style} and whose tables write timestamps by {@code clock}. */
    public EngineOptions(Style style, Clock clock) {
        this.style = style;
        this.clock = clock;
    }

    /**
     * The command these options are mixed into (picocli's MIXEE, also through a mixin of mixins such as
     * {@link DesignOnEngine}): its standard output and error, and the command line of its usage errors.
     */
    public CommandSpec spec() {
        // the MIXEE of a mixin inside a mixin is that mixin's spec (named "<main class>"); its command line is the command's
        return spec.commandLine().getCommandSpec();
    }

    /** A usage error of the command (exit 2) saying {@code message}. */
    public ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** How the run's output looks. */
    public Style style() {
        return style;
    }

    /** The clock the run's tables write timestamps by. */
    public Clock clock() {
        return clock;
    }

    /** The table name given with {@code --table}. */
    public Optional<String> table() {
        return table.name();
    }

    /** {@code --table} when given, else {@code designName}. */
    public String tableName(String designName) {
        return table().orElse(designName);
    }

    /**
     * DESIGN loaded, the table {@code --table} picks (or renames).
     *
     * @throws ParameterException when DESIGN is missing, holds no schema file, or {@code --table} picks none
     * @throws DemoFailure when the schema file has mistakes (listed)
     */
    public DataDesign load(Path design) {
        return table.load(design);
    }

    public boolean verbose() {
        return verbose;
    }

    /** True without {@code --endpoint}: the engine is Dynoxide, started by the command. */
    public boolean inProcess() {
        return endpoint == null;
    }

    /** True when the in-process engine keeps its data in {@code --data-dir}. */
    public boolean persistent() {
        return dataDirectory != null;
    }

    /**
     * Starts the in-process engine, or makes clients for {@code --endpoint}.
     *
     * @throws ParameterException when the options do not go together or the URL is not one
     * @throws DemoFailure when the engine cannot start
     */
    public DataEngine open() {
        EngineAddress address = EngineAddress.of("", endpoint, region, profile);
        if (endpoint == null) {
            address.checkTogether(spec, "without it the command runs on the embedded Dynoxide, which needs no region or credentials");
            LocalDynamoDb.Builder builder = LocalDynamoDb.builder().verbose(verbose);
            String where = "Dynoxide started by this command, in memory";
            if (dataDirectory != null) {
                builder.dataDirectory(dataDirectory);
                where = "Dynoxide started by this command, data in " + dataDirectory.toAbsolutePath().normalize();
            }
            try {
                return new DataEngine(builder.start(), where, true);
            } catch (LocalDynamoDbException e) {
                throw new DemoFailure("The embedded engine (Dynoxide) could not start: " + e.getMessage(), e);
            }
        }
        if (dataDirectory != null) {
            throw usage("--data-dir keeps the data of the embedded Dynoxide; with --endpoint " + endpoint
                    + " the data is where that engine keeps it: give one of the two");
        }
        return address.open(verbose, spec);
    }

    /**
     * Where the data of the engine {@code opened} from these options lives, to tell whether a later run reaches the same:
     * the embedded engine's data directory ({@code Dynoxide data in /abs/dir}) or {@code Dynoxide in memory}, else the
     * endpoint and region ({@code DynamoDB at http://localhost:8000 (region us-east-1)}). The account behind the
     * credentials is not part of it.
     */
    public String dataLocation(DataEngine opened) {
        if (endpoint != null) {
            return opened.description();
        }
        return dataDirectory == null ? "Dynoxide in memory" : "Dynoxide data in " + dataDirectory.toAbsolutePath().normalize();
    }

    /**
     * The options with which another command in this JVM reaches the engine {@code opened} from these options: its
     * endpoint and region (for the embedded Dynoxide, its loopback endpoint), the profile, {@code --verbose}.
     */
    public java.util.List<String> sameEngine(DataEngine opened) {
        java.util.List<String> options = new java.util.ArrayList<>();
        if (endpoint == null) {
            options.addAll(java.util.List.of("--endpoint", opened.engine().endpoint().toString(), "--region", opened.engine().region().id()));
        } else {
            options.addAll(java.util.List.of("--endpoint", endpoint));
            if (region != null) {
                options.addAll(java.util.List.of("--region", region));
            }
            if (profile != null) {
                options.addAll(java.util.List.of("--profile", profile));
            }
        }
        if (verbose) {
            options.add("--verbose");
        }
        return java.util.List.copyOf(options);
    }
}
