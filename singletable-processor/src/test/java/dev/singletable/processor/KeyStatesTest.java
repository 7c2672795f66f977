package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * State-dependent keys declared with {@code @KeyState} and {@code @StateAttribute}: the generated {@code STATES}, the
 * table design registering them, the schema file holding them (golden files under {@code golden-states}), and the
 * compile errors for states that cannot work. Run with {@code -Dsingletable.golden.update=true} to rewrite the expected files.
 */
class KeyStatesTest {
    private static final Path INPUT = Path.of("src/test/resources/golden-states/input");
    private static final Path EXPECTED = Path.of("src/test/resources/golden-states/expected");

    private static Compilation compileCatalog() throws IOException {
        return GoldenFiles.compileUnderWerror(GoldenFiles.sourcesBelow(INPUT));
    }

    private static void matchesGolden(String name, String actual) throws IOException {
        GoldenFiles.assertMatchesGolden(EXPECTED.resolve(name), actual);
    }

    @Test
    void generate_whenEntitiesDeclareKeyStates_matchesGoldenFilesAndCompilesUnderWerror() throws IOException {
        Compilation compilation = compileCatalog();

        assertThat(compilation).succeededWithoutWarnings();
        List<JavaFileObject> generated = compilation.generatedSourceFiles();
        assertThat(generated).extracting(f -> f.getName().substring(f.getName().indexOf("catalog/")))
                .containsExactlyInAnyOrder("catalog/ProductSchema.java", "catalog/PageSchema.java", "catalog/CatalogTableDesign.java");
        for (JavaFileObject file : generated) {
            matchesGolden(file.getName().substring(file.getName().indexOf("catalog/")), file.getCharContent(true).toString());
        }
        JavaFileObject design = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/singletable/CatalogTable.singletable.json")
                .orElseThrow();
        matchesGolden("META-INF/singletable/CatalogTable.singletable.json", design.getCharContent(true).toString());
    }

    private static Compilation compileProduct(String annotations, String components) {
        return javac().withProcessors(new SingleTableProcessor()).compile(JavaFileObjects.forSourceString("t.Product", """
                package t;
                import dev.singletable.annotations.*;
                enum Stage { DRAFT, LIVE, RETIRED }
                @Entity
                %s
                public record Product(String productId, %s) {}
                """.formatted(annotations, components)));
    }

    /** States that cannot work: the case, the entity's annotations, its components after productId, the one error. */
    static Stream<Arguments> keyStatesThatCannotWork() {
        return Stream.of(
                Arguments.of("an enum constant has no state", """
                        @KeyState(value = "DRAFT", type = "DraftProduct", pk = "DRAFT#{productId}", sk = "P")
                        @KeyState(value = "LIVE", type = "LiveProduct", pk = "PRODUCT#{productId}", sk = "P")""",
                        "@StateAttribute Stage stage",
                        "Product: the @KeyStates by stage cover [DRAFT, LIVE] but not [RETIRED]; an entity with "
                        + "that value would have no key: add @KeyState(value = \"RETIRED\", type = \"...\", pk = \"...\")"),
                Arguments.of("a value is no value of the attribute", """
                        @KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE#{productId}", sk = "P")
                        @KeyState(value = "ture", type = "ArchivedProduct", pk = "ARCHIVED#{productId}", sk = "P")""",
                        "@StateAttribute boolean archived",
                        "Product: @KeyState(value = \"ture\") is no value of Product.archived (did you mean "
                        + "\"true\"?); its values are [false, true]"),
                Arguments.of("no property is the state attribute", """
                        @KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE#{productId}", sk = "P")
                        @KeyState(value = "true", type = "ArchivedProduct", pk = "ARCHIVED#{productId}", sk = "P")""",
                        "boolean archived",
                        "Product: @KeyState needs the attribute whose value picks the state: mark one boolean or "
                        + "enum property @StateAttribute"),
                Arguments.of("the state attribute is a string", """
                        @KeyState(value = "a", type = "ActiveProduct", pk = "ACTIVE#{productId}", sk = "P")""",
                        "@StateAttribute String status",
                        "Product.status: @StateAttribute needs a boolean or an enum, not java.lang.String"),
                Arguments.of("two states have the same keys", """
                        @KeyState(value = "false", type = "ActiveProduct", pk = "PRODUCT#{productId}", sk = "P")
                        @KeyState(value = "true", type = "ArchivedProduct", pk = "PRODUCT#{productId}", sk = "P")""",
                        "@StateAttribute boolean archived",
                        "Product: states ActiveProduct and ArchivedProduct have the same keys (PRODUCT#{productId} / P), so nothing "
                        + "tells their items apart; give one of them other literal text in its pk, sk or an index key, such as "
                        + "'ARCHIVEDPRODUCT#{...}'"),
                Arguments.of("a state template names an unknown attribute", """
                        @KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE#{productID}", sk = "P")
                        @KeyState(value = "true", type = "ArchivedProduct", pk = "ARCHIVED#{productId}", sk = "P")""",
                        "@StateAttribute boolean archived",
                        "key template 'ACTIVE#{productID}' names {productID}, which is no attribute of Product; "
                        + "did you mean {productId}?"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyStatesThatCannotWork")
    void compile_whenKeyStatesCannotWork_failsWithOneErrorSayingWhyAndTheFix(String when, String annotations, String components,
            String error) {
        Compilation compilation = compileProduct(annotations, components);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining(error);
    }

    @Test
    void compile_whenTheEntityAlsoGivesKeys_failsAskingToRemoveThem() {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(JavaFileObjects.forSourceString("t.Product", """
                package t;
                import dev.singletable.annotations.*;
                @Entity(pk = "PRODUCT#{productId}", sk = "P")
                @KeyState(value = "false", type = "ActiveProduct", pk = "ACTIVE#{productId}", sk = "P")
                @KeyState(value = "true", type = "ArchivedProduct", pk = "ARCHIVED#{productId}", sk = "P")
                public record Product(String productId, @StateAttribute boolean archived) {}
                """));

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("Product: @Entity gives keys (pk 'PRODUCT#{productId}') and @KeyState gives each state's "
                + "keys; remove pk and sk from @Entity, each state has its own");
    }

    @Test
    void compile_whenAnEntityHasNeitherKeysNorStates_failsAskingForPk() {
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(JavaFileObjects.forSourceString("t.Note", """
                package t;
                import dev.singletable.annotations.*;
                @Entity
                public record Note(String noteId) {}
                """));

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("Note: @Entity gives no pk; give the partition key template, such as pk = \"NOTE#{...}\", "
                + "or declare its keys by state with @KeyState and @StateAttribute");
    }

    @Test
    void compile_whenAnItemCollectionPermitsAnEntityWithStates_failsOnTheCollectionNamingTheEntityAndTheFix() {
        JavaFileObject items = JavaFileObjects.forSourceLines("t.ShopItems",
                "package t;",
                "import dev.singletable.annotations.*;",
                "@ItemCollection",
                "sealed interface ShopItems permits Shop, Product {}",
                "@Entity(pk = \"SHOP#{shopId}\", sk = \"SHOP\") record Shop(String shopId) implements ShopItems {}",
                "@Entity",
                "@KeyState(value = \"false\", type = \"ActiveProduct\", pk = \"SHOP#{shopId}\", sk = \"ACTIVE#{productId}\")",
                "@KeyState(value = \"true\", type = \"ArchivedProduct\", pk = \"SHOP#{shopId}\", sk = \"ARCHIVED#{productId}\")",
                "record Product(String shopId, String productId, @StateAttribute boolean archived) implements ShopItems {}");

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(items);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@ItemCollection ShopItems permits Product, whose keys depend on its state (@KeyState: "
                + "false -> ActiveProduct, true -> ArchivedProduct); each state is an entity type of its own, and a generated collection "
                + "lists one entity type per member, so Product cannot be a member: remove Product from the permits clause of ShopItems "
                + "and read its states with their own queries (table.query(ProductSchema.STATES.state(...)))")
                .inFile(items).onLine(4);
    }

    @Test
    void compile_whenAStateTemplateCoincidesWithAnotherEntitysKey_failsOnTheTableDesignNamingBothAndTheFix() {
        JavaFileObject shop = JavaFileObjects.forSourceLines("t.Shop",
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "@TableDesign(name = \"Shop\", entities = {Product.class, Lookalike.class})",
                "public final class Shop {}");
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceLines("t.Product",
                        "package t;",
                        "import dev.singletable.annotations.*;",
                        "@Entity",
                        "@KeyState(value = \"false\", type = \"ActiveProduct\", pk = \"ACTIVE_PRODUCT#{productId}\", sk = \"METADATA\")",
                        "@KeyState(value = \"true\", type = \"ArchivedProduct\", pk = \"ARCHIVED_PRODUCT#{productId}\", sk = \"METADATA\")",
                        "public record Product(String productId, @StateAttribute boolean archived) {}"),
                JavaFileObjects.forSourceLines("t.Lookalike",
                        "package t;",
                        "import dev.singletable.annotations.*;",
                        "@Entity(pk = \"ARCHIVED_PRODUCT#{productId}\", sk = \"METADATA\")",
                        "public record Lookalike(String productId) {}"),
                shop);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation.errors().get(0).getMessage(null)).isEqualTo("Table Shop: entity types ArchivedProduct "
                + "('ARCHIVED_PRODUCT#{productId}' / 'METADATA') and Lookalike ('ARCHIVED_PRODUCT#{productId}' / 'METADATA') can write "
                + "the same primary key, such as PK='ARCHIVED_PRODUCT#', SK='METADATA', and then one overwrites the other; give one of "
                + "them other literal text in its sort key template, such as 'LOOKALIKE#{...}'");
        assertThat(compilation).hadErrorContaining("Table Shop: entity types ArchivedProduct").inFile(shop).onLine(3);
    }

    @Test
    void compile_whenARelationSideIsAnEntityWithStates_failsNamingTheRelationTheEntityAndTheFix() {
        JavaFileObject shop = JavaFileObjects.forSourceLines("t.Shop",
                "package t;",
                "import dev.singletable.annotations.TableDesign;",
                "import dev.singletable.annotations.TableDesign.RelationSide;",
                "@TableDesign(name = \"Shop\", entities = {Product.class, Tag.class},",
                "        relations = @TableDesign.Relation(name = \"ProductTags\", first = Product.class, second = Tag.class,",
                "                firstSide = @RelationSide(pk = \"PRODUCT#{productId}\", sk = \"TAG#{tagId}\"),",
                "                secondSide = @RelationSide(pk = \"TAG#{tagId}\", sk = \"PRODUCT#{productId}\")))",
                "public final class Shop {}");
        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(
                JavaFileObjects.forSourceLines("t.Product",
                        "package t;",
                        "import dev.singletable.annotations.*;",
                        "@Entity",
                        "@KeyState(value = \"false\", type = \"ActiveProduct\", pk = \"ACTIVE#{productId}\", sk = \"P\")",
                        "@KeyState(value = \"true\", type = \"ArchivedProduct\", pk = \"ARCHIVED#{productId}\", sk = \"P\")",
                        "public record Product(String productId, @StateAttribute boolean archived) {}"),
                JavaFileObjects.forSourceLines("t.Tag",
                        "package t;",
                        "import dev.singletable.annotations.*;",
                        "@Entity(pk = \"TAG#{tagId}\", sk = \"TAG\")",
                        "public record Tag(String tagId) {}"),
                shop);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@TableDesign Shop: relation 'ProductTags': first = Product.class has keys that depend "
                + "on its state (@KeyState by archived: false -> ActiveProduct, true -> ArchivedProduct): when the state changes the item "
                + "moves to another key, and the relation's adjacency items and related(...) reads would still name the old one. "
                + "Relations on entities with @KeyState are not supported; relate an entity with fixed keys instead (give Product "
                + "@Entity keys and put the state in an @Index key, or relate an entity that holds its id)").inFile(shop).onLine(4);
    }
}
