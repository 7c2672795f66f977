package dev.singletable.spring.boot;

import dev.singletable.ConditionFailedException;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.spring.boot.notes.Note;
import dev.singletable.spring.boot.notes.NoteSchema;
import dev.singletable.spring.boot.notes.NotesTableDesign;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The meters and observations of real requests on Dynoxide: every meter's name and tags, asserted whole.
 */
class RequestMetersTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(NotesTableDesign.SCHEMA);

    static final List<Observation.Context> OBSERVED = new CopyOnWriteArrayList<>();

    @Configuration(proxyBeanMethods = false)
    static class Registries {
        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        ObservationRegistry observationRegistry() {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<>() {
                @Override
                public void onStop(Observation.Context context) {
                    OBSERVED.add(context);
                }

                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }
            });
            return registry;
        }
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class, SingleTableMetricsAutoConfiguration.class))
            .withBean(DynamoDbClient.class, db::client).withBean(TableSchema.class, () -> NotesTableDesign.SCHEMA)
            .withBean(TableNameResolver.class, () -> design -> db.tableName())
            .withUserConfiguration(Registries.class);

    @BeforeEach
    void forgetObservations() {
        OBSERVED.clear();
    }

    @Test
    void requests_whenSentThroughTheTableBean_areMeteredByOperationEntityPatternIndexAndOutcome() {
        runner.run(context -> {
            Table table = context.getBean(Table.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            Note note = new Note("N1", "ada", "hello");

            table.create(note);
            ConditionFailedException refused = catchThrowableOfType(ConditionFailedException.class, () -> table.create(note));
            AccessPatternScope.run("notesOfAuthor", () -> table.query(NoteSchema.INSTANCE).index(NoteSchema.BY_AUTHOR)
                    .partition(NoteSchema.AUTHOR, "ada").list());
            table.get(NoteSchema.INSTANCE, KeyValues.of("noteId", "N1"));

            assertThat(refused).isNotNull();
            String name = db.tableName();
            assertThat(meters(registry)).containsExactlyInAnyOrder(
                    "singletable.requests{entity=Note,error.code=none,index=none,operation=PutItem,outcome=success,pattern=none,table=" + name + "} count=1",
                    "singletable.requests{entity=Note,error.code=ConditionalCheckFailedException,index=none,operation=PutItem,"
                            + "outcome=condition_failed,pattern=none,table=" + name + "} count=1",
                    "singletable.requests{entity=Note,error.code=none,index=ByAuthor,operation=Query,outcome=success,pattern=notesOfAuthor,table=" + name + "} count=1",
                    "singletable.requests{entity=Note,error.code=none,index=none,operation=GetItem,outcome=success,pattern=none,table=" + name + "} count=1",
                    // one unit for the table, one for the GSI the item has keys on
                    "singletable.capacity.consumed{capacity=write,entity=Note,index=none,operation=PutItem,pattern=none,table=" + name + "} count=2.0",
                    "singletable.capacity.consumed{capacity=read,entity=Note,index=ByAuthor,operation=Query,pattern=notesOfAuthor,table=" + name + "} count=0.5",
                    "singletable.capacity.consumed{capacity=read,entity=Note,index=none,operation=GetItem,pattern=none,table=" + name + "} count=0.5",
                    "singletable.items{entity=Note,index=none,operation=PutItem,pattern=none,table=" + name + "} count=1.0",
                    "singletable.items{entity=Note,index=ByAuthor,operation=Query,pattern=notesOfAuthor,table=" + name + "} count=1.0",
                    "singletable.items{entity=Note,index=none,operation=GetItem,pattern=none,table=" + name + "} count=1.0");
            assertThat(OBSERVED).isEmpty(); // observations are off unless asked
        });
    }

    @Test
    void capacity_whenPartiqlReadsAndWritesAreBothExecuteStatement_isTaggedReadForTheSelectAndWriteForTheUpdate() {
        runner.run(context -> {
            Table table = context.getBean(Table.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            table.create(new Note("N2", "ada", "hello"));
            KeyValues key = KeyValues.of("noteId", "N2");

            table.partiql(NoteSchema.INSTANCE, "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ?").parameters("NOTE#N2").list();
            table.execute(table.partiqlUpdate(NoteSchema.INSTANCE, key, u -> u.set(NoteSchema.TEXT, "bye")));

            assertThat(meters(registry)).filteredOn(m -> m.startsWith("singletable.capacity.consumed{") && m.contains("operation=ExecuteStatement"))
                    .map(m -> m.replaceAll("table=[^}]*", "table=T"))
                    .containsExactlyInAnyOrder(
                            "singletable.capacity.consumed{capacity=read,entity=Note,index=none,operation=ExecuteStatement,pattern=none,table=T} count=0.5",
                            // the table's item and its ByAuthor copy, as for the put
                            "singletable.capacity.consumed{capacity=write,entity=Note,index=none,operation=ExecuteStatement,pattern=none,table=T} count=2.0");
        });
    }

    @Test
    void requests_whenObservationsAreOn_areObservedWithTheMetersTags() {
        runner.withPropertyValues("singletable.observations=true", "singletable.metrics=false").run(context -> {
            Table table = context.getBean(Table.class);
            AccessPatternScope.run("noteById", () -> table.get(NoteSchema.INSTANCE, KeyValues.of("noteId", "N404")));

            assertThat(context).doesNotHaveBean("singleTableRequestMeters");
            assertThat(context.getBean(MeterRegistry.class).getMeters()).isEmpty();
            assertThat(OBSERVED).hasSize(1);
            Observation.Context observed = OBSERVED.get(0);
            assertThat(observed.getName()).isEqualTo("singletable.request");
            assertThat(observed.getContextualName()).isEqualTo("GetItem " + db.tableName());
            assertThat(observed.getLowCardinalityKeyValues().stream().map(kv -> kv.getKey() + "=" + kv.getValue()).sorted().toList())
                    .containsExactly("entity=Note", "error.code=none", "index=none", "operation=GetItem", "outcome=success",
                            "pattern=noteById", "table=" + db.tableName());
            assertThat(observed.getHighCardinalityKeyValues()).isEmpty();
        });
    }

    @Test
    void meters_whenTheApplicationHasNoMeterRegistry_areNotMade() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class, SingleTableMetricsAutoConfiguration.class))
                .withPropertyValues("singletable.endpoint=http://127.0.0.1:9")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("singleTableRequestMeters")
                        .doesNotHaveBean("singleTableRequestObservations"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "yes", "on", "1", "TRUE"})
    void meters_whenMetricsIsAnyTrueValueSpringBinds_areMade(String value) {
        runner.withPropertyValues("singletable.metrics=" + value).run(context -> {
            assertThat(context.getBean(SingleTableProperties.class).isMetrics()).isTrue();
            assertThat(context).hasBean("singleTableRequestMeters");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "no", "off", "0"})
    void meters_whenMetricsIsAnyFalseValueSpringBinds_areNotMade(String value) {
        runner.withPropertyValues("singletable.metrics=" + value).run(context -> {
            assertThat(context.getBean(SingleTableProperties.class).isMetrics()).isFalse();
            assertThat(context).doesNotHaveBean("singleTableRequestMeters");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "yes", "on", "1"})
    void observations_whenAnyTrueValueSpringBinds_areMade(String value) {
        runner.withPropertyValues("singletable.observations=" + value)
                .run(context -> assertThat(context).hasBean("singleTableRequestObservations"));
    }

    @Test
    void meters_whenMetricsIsNoBoolean_failTheStartNamingTheProperty() {
        runner.withPropertyValues("singletable.metrics=maybe").run(context -> {
            assertThat(context).hasFailed();
            Throwable cause = context.getStartupFailure();
            while (!(cause instanceof BindException) && cause.getCause() != null) {
                cause = cause.getCause();
            }
            assertThat(cause).isInstanceOf(BindException.class)
                    .hasMessageStartingWith("Failed to bind properties under 'singletable.metrics' to ");
        });
    }

    /** Each meter as {@code name{tags} count=N}: a timer's count, a counter's sum. */
    private static List<String> meters(MeterRegistry registry) {
        return registry.getMeters().stream().map(RequestMetersTest::describe).collect(Collectors.toList());
    }

    private static String describe(Meter meter) {
        String tags = meter.getId().getTags().stream().map(Tag::toString).map(t -> t.replace("tag(", "").replace(")", ""))
                .collect(Collectors.joining(","));
        String value = meter instanceof io.micrometer.core.instrument.Timer timer ? String.valueOf(timer.count())
                : String.valueOf(((io.micrometer.core.instrument.Counter) meter).count());
        return meter.getId().getName() + "{" + tags + "} count=" + value;
    }
}
