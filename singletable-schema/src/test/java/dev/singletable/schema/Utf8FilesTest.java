package dev.singletable.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Utf8FilesTest {
    @TempDir
    Path directory;

    private Path write(String name, byte[]... parts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            bytes.write(part);
        }
        return Files.write(directory.resolve(name), bytes.toByteArray());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readString_whenLatin1ByteAfterMultibyteCharacters_namesLineColumnInCharactersAndByte() throws IOException {
        Path file = write("names.csv", utf8("id,name\n1,Zoë 😀 "), new byte[]{(byte) 0xE9}, utf8("\n"));

        assertThatThrownBy(() -> Utf8Files.readString(file))
                .isInstanceOfSatisfying(NotUtf8TextException.class, e -> {
                    assertThat(List.of(e.file(), e.line(), e.column(), e.badByte())).containsExactly(file, 2L, 9L, 0xE9);
                    assertThat(e.getMessage()).isEqualTo(file + ":2:9: not UTF-8 text (byte 0xE9); save the file as UTF-8 "
                            + "(a spreadsheet's \"CSV UTF-8\", or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or "
                            + "Windows-1252)");
                });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            design.singletable.yaml | save the file as UTF-8 in your editor (or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            design.YML              | save the file as UTF-8 in your editor (or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            model.json              | save the file as UTF-8 in your editor (or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            orders.jsonl            | save the file as UTF-8 in your editor (or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            Orders.CSV              | save the file as UTF-8 (a spreadsheet's "CSV UTF-8", or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            orders.txt              | save the file as UTF-8 (in your editor or spreadsheet, or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            orders                  | save the file as UTF-8 (in your editor or spreadsheet, or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252)
            """)
    void readString_whenNotUtf8_fitsTheFixToTheFilesKind(String name, String fix) throws IOException {
        Path file = write(name, utf8("ab"), new byte[]{(byte) 0xE9});

        assertThatThrownBy(() -> Utf8Files.readString(file)).isInstanceOfSatisfying(NotUtf8TextException.class, e ->
                assertThat(e.getMessage()).isEqualTo(file + ":1:3: not UTF-8 text (byte 0xE9); " + fix));
    }

    @Test
    void readAllLines_whenFileEndsInsideACharacter_namesWhereItStarts() throws IOException {
        byte[] euro = utf8("€");
        Path file = write("cut.jsonl", utf8("{}\n{}\nab"), new byte[]{euro[0], euro[1]});

        assertThatThrownBy(() -> Utf8Files.readAllLines(file))
                .isInstanceOfSatisfying(NotUtf8TextException.class, e ->
                        assertThat(List.of(e.line(), e.column(), e.badByte())).containsExactly(3L, 3L, euro[0] & 0xFF));
    }

    @Test
    void located_whenBadBytePastTheFirstBuffers_countsLinesAcrossThem() throws IOException {
        // 10,000 lines of 20 characters (two of them two bytes each) before the bad byte: 220,000 bytes, past 64 KB buffers
        byte[] line = utf8("é0123456789abcdefgé\n");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int i = 0; i < 10_000; i++) {
            body.write(line);
        }
        Path file = write("big.jsonl", body.toByteArray(), utf8("xyz"), new byte[]{(byte) 0xFF});

        IOException located = Utf8Files.located(file, new MalformedInputException(1));

        assertThat(located).isInstanceOfSatisfying(NotUtf8TextException.class, e ->
                assertThat(List.of(e.line(), e.column(), e.badByte())).containsExactly(10_001L, 4L, 0xFF));
    }

    @Test
    void located_whenFailureIsNotAboutDecoding_returnsItUnchanged() throws IOException {
        NoSuchFileException missing = new NoSuchFileException("gone.csv");

        assertThat(Utf8Files.located(directory.resolve("gone.csv"), missing)).isSameAs(missing);
    }

    @Test
    void located_whenFileIsUtf8After_returnsTheFailureUnchanged() throws IOException {
        Path file = write("fine.txt", utf8("all good ✓\n"));
        MalformedInputException failure = new MalformedInputException(1);

        assertThat(Utf8Files.located(file, failure)).isSameAs(failure);
    }

    @Test
    void readString_whenUtf8_readsIt() throws IOException {
        Path file = write("fine.yaml", utf8("name: Zoë ✓\n"));

        assertThat(Utf8Files.readString(file)).isEqualTo("name: Zoë ✓\n");
        assertThat(Utf8Files.readAllLines(file)).containsExactly("name: Zoë ✓");
    }

    @Test
    void load_whenSchemaFileIsNotUtf8_reportsItAsTheFilesOneErrorWithItsPlace() throws IOException {
        Path file = write("design.singletable.yaml", utf8("format: singletable/1\ntable:\n  name: T\n  description: \"caf"),
                new byte[]{(byte) 0xE9}, utf8("\"\n"));

        assertThatThrownBy(() -> SchemaFile.load(file))
                .isInstanceOfSatisfying(SchemaFileException.class, e -> assertThat(e.errors()).containsExactly(
                        new SchemaError(SchemaError.Kind.SYNTAX, file.toString(), 4, 20, "", "not UTF-8 text (byte 0xE9); save the "
                                + "file as UTF-8 in your editor (or iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or "
                                + "Windows-1252)")));
    }

    @Test
    void load_whenAnExampleFileIsNotUtf8_reportsItAtTheExampleFileField() throws IOException {
        write("orders.jsonl", utf8("{\"orderId\": \"O1\", \"note\": \"caf"), new byte[]{(byte) 0xE9}, utf8("\"}\n"));
        Path file = write("orders.singletable.yaml", utf8("""
                format: singletable/1
                table:
                  name: Orders
                  partitionKey: {name: PK}
                entities:
                  Order:
                    attributes:
                      orderId: {type: string, required: true}
                      note: {type: string}
                    keys: {pk: "ORDER#{orderId}"}
                    exampleFile: orders.jsonl
                """));

        assertThatThrownBy(() -> SchemaFile.load(file))
                .isInstanceOfSatisfying(SchemaFileException.class, e -> assertThat(e.errors()).extracting(SchemaError::toString)
                        .containsExactly(file + ":11:5: entities.Order.exampleFile: example file " + directory.resolve("orders.jsonl")
                                + ":1:31: not UTF-8 text (byte 0xE9); save the file as UTF-8 in your editor (or iconv -f WINDOWS-1252 "
                                + "-t UTF-8 for a file saved as Latin-1 or Windows-1252)"));
    }

    @Test
    void readers_whenFileStartsWithAByteOrderMark_leaveItOut() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path file = write("excel.csv", bom, utf8("postId,username\np1,ren\n"));

        assertThat(Utf8Files.readString(file)).isEqualTo("postId,username\np1,ren\n");
        assertThat(Utf8Files.readAllLines(file)).containsExactly("postId,username", "p1,ren");
        try (BufferedReader reader = Utf8Files.newBufferedReader(file)) {
            assertThat(reader.readLine()).isEqualTo("postId,username");
        }
    }

    @Test
    void located_whenFileStartsWithAByteOrderMark_countsNoColumnForIt() throws IOException {
        Path file = write("excel.csv", new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8("ab"), new byte[]{(byte) 0xE9});

        assertThatThrownBy(() -> Utf8Files.readString(file)).isInstanceOfSatisfying(NotUtf8TextException.class, e ->
                assertThat(List.of(e.line(), e.column())).containsExactly(1L, 3L));
    }

    @Test
    void newBufferedReader_whenFileIsEmptyOrOneCharacter_readsIt() throws IOException {
        try (BufferedReader empty = Utf8Files.newBufferedReader(write("empty.csv"));
             BufferedReader one = Utf8Files.newBufferedReader(write("one.csv", utf8("x")))) {
            assertThat(empty.readLine()).isNull();
            assertThat(one.readLine()).isEqualTo("x");
        }
    }
}
