package dev.singletable.cli.data;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.Optional;

/**
 * Where {@code migrate} reads its source table when it is not the target's engine: the picocli mixin
 * {@code --source-endpoint --source-region --source-profile}, declared as {@link EngineOptions} declares
 * {@code --endpoint --region --profile} and opened the same way, so that a table of one account or region is
 * copied into a single table of another.
 */
public final class SourceOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--source-endpoint", paramLabel = "URL")
    private String endpoint;

    @Option(names = "--source-region", paramLabel = "REGION")
    private String region;

    @Option(names = "--source-profile", paramLabel = "NAME")
    private String profile;

    /** {@code --source-endpoint} as given; empty when the source is on the target's engine. */
    public Optional<String> endpoint() {
        return Optional.ofNullable(endpoint);
    }

    /**
     * Clients for {@code --source-endpoint}; empty without it (the source is read on the target's engine).
     *
     * @throws ParameterException for {@code --source-region} or {@code --source-profile} without {@code --source-endpoint},
     *                            or a URL that is not one
     */
    public Optional<DataEngine> open(boolean verbose) {
        if (endpoint == null) {
            if (region != null || profile != null) {
                throw new ParameterException(spec.commandLine(), (region != null ? "--source-region" : "--source-profile")
                        + " needs --source-endpoint; without it the source table is read on the target's engine, with the target's "
                        + "--region and --profile");
            }
            return Optional.empty();
        }
        return Optional.of(EngineOptions.remote(endpoint, region, profile, verbose, "--source-endpoint", "--source-region",
                message -> new ParameterException(spec.commandLine(), message)));
    }
}
