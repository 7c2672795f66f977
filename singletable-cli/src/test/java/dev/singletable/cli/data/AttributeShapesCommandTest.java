package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** put, get and update of a design whose attributes are number and binary sets, documents, lists of a kind, nullable, defaulted and validated. */
class AttributeShapesCommandTest {
    private static final String SHAPES = "src/test/resources/shapes/shapes.singletable.yaml";

    @Test
    void putThenGet_whenAttributesHaveEveryShape_printsWhatWasStored(@TempDir Path data) {
        String dir = data.toString();

        CliRun put = CliRun.of("put", SHAPES, "Shape", "id=s1", "sizes=[41]", "keys=[\"AQI=\"]", "doc={\"a\":[1,null,true,{}]}",
                "scores=[3,1,3]", "code=ABC", "--data-dir", dir).replacing(dir, "DATA");
        CliRun get = CliRun.of("get", SHAPES, "Shape", "id=s1", "--format", "json", "--data-dir", dir).replacing(dir, "DATA");

        assertThat(put.exitCode()).as(put.err()).isZero();
        put.matchesGolden("shapes/put.txt");
        get.matchesGolden("shapes/get.json.txt");
    }

    @Test
    void putThenGet_whenADocumentMemberIsNull_storesAndPrintsItAsNull(@TempDir Path data) {
        String dir = data.toString();

        CliRun put = CliRun.of("put", SHAPES, "Shape", "id=s6", "doc={\"deleted\":null,\"n\":1,\"inner\":{\"x\":null}}", "--data-dir", dir);
        CliRun get = CliRun.of("get", SHAPES, "Shape", "id=s6", "--format", "json", "--data-dir", dir);

        assertThat(put.exitCode()).as(put.err()).isZero();
        // the item as written: currency, left out, is written as its default
        assertThat(put.out()).contains("\ndoc       {deleted: null, inner: {x: null}, n: 1}\ncurrency  \"EUR\"\n");
        assertThat(get.out()).contains("\"deleted\" : null", "\"inner\" : {\n      \"x\" : null\n    }");
    }

    @Test
    void get_whenTheDefaultedAttributeWasRemoved_printsItsDefaultAsARecordEntityReadsIt(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", SHAPES, "Shape", "id=s9", "currency=USD", "--data-dir", dir);
        CliRun remove = CliRun.of("update", SHAPES, "Shape", "id=s9", "--remove", "currency", "--data-dir", dir);

        CliRun get = CliRun.of("get", SHAPES, "Shape", "id=s9", "--format", "json", "--data-dir", dir);

        assertThat(remove.exitCode()).as(remove.err()).isZero();
        assertThat(get.exitCode()).as(get.err()).isZero();
        assertThat(get.out()).contains("\"currency\" : \"EUR\"");
    }

    @Test
    void put_whenAValueBreaksARuleOrItsType_failsNamingEntityAttributeAndValue(@TempDir Path data) {
        String dir = data.toString();

        CliRun badCode = CliRun.of("put", SHAPES, "Shape", "id=s2", "code=abc", "--data-dir", dir).replacing(dir, "DATA");
        CliRun badSizes = CliRun.of("put", SHAPES, "Shape", "id=s3", "sizes=[\"big\"]", "--data-dir", dir).replacing(dir, "DATA");

        assertThat(badCode.exitCode()).isNotZero();
        assertThat(badCode.err()).contains("Shape.code: value \"abc\" does not match the pattern '[A-Z]{3}'");
        assertThat(badSizes.exitCode()).isEqualTo(2);
        assertThat(badSizes.err()).contains("sizes=[\"big\"]");
    }

    @Test
    void put_whenANumberOrBinarySetIsEmpty_isUsageErrorNamingEntityAndAttribute(@TempDir Path data) {
        String dir = data.toString();

        CliRun emptySizes = CliRun.of("put", SHAPES, "Shape", "id=s4", "sizes=[]", "--data-dir", dir);
        CliRun emptyKeys = CliRun.of("put", SHAPES, "Shape", "id=s5", "keys=[]", "--data-dir", dir);
        CliRun get = CliRun.of("get", SHAPES, "Shape", "id=s4", "--data-dir", dir);

        assertThat(emptySizes.exitCode()).isEqualTo(2);
        assertThat(emptySizes.err()).isEqualTo("put Shape: Shape.sizes: the empty set [] cannot be stored (DynamoDB has no empty sets, so the "
                + "attribute would be left out and read back absent); leave sizes out, or give it at least one value\n"
                + "Run 'singletable put --help' for its options.\n");
        assertThat(emptyKeys.exitCode()).isEqualTo(2);
        assertThat(emptyKeys.err()).startsWith("put Shape: Shape.keys: the empty set [] cannot be stored");
        assertThat(get.exitCode()).as("nothing was written").isNotZero();
    }

    @Test
    void update_whenValuesAreSetsAndDocuments_showsThemInTheValuesLineAsTheItemShowsThem(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", SHAPES, "Shape", "id=s7", "--data-dir", dir);

        CliRun update = CliRun.of("update", SHAPES, "Shape", "id=s7", "--set", "sizes=[7,41]", "--set", "keys=[\"AQI=\"]",
                "--set", "doc={\"say\":[\"x, \\\"y\\\"\"]}", "--data-dir", dir);

        assertThat(update.exitCode()).as(update.err()).isZero();
        assertThat(update.out()).contains("values               :v0 = [7, 41], :v1 = [AQI=], :v2 = {say: [\"x, \\\"y\\\"\"]}",
                "\nsizes     [7, 41]\nkeys      [AQI=]\ndoc       {say: [\"x, \\\"y\\\"\"]}\n");
    }
}
