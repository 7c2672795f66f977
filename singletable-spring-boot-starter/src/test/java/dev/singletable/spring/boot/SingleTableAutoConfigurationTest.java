package dev.singletable.spring.boot;

import dev.singletable.AsyncTable;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.spring.boot.notes.NoteSchema;
import dev.singletable.spring.boot.notes.NotesTableDesign;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each condition of the auto-configuration, with {@link ApplicationContextRunner}; no request is sent (no table is
 * created unless asked, and nothing here asks), so no engine runs.
 */
class SingleTableAutoConfigurationTest {
    static final TableSchema NOTES = NotesTableDesign.SCHEMA.toBuilder().build();
    static final String KEY = Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class))
            .withPropertyValues("singletable.region=eu-west-1", "singletable.access-key-id=a", "singletable.secret-access-key=s",
                    "singletable.cursor-key=" + KEY);

    @Configuration(proxyBeanMethods = false)
    static class NotesSchema {
        @Bean
        TableSchema notes() {
            return NOTES;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnClients {
        @Bean
        DynamoDbClient ownClient() {
            return DynamoDbClient.builder().region(Region.AP_SOUTHEAST_2).endpointOverride(URI.create("http://127.0.0.1:9"))
                    .credentialsProvider(() -> software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("a", "s")).build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = NoteSchema.class)
    static class NotesApplication {
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnNames {
        @Bean
        TableNameResolver stageNames() {
            return design -> "stage." + design;
        }
    }

    @Test
    void clients_whenTheApplicationHasNone_areMadeFromTheProperties() {
        runner.withPropertyValues("singletable.endpoint=http://127.0.0.1:8000").run(context -> {
            assertThat(context).hasSingleBean(DynamoDbClient.class).hasSingleBean(DynamoDbAsyncClient.class);
            DynamoDbClient client = context.getBean(DynamoDbClient.class);
            assertThat(client.serviceClientConfiguration().region()).isEqualTo(Region.EU_WEST_1);
            assertThat(client.serviceClientConfiguration().endpointOverride()).contains(URI.create("http://127.0.0.1:8000"));
            assertThat(context.getBean(DynamoDbAsyncClient.class).serviceClientConfiguration().region()).isEqualTo(Region.EU_WEST_1);
        });
    }

    @Test
    void clients_whenKeysAreSet_signWithThem() {
        runner.run(context -> assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().credentialsProvider()
                .resolveIdentity().join().accessKeyId()).isEqualTo("a"));
    }

    @Test
    void start_whenOnlyTheAccessKeyIdIsSet_isRefusedNamingBothProperties() {
        bare().withPropertyValues("singletable.endpoint=http://127.0.0.1:8000", "singletable.access-key-id=x")
                .run(context -> assertThat(bindingError(context)).satisfies(error -> {
                    assertThat(error.getField()).isEqualTo("accessKeyId");
                    assertThat(error.getRejectedValue()).isEqualTo("x");
                    assertThat(error.getDefaultMessage()).isEqualTo("singletable.access-key-id is set but "
                            + "singletable.secret-access-key is not: set both (fixed credentials), or neither to take them "
                            + "from singletable.profile or the SDK's default chain");
                }));
    }

    @Test
    void start_whenOnlyTheSecretAccessKeyIsSet_isRefusedNamingBothPropertiesNotTheSecret() {
        bare().withPropertyValues("singletable.endpoint=http://127.0.0.1:8000", "singletable.secret-access-key=y")
                .run(context -> assertThat(bindingError(context)).satisfies(error -> {
                    assertThat(error.getField()).isEqualTo("accessKeyId");
                    assertThat(error.getRejectedValue()).isNull();
                    assertThat(error.getDefaultMessage()).isEqualTo("singletable.secret-access-key is set but "
                            + "singletable.access-key-id is not: set both (fixed credentials), or neither to take them "
                            + "from singletable.profile or the SDK's default chain");
                }));
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost:18123", "127.0.0.1:8000", "http://bad host/", "ftp://localhost:8000", "http:///tables"})
    void start_whenTheEndpointIsNoHttpUrlWithAHost_isRefusedNamingThePropertyAndTheForm(String endpoint) {
        bare().withPropertyValues("singletable.endpoint=" + endpoint)
                .run(context -> assertThat(bindingError(context)).satisfies(error -> {
                    assertThat(error.getField()).isEqualTo("endpoint");
                    assertThat(error.getRejectedValue()).isEqualTo(endpoint);
                    assertThat(error.getDefaultMessage()).isEqualTo("singletable.endpoint must be a URL of scheme http or "
                            + "https with a host and, for an engine of its own, a port, such as http://localhost:8000");
                }));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://localhost:8000", "HTTPS://dynamodb.eu-west-1.amazonaws.com", "http://[::1]:8000/"})
    void start_whenTheEndpointIsAnHttpUrl_succeeds(String endpoint) {
        bare().withPropertyValues("singletable.endpoint=" + endpoint).run(context -> assertThat(context).hasNotFailed());
    }

    /** The auto-configuration with no property set. */
    private static ApplicationContextRunner bare() {
        return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class));
    }

    /** The one error for which binding the {@code singletable.*} properties failed the start. */
    private static FieldError bindingError(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        Throwable cause = context.getStartupFailure();
        while (!(cause instanceof BindValidationException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertThat(cause).isInstanceOf(BindValidationException.class);
        List<ObjectError> errors = ((BindValidationException) cause).getValidationErrors().getAllErrors();
        assertThat(errors).hasSize(1).first().isInstanceOf(FieldError.class);
        return (FieldError) errors.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000"})
    void clients_whenTheEndpointIsOnThisMachineAndNoCredentialsAreSet_signWithDummyOnes(String endpoint) {
        bare().withPropertyValues("singletable.endpoint=" + endpoint).run(context -> {
            AwsCredentialsIdentity identity = context.getBean(DynamoDbClient.class).serviceClientConfiguration().credentialsProvider()
                    .resolveIdentity().join();
            assertThat(identity.accessKeyId()).isEqualTo("local");
            assertThat(identity.secretAccessKey()).isEqualTo("local");
        });
    }

    @Test
    void clients_whenTheEndpointIsOnThisMachineAndAProfileIsSet_readCredentialsFromIt() {
        bare().withPropertyValues("singletable.endpoint=http://localhost:8000", "singletable.profile=ci").run(context ->
                assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().credentialsProvider().toString())
                        .contains("ProfileCredentialsProvider").contains("ci"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://10.1.2.3:8000", "http://dynamo.internal:8000"})
    void clients_whenTheEndpointIsAnotherMachinesAndNoCredentialsAreSet_takeTheSdksChain(String endpoint) {
        bare().withPropertyValues("singletable.endpoint=" + endpoint).run(context ->
                assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().credentialsProvider().toString())
                        .doesNotContain("StaticCredentialsProvider"));
    }

    @Test
    void clients_whenAProfileIsSet_readCredentialsFromIt() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class))
                .withPropertyValues("singletable.region=eu-west-1", "singletable.profile=ci").run(context -> assertThat(
                        context.getBean(DynamoDbClient.class).serviceClientConfiguration().credentialsProvider().toString())
                        .contains("ProfileCredentialsProvider").contains("ci"));
    }

    @Test
    void clients_whenAnEndpointIsSetWithoutARegion_signForUsEast1() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class))
                .withPropertyValues("singletable.endpoint=http://127.0.0.1:8000").run(context ->
                        assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().region()).isEqualTo(Region.US_EAST_1));
    }

    @Test
    void clients_whenTheApplicationHasItsOwn_areNotMade() {
        runner.withUserConfiguration(OwnClients.class, NotesSchema.class).run(context -> {
            assertThat(context).hasSingleBean(DynamoDbClient.class).hasBean("ownClient").doesNotHaveBean("dynamoDbClient");
            assertThat(context.getBean(Table.class).schema().name()).isEqualTo("Notes");
        });
    }

    @Test
    void tables_whenATableSchemaBeanIsDeclared_areATableAndAnAsyncTableOfIt() {
        runner.withUserConfiguration(NotesSchema.class).run(context -> {
            assertThat(context).hasSingleBean(Table.class).hasSingleBean(AsyncTable.class);
            assertThat(context).hasBean("notesTable").hasBean("notesAsyncTable");
            assertThat(context.getBean(Table.class).schema().name()).isEqualTo("Notes");
            assertThat(context.getBean(AsyncTable.class).schema().name()).isEqualTo("Notes");
            assertThat(context.getBean(SingleTables.class).table(NOTES)).isSameAs(context.getBean(Table.class));
        });
    }

    @Test
    void tables_whenNoSchemaIsDeclaredOrFound_areNone() {
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(Table.class).doesNotHaveBean(AsyncTable.class));
    }

    @Test
    void tables_whenNoSchemaBeanIsDeclared_areTheGeneratedDesignsOfTheApplicationsPackages() {
        runner.withUserConfiguration(NotesApplication.class).run(context -> {
            assertThat(context).hasSingleBean(TableSchema.class).hasBean("notesTableDesign");
            assertThat(context.getBean(TableSchema.class)).isSameAs(NotesTableDesign.SCHEMA);
            assertThat(context).hasBean("notesTableDesignTable").hasBean("notesTableDesignAsyncTable");
            assertThat(context.getBean(Table.class).schema().index("ByAuthor")).isPresent();
        });
    }

    @Test
    void tables_whenASchemaBeanIsDeclared_leaveTheGeneratedDesignsOut() {
        runner.withUserConfiguration(NotesApplication.class, NotesSchema.class).run(context -> {
            assertThat(context).hasSingleBean(TableSchema.class).doesNotHaveBean("notesTableDesign");
            assertThat(context).hasSingleBean(Table.class);
        });
    }

    @Test
    void tableName_whenPrefixAndSuffixAreSet_isTheDesignsBetweenThem() {
        runner.withUserConfiguration(NotesSchema.class)
                .withPropertyValues("singletable.table-name-prefix=dev-", "singletable.table-name-suffix=-eu")
                .run(context -> assertThat(context.getBean(Table.class).schema().name()).isEqualTo("dev-Notes-eu"));
    }

    @Test
    void tableName_whenTheApplicationHasAResolver_isTheResolvers() {
        runner.withUserConfiguration(NotesSchema.class, OwnNames.class)
                .withPropertyValues("singletable.table-name-prefix=ignored-")
                .run(context -> assertThat(context.getBean(Table.class).schema().name()).isEqualTo("stage.Notes"));
    }

    @Test
    void start_whenTheEndpointIsAmazonsAndNoCursorKeyIsSet_isRefusedNamingTheProperty() {
        runner.withUserConfiguration(NotesSchema.class).withPropertyValues("singletable.cursor-key=").run(context -> assertThat(context).hasFailed().getFailure()
                .rootCause().isInstanceOf(IllegalStateException.class)
                .hasMessage("Table Notes is at Amazon DynamoDB, not on this machine, and no cursor key is set: its cursors would be "
                        + "signed with singletable's published default key, with which anyone can forge one. Set "
                        + "singletable.cursor-key to 32 random bytes in base64 (openssl rand -base64 32), the same in every process"));
    }

    @Test
    void start_whenTheEndpointIsAnotherMachinesAndNoCursorKeyIsSet_isRefused() {
        runner.withUserConfiguration(NotesSchema.class).withPropertyValues("singletable.endpoint=http://10.1.2.3:8000", "singletable.cursor-key=")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageStartingWith("Table Notes is at http://10.1.2.3:8000, not on this machine, and no cursor key is set"));
    }

    @Test
    void start_whenACursorKeyIsSet_succeedsAtAmazon() {
        runner.withUserConfiguration(NotesSchema.class)
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(Table.class));
    }

    @Test
    void start_whenTheEndpointIsLoopbackWithoutACursorKey_succeeds() {
        runner.withUserConfiguration(NotesSchema.class).withPropertyValues("singletable.endpoint=http://localhost:8000", "singletable.cursor-key=")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(Table.class));
    }

    @Test
    void start_whenTheCursorKeyIsTooShort_isRefusedNamingTheProperty() {
        runner.withUserConfiguration(NotesSchema.class).withPropertyValues("singletable.cursor-key=c2hvcnQ=")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause().hasMessage(
                        "singletable.cursor-key holds 5 bytes; give at least 16 (32 random bytes in base64 are best, such as "
                                + "the output of 'openssl rand -base64 32')"));
    }

    @Test
    void start_whenCreateTablesIsNotSet_sendsNothing() {
        // the endpoint refuses every connection: a request would fail the start
        runner.withUserConfiguration(NotesSchema.class).withPropertyValues("singletable.endpoint=http://127.0.0.1:9")
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void start_whenCreateTablesIsSet_asksForTheTable() {
        // creation itself, on Dynoxide: SingleTableTestTest in singletable-spring-boot-test
        runner.withUserConfiguration(NotesSchema.class)
                .withPropertyValues("singletable.endpoint=http://127.0.0.1:9", "singletable.create-tables=true")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("DescribeTable of table in table Notes failed on its way to or from DynamoDB"));
    }

    @Test
    void tables_whenSchemaFilesAreNamed_areLoadedAsTablesWithTheirSchemaFile() {
        runner.withPropertyValues("singletable.schema-files=classpath:META-INF/singletable/Notes.singletable.json")
                .run(context -> {
                    assertThat(context).hasSingleBean(TableSchema.class).hasBean("notesSchema").hasBean("notesSchemaFile")
                            .hasBean("notesSchemaTable");
                    assertThat(context.getBean(dev.singletable.schema.SchemaFile.class).entity("Note").type()).isEqualTo("Note");
                    assertThat(context.getBean(Table.class).schema().name()).isEqualTo("Notes");
                });
    }

    @Test
    void tables_whenSchemaFilesAreNamedNextToGeneratedDesigns_areBoth() {
        runner.withUserConfiguration(NotesApplication.class)
                .withPropertyValues("singletable.schema-files=classpath:bookmarks.singletable.yaml")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasBean("notesTableDesign").hasBean("bookmarksSchema")
                            .hasBean("notesTableDesignTable").hasBean("bookmarksSchemaTable");
                    assertThat(context.getBeansOfType(Table.class).values()).extracting(table -> table.schema().name())
                            .containsExactlyInAnyOrder("Notes", "Bookmarks");
                });
    }

    @Test
    void tables_whenASchemaFileHasAGeneratedDesignsName_failTheStartNamingBoth() {
        runner.withUserConfiguration(NotesApplication.class)
                .withPropertyValues("singletable.schema-files=classpath:META-INF/singletable/Notes.singletable.json")
                .run(context -> assertThat(context).hasFailed().getFailure().isInstanceOf(IllegalStateException.class)
                        .hasMessage("Two designs are named Notes: "
                        + "one generated from @TableDesign class dev.singletable.spring.boot.notes.NotesTable, one from "
                        + "classpath:META-INF/singletable/Notes.singletable.json of singletable.schema-files; a table has one design: "
                        + "rename one of them (the file's table.name, or @TableDesign(name = ...)), or remove the file from "
                        + "singletable.schema-files"));
    }

    @Configuration(proxyBeanMethods = false)
    static class OneTableWanted {
        @Bean
        Object notesService(Table table) {
            return table;
        }
    }

    @Test
    void start_whenOneTableIsInjectedAndThereAreTwo_failsNamingThemAndHowToChoose() {
        AtomicReference<ConfigurableApplicationContext> started = new AtomicReference<>();
        runner.withUserConfiguration(NotesApplication.class, OneTableWanted.class).withInitializer(started::set)
                .withPropertyValues("singletable.schema-files=classpath:bookmarks.singletable.yaml")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis = new AmbiguousTableFailureAnalyzer(started.get().getBeanFactory())
                            .analyze(context.getStartupFailure());

                    assertThat(analysis.getDescription()).isEqualTo("Parameter 0 of method notesService in "
                            + "dev.singletable.spring.boot.SingleTableAutoConfigurationTest$OneTableWanted needs one Table, but the "
                            + "application has 2:\n"
                            + "\n\t- notesTableDesignTable: the Table of TableSchema bean notesTableDesign (design Notes, generated "
                            + "from @TableDesign class dev.singletable.spring.boot.notes.NotesTable)"
                            + "\n\t- bookmarksSchemaTable: the Table of TableSchema bean bookmarksSchema (design Bookmarks, from "
                            + "classpath:bookmarks.singletable.yaml of singletable.schema-files)"
                            + "\n\nEvery TableSchema bean is a table; when the application declares none, every generated "
                            + "@TableDesign design in its packages is one, and every file of singletable.schema-files is one too.");
                    assertThat(analysis.getAction()).isEqualTo("Choose one where it is injected: @Qualifier(\"notesTableDesignTable\") "
                            + "(or another of the names above) on the field or parameter, or inject SingleTables and call "
                            + "table(design) with the TableSchema you mean. Or keep one table: remove a file from "
                            + "singletable.schema-files, or declare the TableSchema beans you want (the generated designs are then "
                            + "not declared).");
                });
    }

    @Test
    void failureAnalyzers_whenLoaded_putTheTablesOneBeforeSpringBoots() {
        List<String> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
                .load(FailureAnalyzer.class, SpringFactoriesLoader.ArgumentResolver.of(BeanFactory.class, new DefaultListableBeanFactory()),
                        SpringFactoriesLoader.FailureHandler.handleMessage((message, failure) -> { })) // those of absent modules
                .stream().map(analyzer -> analyzer.getClass().getSimpleName()).toList();

        assertThat(analyzers).contains("AmbiguousTableFailureAnalyzer", "NoUniqueBeanDefinitionFailureAnalyzer");
        assertThat(analyzers.indexOf("AmbiguousTableFailureAnalyzer")).isLessThan(analyzers.indexOf("NoUniqueBeanDefinitionFailureAnalyzer"));
    }

    @Test
    void tables_whenASchemaFileIsMissing_failTheStartNamingIt() {
        runner.withPropertyValues("singletable.schema-files=classpath:no-such.singletable.yaml")
                .run(context -> assertThat(context).hasFailed().getFailure().hasStackTraceContaining("singletable.schema-files: "
                        + "cannot read classpath:no-such.singletable.yaml (class path resource [no-such.singletable.yaml] cannot be "
                        + "opened because it does not exist); name a Spring resource such as classpath:app.singletable.yaml"));
    }
}
