package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code singletable get}, {@code put} and {@code delete} on the blog design: whole outputs against
 * golden files, several commands on one table kept in a data directory, and bad input (exit 2
 * naming what was wrong).
 */
class ItemCommandsTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final String CUSTOMERS = "../designs/customers.singletable.yaml";
    private static final String DRAFTS = "src/test/resources/drafts/drafts.singletable.yaml";

    @Test
    void get_whenItemExists_printsItWithItsComposedKey() {
        CliRun.of("get", BLOG, "User", "username=alice").matchesGolden("items/get-user.txt");
    }

    @Test
    void get_whenFormatJson_printsOnlyTheItemOnStandardOutput() {
        CliRun.of("get", BLOG, "Post", "username=alice", "postId=01HMQ0000000000000000000P1", "--format", "json")
                .matchesGolden("items/get-post.json.txt");
    }

    @Test
    void put_whenFormatJson_printsOnlyTheItemAsWrittenWithItsGeneratedIdAndTimestampsOnStandardOutput() throws Exception {
        CliRun run = CliRun.of("put", BLOG, "Comment", "postId=01HMQ0000000000000000000P1", "username=carol", "content=Nice",
                "--format", "json");
        String commentId = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out()).get("commentId").asText();

        assertThat(commentId).matches("[0-9A-HJKMNP-TV-Z]{26}");
        run.replacing(commentId, "COMMENT_ID").matchesGolden("items/put-comment.json.txt");
    }

    @Test
    void put_whenTheIdIsGeneratedAndNothingElseDiffers_printsTheItemWithTheIdItWroteAndExitsZero() {
        CliRun put = CliRun.of("put", DRAFTS, "Note", "username=alice", "text=hi");
        String noteId = put.out().replaceAll("(?s).*noteId +\"([^\"]*)\".*", "$1");

        assertThat(noteId).matches("[0-9A-HJKMNP-TV-Z]{26}");
        put.replacing(noteId, "NOTE_ID").matchesGolden("items/put-note.txt");
    }

    @Test
    void put_whenADefaultFillsAnIndexKeySlot_printsTheItemWithTheDefaultAndIndexesItUnderTheDefault(@TempDir Path data)
            throws Exception {
        String dir = data.toString();

        CliRun put = CliRun.of("put", DRAFTS, "Draft", "username=alice", "title=Hello", "--format", "json", "--data-dir", dir);
        String draftId = new com.fasterxml.jackson.databind.ObjectMapper().readTree(put.out()).get("draftId").asText();
        CliRun run = CliRun.of("run", DRAFTS, "drafts-by-status", "--data-dir", dir);

        assertThat(draftId).matches("[0-9A-HJKMNP-TV-Z]{26}");
        put.replacing(draftId, "DRAFT_ID").replacing(dir, "DATA").matchesGolden("items/put-draft.json.txt");
        run.replacing(draftId, "DRAFT_ID").replacing(dir, "DATA").matchesGolden("items/put-draft.run.txt");
    }

    @Test
    void delete_whenFormatJson_printsOnlyTheDeletedItemOnStandardOutput() {
        CliRun.of("delete", BLOG, "Post", "username=alice", "postId=01HMQ0000000000000000000P2", "--expect", "published=false",
                "--format", "json").matchesGolden("items/delete-post.json.txt");
    }

    @Test
    void delete_whenFormatJsonAndNoSuchItem_printsNothingOnStandardOutputAndSaysSoOnStandardError() {
        CliRun run = CliRun.of("delete", BLOG, "Post", "username=alice", "postId=NOPE", "--format", "json")
                .matchesGolden("items/delete-missing.json.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void delete_whenFormatJsonAndExpectDoesNotHold_exitsOneWithTheFailureTextAsText() {
        CliRun text = CliRun.of("delete", BLOG, "Post", "username=alice", "postId=01HMQ0000000000000000000P1", "--expect", "published=false");
        CliRun json = CliRun.of("delete", BLOG, "Post", "username=alice", "postId=01HMQ0000000000000000000P1", "--expect", "published=false",
                "--format", "json").matchesGolden("items/delete-refused.json.txt");

        assertThat(json.exitCode()).isEqualTo(1);
        assertThat(json.out()).isEmpty();
        assertThat(json.err()).isEqualTo(text.out() + text.err());
    }

    @Test
    void get_whenNothingListensAtTheEndpoint_sendsOnceAndSaysToCheckTheEndpoint() {
        // port 1: nothing listens there (a closed port; the connection is refused at once)
        CliRun run = CliRun.of("get", BLOG, "User", "username=alice", "--endpoint", "http://127.0.0.1:1", "--region", "us-east-1")
                .matchesGolden("items/get-endpoint-refused.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void get_whenNoSuchItem_exitsOneNamingTheComposedKey() {
        CliRun run = CliRun.of("get", BLOG, "Post", "username=alice", "postId=NOPE").matchesGolden("items/get-not-found.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void put_whenAKeySlotValueIsEmpty_isUsageErrorNamingEntityAttributeAndTemplate(@TempDir Path data) {
        String dir = data.toString();

        CliRun run = CliRun.of("put", CUSTOMERS, "Customer", "customerId=", "name=Nobody", "email=no@example.com", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/put-empty-key-slot.txt");
        CliRun get = CliRun.of("get", CUSTOMERS, "Customer", "customerId=", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).as("refused before the engine starts").isEmpty();
        assertThat(get.exitCode()).as("an empty key slot is no key to read either").isEqualTo(2);
    }

    @Test
    void put_whenAStringListHoldsANumberOrBoolean_isUsageErrorNamingEntityAttributeAndValue(@TempDir Path data) {
        String dir = data.toString();

        CliRun run = CliRun.of("put", CUSTOMERS, "Customer", "customerId=C8", "name=Nobody", "email=no@example.com", "tags=[\"vip\", 5]",
                "--data-dir", dir);
        CliRun get = CliRun.of("get", CUSTOMERS, "Customer", "customerId=C8", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("""
                put Customer: tags=["vip", 5]: path tags holds stringList, and [vip, 5] does not fit: [1] is the number 5, not a string; \
                write text in quotes ("5"); give a value of that type
                Run 'singletable put --help' for its options.
                """);
        assertThat(get.exitCode()).as("nothing was written").isEqualTo(1);
    }

    @Test
    void putGetDelete_onOneDataDirectory_writeReadAndRemoveTheItem(@TempDir Path data) {
        String dir = data.toString();

        CliRun.of("put", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "title=Hello", "published=false",
                "--data-dir", dir).replacing(dir, "DATA").matchesGolden("items/put-post.txt");
        CliRun.of("get", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/put-post.get.txt");
        CliRun.of("delete", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "--expect", "published=true",
                "--data-dir", dir).replacing(dir, "DATA").matchesGolden("items/put-post.delete-refused.txt");
        CliRun.of("delete", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "--expect", "published=false",
                "--expect", "title=Hello", "--data-dir", dir).replacing(dir, "DATA").matchesGolden("items/put-post.delete.txt");
        CliRun gone = CliRun.of("get", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "--data-dir", dir);

        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.err()).isEqualTo("not found: no Post at pk = \"USER#carol\", sk = \"POST#01HMQ0000000000000000000C9\" in BlogTable\n");
    }

    @Test
    void put_whenGeneratedIdLeftOut_fillsItSoThatGetFindsTheItem(@TempDir Path data) {
        CliRun put = CliRun.of("put", BLOG, "Comment", "postId=01HMQ0000000000000000000P1", "username=carol", "content=Nice",
                "--data-dir", data.toString());
        String commentId = put.out().lines().filter(line -> line.startsWith("commentId "))
                .map(line -> line.substring(line.indexOf('"') + 1, line.lastIndexOf('"'))).findFirst().orElseThrow();

        CliRun get = CliRun.of("get", BLOG, "Comment", "postId=01HMQ0000000000000000000P1", "commentId=" + commentId,
                "--data-dir", data.toString());

        assertThat(put.exitCode()).isZero();
        assertThat(commentId).matches("[0-9A-HJKMNP-TV-Z]{26}");
        assertThat(get.exitCode()).isZero();
        assertThat(itemLines(get.out())).isEqualTo(itemLines(put.out())).hasSize(9);
    }

    /** The item as printed: the lines between the blank line and the requests line. */
    private static java.util.List<String> itemLines(String out) {
        java.util.List<String> lines = out.lines().toList();
        return lines.subList(lines.indexOf("") + 1, lines.size() - 1);
    }

    @Test
    void putAndGet_whenListsAndMapsAreGivenEmpty_storeAndReadThemEmpty(@TempDir Path data) {
        String dir = data.toString();

        CliRun put = CliRun.of("put", CUSTOMERS, "Customer", "customerId=C7", "name=Edsger", "email=ed@example.com", "tags=[]",
                "addresses={}", "pastAddresses=[]", "--data-dir", dir);
        CliRun get = CliRun.of("get", CUSTOMERS, "Customer", "customerId=C7", "--format", "json", "--data-dir", dir);

        assertThat(put.exitCode()).as(put.err()).isZero();
        assertThat(get.exitCode()).as(get.err()).isZero();
        assertThat(get.out()).isEqualTo("""
                {
                  "entity" : "Customer",
                  "customerId" : "C7",
                  "name" : "Edsger",
                  "email" : "ed@example.com",
                  "addresses" : { },
                  "pastAddresses" : [ ],
                  "tags" : [ ]
                }
                """);
    }

    @Test
    void put_whenStringsHoldCommasQuotesAndBackslashes_printsEachQuotedAndEscapedAtEveryDepth(@TempDir Path data) {
        CliRun put = CliRun.of("put", CUSTOMERS, "Customer", "customerId=C8", "name=say \"hi\"", "email=a@example.com",
                "tags=[\"a, b\",\"c\"]", "addresses={\"k#1\":{\"street\":\"x]\",\"city\":\"C:\\\\\"}}", "--data-dir", data.toString());

        assertThat(put.exitCode()).as(put.err()).isZero();
        assertThat(itemLines(put.out())).contains("name        \"say \\\"hi\\\"\"", "tags        [\"a, b\", \"c\"]",
                "addresses   {\"k#1\": {street: \"x]\", city: \"C:\\\\\"}}");
    }

    @Test
    void put_whenIfNotExistsAndItemExists_exitsOneWritingNothing() {
        CliRun run = CliRun.of("put", BLOG, "User", "username=alice", "name=Other", "email=o@example.com", "--if-not-exists")
                .matchesGolden("items/put-if-not-exists.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    /** Bad input to get, put and delete: the case, the command's arguments after the design, the first line of its error. */
    static Stream<Arguments> usageMistakes() {
        return Stream.of(
                Arguments.of("get, entity unknown", List.of("get", "Usr", "username=alice"),
                        "No entity 'Usr' in the schema file; did you mean 'User'?; the file has User, Post, Comment, PostTag"),
                Arguments.of("put, attribute unknown", List.of("put", "User", "username=alice", "nmae=Al"),
                        "put User: no attribute 'nmae' (did you mean 'name'?); its attributes are username, name, email, bio, createdAt, updatedAt"),
                Arguments.of("put, value of wrong type", List.of("put", "Post", "username=alice", "title=T", "published=yes"),
                        "put Post: published=yes is not a boolean (true or false)"),
                Arguments.of("put, key attribute missing", List.of("put", "PostTag", "tag=x"),
                        "put PostTag: missing key attribute postId; the key of PostTag is postId, tag"),
                Arguments.of("put, required attributes missing", List.of("put", "User", "username=zed"),
                        "put User: missing required attributes name, email"),
                Arguments.of("get, key attribute missing", List.of("get", "Post", "username=alice"),
                        "get Post: missing key attribute postId; the key of Post is username, postId"),
                Arguments.of("get, attribute outside the key given", List.of("get", "User", "username=alice", "name=Alice"),
                        "get User: name is not in the key; give the key attributes username only"),
                Arguments.of("delete, expect of wrong type", List.of("delete", "Post", "username=alice", "postId=P1", "--expect", "published=no"),
                        "delete Post: --expect published=no: path published holds boolean, and 'no' does not fit: 'no' is not true or false; "
                                + "give a value of that type"),
                Arguments.of("delete, entity unknown", List.of("delete", "Posts", "username=alice"),
                        "No entity 'Posts' in the schema file; did you mean 'Post'?; the file has User, Post, Comment, PostTag"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("usageMistakes")
    void itemCommand_whenInputIsWrong_isUsageErrorNamingWhatIsWrong(String when, List<String> args, String error) {
        List<String> command = new ArrayList<>(args);
        command.add(1, BLOG);

        CliRun run = CliRun.of(command.toArray(String[]::new));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo(error + "\nRun 'singletable " + args.get(0) + " --help' for its options.\n");
    }
}
