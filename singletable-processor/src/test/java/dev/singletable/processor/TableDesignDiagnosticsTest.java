package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/** Each mistake in a {@code @TableDesign} is a compile error on the annotation, with the core's message where the core sees it. */
class TableDesignDiagnosticsTest {
    private static final JavaFileObject SCORE = JavaFileObjects.forSourceLines("t.Score",
            "package t;",
            "import dev.singletable.annotations.*;",
            "@Entity(pk = \"GAME#{game}\", sk = \"PLAYER#{player}\")",
            "@Index(name = \"ByPoints\", pk = \"GAME#{game}\", sk = \"{points}\")",
            "public record Score(String game, String player, long points) {}");

    private static Compilation compile(String... holder) {
        return javac().withProcessors(new SingleTableProcessor()).compile(SCORE, JavaFileObjects.forSourceLines("t.Games", holder));
    }

    private static String errors(Compilation compilation) {
        return compilation.errors().stream().map(d -> d.getLineNumber() + ": " + d.getMessage(null)).collect(Collectors.joining("\n"));
    }

    private static Compilation compileSessions(String sessionComponent, String timeToLive) {
        JavaFileObject session = JavaFileObjects.forSourceLines("t.Session",
                "package t;",
                "import dev.singletable.annotations.*;",
                "import java.time.Instant;",
                "@Entity(pk = \"SESSION#{id}\", sk = \"SESSION\")",
                "public record Session(String id,",
                "        " + sessionComponent + ") {}");
        return javac().withProcessors(new SingleTableProcessor()).compile(session, JavaFileObjects.forSourceLines("t.Sessions",
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Sessions\"" + timeToLive + ", entities = Session.class)",
                "public final class Sessions {}"));
    }

    @Test
    void compile_whenTwoEntitiesHaveOneTypeName_namesBothClassesAtTheSecondsEntity() {
        JavaFileObject entities = JavaFileObjects.forSourceLines("t.A",
                "package t;",
                "import dev.singletable.annotations.*;",
                "@Entity(pk = \"C#{id}\", sk = \"{name}\") record A(String id, String name) {}",
                "@Entity(type = \"A\", pk = \"D#{id}\", sk = \"PROFILE\") record B(String id, String email) {}");
        JavaFileObject table = JavaFileObjects.forSourceLines("t.App",
                "package t;",
                "import dev.singletable.annotations.*;",
                "@TableDesign(name = \"App\", entities = {A.class, B.class}) final class App {}");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(entities, table);

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("4: t.A (by its class name) and t.B (@Entity(type = \"A\")) both have entity type 'A' "
                + "in table App, so their items cannot be told apart; give one another type with @Entity(type = \"...\")");
        assertThat(compilation.errors().get(0).getSource().getName()).endsWith("t/A.java");
    }

    @Test
    void compile_whenAnEntityIsListedTwice_saysToRemoveOne() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.*;",
                "@TableDesign(name = \"Games\",",
                "        entities = {Score.class, Score.class})",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("4: @TableDesign Games lists t.Score twice in entities; remove one Score.class");
    }

    @Test
    void compile_whenTimeToLiveIsStoredUnderAnotherNameThanTheTables_reportsItOnTheComponentWithTheFix() {
        Compilation compilation = compileSessions("@TimeToLive Instant expiresAt", ", timeToLiveAttribute = \"ttl\"");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("6: Session.expiresAt: @TimeToLive is for the TTL attribute of table Sessions, which is "
                + "'ttl', but this one is stored as 'expiresAt': DynamoDB would never expire its items; store it as 'ttl' "
                + "(@Attribute(name = \"ttl\"))");
    }

    @Test
    void compile_whenTimeToLiveIsOnATableWithoutTtlAttribute_reportsItWithTheDeclarationToAdd() {
        Compilation compilation = compileSessions("@TimeToLive Instant expiresAt", "");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("6: Session.expiresAt: @TimeToLive is for the TTL attribute of table Sessions, which is "
                + "not declared, but this one is stored as 'expiresAt': DynamoDB would never expire its items; declare "
                + "timeToLiveAttribute = \"expiresAt\" on the table's @TableDesign");
    }

    @Test
    void compile_whenTimeToLiveIsStoredAsTheTablesTtlAttribute_succeeds() {
        assertThat(compileSessions("@TimeToLive @Attribute(name = \"ttl\") Instant expiresAt", ", timeToLiveAttribute = \"ttl\""))
                .succeededWithoutWarnings();
    }

    @Test
    void compile_whenAnEntityNamesAnIndexTheTableLacks_reportsItOnTheEntitysIndex() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\",",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("4: Score: index 'ByPoints' is not an index of table Games; it has no secondary "
                + "indexes: add @TableDesign.GlobalIndex(name = \"ByPoints\", ...) to the table's indexes");
        assertThat(compilation).hadErrorContaining("index 'ByPoints'").inFile(SCORE).onLine(4);
    }

    @Test
    void compile_whenAnEntityNamesAnIndexTheTableLacksAmongOthers_listsTheTablesIndexes() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\",",
                "        indexes = {@TableDesign.GlobalIndex(name = \"GSI1\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\"),",
                "                   @TableDesign.GlobalIndex(name = \"GSI2\", partitionKey = \"GSI2PK\")},",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("4: Score: index 'ByPoints' is not an index of table Games; its indexes are [GSI1, GSI2]: "
                + "name one of them, or add @TableDesign.GlobalIndex(name = \"ByPoints\", ...) to the table's indexes");
        assertThat(compilation).hadErrorContaining("index 'ByPoints'").inFile(SCORE).onLine(4);
    }

    @Test
    void compile_whenAnLsiIsOnATableWithoutSortKey_reportsTheCoreMessage() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\", noSortKey = true,",
                "        localIndexes = @TableDesign.LocalIndex(name = \"ByPoints\", sortKey = \"points\"),",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("3: Table Games: LSI 'ByPoints' needs a table with a sort key, as DynamoDB allows LSIs only there; "
                + "give the table a sort key or make the index global");
    }

    @Test
    void compile_whenATemplateWithLiteralTextIsOnANumberKey_reportsTheTemplateAtTheEntity() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "import dev.singletable.annotations.TableDesign.KeyType;",
                "@TableDesign(name = \"Games\",",
                "        indexes = @TableDesign.GlobalIndex(name = \"ByPoints\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\"),",
                "        partitionKeyType = KeyType.N,",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("template 'GAME#{game}'").inFile(SCORE).onLine(3);
        assertThat(errors(compilation)).isEqualTo("3: Score: the table of table Games, key attribute 'PK' (N): template 'GAME#{game}' has literal "
                + "text or a format; a number key stores one attribute's value, so its template is exactly one slot such as '{game}' "
                + "(or declare the key attribute a string, KeyAttribute.string(\"PK\"))");
    }

    @Test
    void compile_whenMoreThanTwentyGsisAreDeclared_reportsTheLimit() {
        String indexes = IntStream.rangeClosed(1, 21).mapToObj(i -> "@TableDesign.GlobalIndex(name = \"GSI" + i + "\", partitionKey = \"GSI" + i
                + "PK\")").collect(Collectors.joining(", "));
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\",",
                "        indexes = {@TableDesign.GlobalIndex(name = \"ByPoints\", partitionKey = \"GSI0PK\", sortKey = \"points\",",
                "                sortKeyType = TableDesign.KeyType.N), " + indexes + "},",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("3: Table Games declares 22 GSIs; DynamoDB allows 20 per table: remove 2, or overload one index "
                + "with several entities' keys (GSI1PK/GSI1SK)");
    }

    @Test
    void compile_whenKeyTypesDoNotMatchKeyAttributes_reportsTheCounts() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "import dev.singletable.annotations.TableDesign.KeyType;",
                "@TableDesign(name = \"Games\",",
                "        indexes = @TableDesign.GlobalIndex(name = \"ByPoints\", partitionKey = {\"game\", \"region\"},",
                "                partitionKeyType = KeyType.S),",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("4: @TableDesign Games: GSI 'ByPoints' lists 2 partitionKey attributes [game, region] but 1 "
                + "partitionKeyType; give one type per attribute, or none for all strings");
    }

    @Test
    void compile_whenIncludeIsGivenWithoutTheIncludeProjection_reportsTheFix() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\",",
                "        indexes = @TableDesign.GlobalIndex(name = \"ByPoints\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\",",
                "                include = \"player\"),",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("3: @TableDesign Games: index 'ByPoints' lists include = [player] but projects ALL; set "
                + "projection = ProjectionType.INCLUDE, or remove include");
    }

    // ------------------------------------------------------------------ review of the processor (h37): findings 8 and 13

    @Test
    void compile_whenAnEntityNamesAnIndexCloseToTheTables_reportsItOnTheIndexWithTheClosestName() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\",",
                "        indexes = @TableDesign.GlobalIndex(name = \"ByPoint\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\"),",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("4: Score: index 'ByPoints' is not an index of table Games; did you mean 'ByPoint'?; "
                + "its indexes are [ByPoint]: name one of them, or add @TableDesign.GlobalIndex(name = \"ByPoints\", ...) to the table's "
                + "indexes");
        assertThat(compilation).hadErrorContaining("did you mean 'ByPoint'?").inFile(SCORE).onLine(4);
    }

    @Test
    void compile_whenTheCoreRefusesAnEntitysIndexOnTheTable_reportsItOnThatIndex() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "import dev.singletable.annotations.TableDesign.KeyType;",
                "@TableDesign(name = \"Games\",",
                "        indexes = @TableDesign.GlobalIndex(name = \"ByPoints\", partitionKey = \"GSI1PK\", partitionKeyType = KeyType.N,",
                "                sortKey = \"GSI1SK\"),",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("Score: ").inFile(SCORE).onLine(4);
        assertThat(compilation.errors()).hasSize(1);
    }

    @Test
    void compile_whenAnIncludeProjectionNamesNoStoredAttribute_reportsTheClosestAtTheDesign() {
        Compilation compilation = compile(
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Games\",",
                "        indexes = @TableDesign.GlobalIndex(name = \"ByPoints\", partitionKey = \"GSI1PK\", sortKey = \"GSI1SK\",",
                "                projection = TableDesign.ProjectionType.INCLUDE, include = {\"plyer\"}),",
                "        entities = Score.class)",
                "public final class Games {}");

        assertThat(compilation).failed();
        assertThat(errors(compilation)).isEqualTo("3: @TableDesign Games: index 'ByPoints' includes 'plyer', which no entity of the table "
                + "stores; did you mean 'player'?; include stored attribute names (the table's: [game, player, points])");
    }
}
