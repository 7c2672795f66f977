package dev.singletable.local.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

import dev.singletable.local.LocalDynamoDbException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DynoxideBinaryTest {
    private static final byte[] BINARY = "#!/bin/sh\necho fake dynoxide\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void platform_mapsJavaNamesToTheNpmPackagesNames() {
        assertThat(DynoxideBinary.platform(Map.of("os.name", "Linux", "os.arch", "amd64")::get)).isEqualTo("linux-x64");
        assertThat(DynoxideBinary.platform(Map.of("os.name", "Mac OS X", "os.arch", "aarch64")::get)).isEqualTo("darwin-arm64");
        assertThat(DynoxideBinary.platform(Map.of("os.name", "Windows 11", "os.arch", "amd64")::get)).isEqualTo("win32-x64");
    }

    @Test
    void find_whenPackagedForThisPlatform_extractsItOnceWithItsHashCheckedAndExecutable(@TempDir Path temp) throws Exception {
        ClassLoader jar = packaged(temp.resolve("jar"), "linux-x64", BINARY, sha256(BINARY));
        Map<String, String> properties = Map.of("os.name", "Linux", "os.arch", "amd64",
                DynoxideBinary.CACHE_PROPERTY, temp.resolve("cache").toString());

        DynoxideBinary first = DynoxideBinary.find(properties::get, Map.<String, String>of()::get, jar);
        DynoxideBinary second = DynoxideBinary.find(properties::get, Map.<String, String>of()::get, jar);

        assertThat(first).isEqualTo(second);
        assertThat(first.origin()).isEqualTo("packaged");
        assertThat(first.version()).contains("9.9.9");
        assertThat(first.executable()).startsWith(temp.resolve("cache")).isExecutable().hasBinaryContent(BINARY);
        assertThat(first.executable().getParent().getFileName().toString()).isEqualTo("dynoxide-9.9.9-linux-x64-" + sha256(BINARY).substring(0, 12));
        try (var files = Files.list(first.executable().getParent())) {
            assertThat(files).containsExactly(first.executable()); // no partial file left
        }
    }

    @Test
    void find_whenPackagedBinaryDoesNotHaveItsRecordedHash_refusesItNamingTheJar(@TempDir Path temp) throws Exception {
        ClassLoader jar = packaged(temp.resolve("jar"), "linux-x64", BINARY, "0".repeat(64));
        Map<String, String> properties = Map.of("os.name", "Linux", "os.arch", "amd64",
                DynoxideBinary.CACHE_PROPERTY, temp.resolve("cache").toString());

        assertThatThrownBy(() -> DynoxideBinary.find(properties::get, Map.<String, String>of()::get, jar))
                .isInstanceOf(LocalDynamoDbException.class)
                .hasMessage("The packaged Dynoxide (dynoxide/linux-x64/dynoxide) has SHA-256 " + sha256(BINARY) + ", not the "
                        + "0".repeat(64) + " recorded when it was built: the jar singletable-engine-linux-x64 is damaged; "
                        + "delete it from your Maven repository and build again");
        assertThat(temp.resolve("cache").resolve("dynoxide-9.9.9-linux-x64-000000000000")).isEmptyDirectory();
    }

    @Test
    void find_whenExplicitPathIsSet_takesItBeforeThePackagedOne(@TempDir Path temp) throws Exception {
        Path own = Files.write(temp.resolve("my-dynoxide"), BINARY);
        assertThat(own.toFile().setExecutable(true)).isTrue();
        ClassLoader jar = packaged(temp.resolve("jar"), "linux-x64", BINARY, sha256(BINARY));

        DynoxideBinary found = DynoxideBinary.find(Map.of("os.name", "Linux", "os.arch", "amd64")::get,
                Map.of("SINGLETABLE_DYNOXIDE_PATH", own.toString())::get, jar);

        assertThat(found).isEqualTo(new DynoxideBinary(own, Optional.empty(), "SINGLETABLE_DYNOXIDE_PATH"));
    }

    @Test
    void find_whenExplicitPathIsNotExecutable_namesThePathTheSettingAndTheFix(@TempDir Path temp) throws Exception {
        Path text = Files.writeString(temp.resolve("notes.txt"), "not a program");

        assertThatThrownBy(() -> DynoxideBinary.find(Map.of(DynoxideBinary.PATH_PROPERTY, text.toString())::get,
                Map.<String, String>of()::get, emptyLoader(temp)))
                .isInstanceOf(LocalDynamoDbException.class)
                .hasMessage("Dynoxide was named at " + text + " (system property singletable.dynoxide.path or environment "
                        + "variable SINGLETABLE_DYNOXIDE_PATH), which is not an executable file; point it at the dynoxide "
                        + "binary, or unset it to use the packaged one");
    }

    @Test
    void find_whenNotPackagedForThisPlatform_takesDynoxideOnThePath(@TempDir Path temp) throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        Path onPath = Files.write(bin.resolve("dynoxide"), BINARY);
        assertThat(onPath.toFile().setExecutable(true)).isTrue();

        DynoxideBinary found = DynoxideBinary.find(Map.of("os.name", "Mac OS X", "os.arch", "aarch64")::get,
                Map.of("PATH", temp.resolve("elsewhere") + ":" + bin)::get, packaged(temp.resolve("jar"), "linux-x64", BINARY, sha256(BINARY)));

        assertThat(found).isEqualTo(new DynoxideBinary(onPath, Optional.empty(), "PATH"));
    }

    @Test
    void find_whenNoneAnywhere_namesThePlatformTheThreeInstallsAndTheVariable(@TempDir Path temp) {
        assertThatThrownBy(() -> DynoxideBinary.find(Map.of("os.name", "Mac OS X", "os.arch", "aarch64")::get,
                Map.of("PATH", temp.toString())::get, emptyLoader(temp)))
                .isInstanceOf(LocalDynamoDbException.class)
                .hasMessage("No Dynoxide engine for darwin-arm64: singletable packages it for linux-x64 only (the test "
                        + "dependency singletable-engine-linux-x64), and there is no dynoxide on the PATH. Install it in one "
                        + "of three ways: npm install -g dynoxide, brew install nubo-db/tap/dynoxide, or cargo install "
                        + "dynoxide-rs; then put it on the PATH or name it with system property singletable.dynoxide.path or "
                        + "environment variable SINGLETABLE_DYNOXIDE_PATH. Or run any DynamoDB-compatible engine yourself and "
                        + "point singletable.test.endpoint at its URL");
    }

    private static ClassLoader packaged(Path root, String platform, byte[] binary, String sha256) throws IOException {
        Path directory = Files.createDirectories(root.resolve("dynoxide").resolve(platform));
        Files.write(directory.resolve("dynoxide"), binary);
        Files.writeString(directory.resolve("dynoxide.properties"),
                "version=9.9.9\nsha256=" + sha256 + "\nsize=" + binary.length + "\n");
        return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    }

    private static ClassLoader emptyLoader(Path temp) throws IOException {
        return new URLClassLoader(new URL[] {Files.createDirectories(temp.resolve("empty")).toUri().toURL()}, null);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
