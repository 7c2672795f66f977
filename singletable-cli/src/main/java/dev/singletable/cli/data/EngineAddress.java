package dev.singletable.cli.data;

import dev.singletable.cli.engine.ClientRetries;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.local.LocalDynamoDbException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import software.amazon.awssdk.regions.Region;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Where an engine is reached: an endpoint, the region requests to it are signed for and the credentials profile, as
 * options named with {@code prefix} give them ({@code --endpoint --region --profile} of {@link EngineOptions},
 * {@code --source-endpoint ...} of {@link SourceOptions}). Region and profile go with an endpoint only.
 *
 * @param prefix   what the options' names start with after {@code --}: empty, or {@code source-}
 * @param endpoint the URL, or {@code aws} for Amazon DynamoDB of the region; empty: the engine is not a remote one
 * @param region   the region to sign for; empty: the SDK's default
 * @param profile  the credentials profile; empty: the SDK's default chain
 */
record EngineAddress(String prefix, Optional<String> endpoint, Optional<String> region, Optional<String> profile) {

    /** The address picocli's option fields hold (null where an option was not given). */
    static EngineAddress of(String prefix, String endpoint, String region, String profile) {
        return new EngineAddress(prefix, Optional.ofNullable(endpoint), Optional.ofNullable(region), Optional.ofNullable(profile));
    }

    /** The option of this address named {@code name} ({@code --source-region} for {@code region}). */
    String option(String name) {
        return "--" + prefix + name;
    }

    /**
     * Refuses a region or profile given without an endpoint: a usage error of {@code command},
     * {@code --source-region needs --source-endpoint; } and {@code without}, what happens without one.
     */
    void checkTogether(CommandSpec command, String without) {
        if (endpoint.isEmpty() && (region.isPresent() || profile.isPresent())) {
            throw new ParameterException(command.commandLine(), option(region.isPresent() ? "region" : "profile") + " needs "
                    + option("endpoint") + "; " + without);
        }
    }

    /**
     * Clients for the endpoint ({@code aws}: Amazon DynamoDB of the region), signed for the region with the profile's
     * credentials, the SDK's own logs shown when {@code verbose}.
     *
     * @throws ParameterException when the endpoint is not an http or https URL (a usage error of {@code command})
     * @throws DemoFailure        when the clients cannot be made
     */
    DataEngine open(boolean verbose, CommandSpec command) {
        String url = endpoint.orElseThrow();
        LocalDynamoDb.Builder builder = LocalDynamoDb.builder().verbose(verbose).clientConfiguration(ClientRetries::configure);
        if (url.equalsIgnoreCase("aws")) {
            builder.mode(LocalDynamoDb.Mode.REMOTE);
        } else {
            builder.endpoint(uri(url, command));
        }
        region.ifPresent(name -> builder.region(Region.of(name)));
        profile.ifPresent(builder::profile);
        LocalDynamoDb remote;
        try {
            remote = builder.start();
        } catch (LocalDynamoDbException e) {
            throw new DemoFailure(e.getMessage(), e);
        }
        return new DataEngine(remote, "DynamoDB at " + remote.endpoint() + " (region " + remote.region().id() + ")", false);
    }

    private URI uri(String text, CommandSpec command) {
        try {
            URI uri = new URI(text);
            if (uri.getScheme() != null && uri.getHost() != null
                    && (uri.getScheme().equalsIgnoreCase("http") || uri.getScheme().equalsIgnoreCase("https"))) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below with the fix
        }
        throw new ParameterException(command.commandLine(), option("endpoint") + " " + text + " is not an http or https URL; give one such as http://localhost:8000, "
                + "or 'aws' for Amazon DynamoDB of " + option("region"));
    }
}
