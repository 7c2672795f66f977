package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

class EngineAddressTest {
    private final CommandSpec command = new CommandLine(CommandSpec.create().name("migrate")).getCommandSpec();

    @Test
    void option_whenPrefixed_namesTheOptionWithThePrefix() {
        EngineAddress address = EngineAddress.of("source-", null, null, null);

        assertThat(address.option("region")).isEqualTo("--source-region");
    }

    @Test
    void of_whenOptionsLeftOut_holdsThemEmpty() {
        EngineAddress address = EngineAddress.of("", "http://localhost:8000", null, "dev");

        assertThat(address).isEqualTo(new EngineAddress("", Optional.of("http://localhost:8000"), Optional.empty(), Optional.of("dev")));
    }

    @Test
    void checkTogether_whenProfileWithoutEndpoint_isUsageErrorNamingThePrefixedOptions() {
        EngineAddress address = EngineAddress.of("source-", null, null, "dev");

        assertThatThrownBy(() -> address.checkTogether(command, "without it the source is read on the target's engine"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("--source-profile needs --source-endpoint; without it the source is read on the target's engine");
    }

    @Test
    void checkTogether_whenRegionAndProfileWithoutEndpoint_namesTheRegion() {
        EngineAddress address = EngineAddress.of("", null, "eu-west-1", "dev");

        assertThatThrownBy(() -> address.checkTogether(command, "give one"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("--region needs --endpoint; give one");
    }

    @Test
    void checkTogether_whenRegionWithEndpoint_passes() {
        EngineAddress address = EngineAddress.of("", "aws", "eu-west-1", null);

        assertThatNoException().isThrownBy(() -> address.checkTogether(command, "give one"));
    }

    @Test
    void open_whenEndpointIsNoHttpUrl_isUsageErrorNamingThePrefixedOptions() {
        EngineAddress address = EngineAddress.of("source-", "ftp://example.com", null, null);

        assertThatThrownBy(() -> address.open(false, command))
                .isInstanceOf(ParameterException.class)
                .hasMessage("--source-endpoint ftp://example.com is not an http or https URL; give one such as "
                        + "http://localhost:8000, or 'aws' for Amazon DynamoDB of --source-region");
    }
}
