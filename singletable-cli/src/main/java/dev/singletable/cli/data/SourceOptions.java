package dev.singletable.cli.data;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.Optional;

/**
 * Where {@code migrate} reads its source table when it is not the target's engine: the picocli mixin
 * {@code --source-endpoint --source-region --source-profile}, declared as {@link EngineOptions} declares
 * {@code --endpoint --region --profile} and opened the same way, as an {@link EngineAddress}, so that a table of one account or region is
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
        EngineAddress address = EngineAddress.of("source-", endpoint, region, profile);
        address.checkTogether(spec, "without it the source table is read on the target's engine, with the target's --region and "
                + "--profile");
        return address.endpoint().map(given -> address.open(verbose, spec));
    }
}
