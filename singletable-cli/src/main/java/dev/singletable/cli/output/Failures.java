package dev.singletable.cli.output;

import dev.singletable.DynamoDbRequestException;
import dev.singletable.SingleTableException;
import dev.singletable.TableNotFoundException;
import dev.singletable.schema.NotUtf8TextException;
import dev.singletable.schema.TextLimitException;
import dev.singletable.schema.Utf8Files;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Turns a failure into one paragraph for people: what failed, why, and what to do. */
public final class Failures {
    private static final int WIDTH = 100;

    private Failures() {
    }

    /**
     * A failure talking to DynamoDB: when the request never got an answer, says which endpoint and
     * how to fix it; otherwise passes the service's or singletable's reason on. {@code engine} names
     * the engine as the output's "Engine" line does ({@code DynamoDB at http://localhost:8000 (region
     * us-east-1)}, {@code Dynoxide started by this command, in memory}).
     */
    public static DemoFailure atEndpoint(String what, String engine, boolean userEndpoint, RuntimeException e) {
        SdkClientException unreachable = find(e, SdkClientException.class);
        boolean clientSide = unreachable != null
                || (e instanceof DynamoDbRequestException request && "(client)".equals(request.errorCode()));
        if (clientSide) {
            String reason = unreachable != null ? unreachable.getMessage() : e.getMessage();
            String fix;
            if (reason != null && reason.contains("Unable to load credentials")) {
                reason = "no AWS credentials were found";
                fix = "Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE (any values will do for a local engine).";
            } else if (userEndpoint) {
                fix = "Check that DynamoDB is running there and that the URL, port and --region are right, "
                        + "or leave out --endpoint to run on the embedded Dynoxide.";
            } else {
                fix = "The embedded Dynoxide stopped answering; run again with --verbose to keep its output file.";
            }
            return new DemoFailure(what + ": could not reach " + engine + ": " + reason + ". " + fix, e);
        }
        DynamoDbException service = find(e, DynamoDbException.class);
        if (service != null && !(e instanceof SingleTableException)) {
            String reason = service.awsErrorDetails() == null ? service.getMessage()
                    : service.awsErrorDetails().errorCode() + ": " + service.awsErrorDetails().errorMessage();
            String fix = !(service instanceof ResourceNotFoundException) ? ""
                    : userEndpoint ? " A table it uses is not there: check the table's name, --endpoint and --region (a table "
                            + "lives in one region)."
                    : " A table it uses is not there: the embedded Dynoxide holds only the tables this command "
                            + "created (and those of --data-dir); give --endpoint for a table that exists elsewhere.";
            return new DemoFailure(what + ": " + engine + " refused it: " + reason + "." + fix, e);
        }
        if (find(e, TableNotFoundException.class) != null) {
            // the library's message says table.createTable(), which a command-line user has no way to call
            return new DemoFailure(what + ": " + e.getMessage() + ". From the command line, load and migrate create the "
                    + "design's table where it is missing, and export cloudformation or terraform writes it as infrastructure.", e);
        }
        return new DemoFailure(what + ": " + e.getMessage(), e);
    }

    /**
     * A user's text file that could not be read: {@code Cannot read users.csv:2:5: not UTF-8 text (byte 0xE9); save the
     * file as UTF-8 ...} when it is not UTF-8 (the place found by reading it again), else the JDK's reason.
     */
    public static UncheckedIOException unreadable(Path file, IOException failure) {
        IOException located = Utf8Files.located(file, failure);
        return new UncheckedIOException(located instanceof NotUtf8TextException || located instanceof TextLimitException
                ? "Cannot read " + located.getMessage() : "Cannot read " + file + ": " + failure.getMessage(), located);
    }

    /** The paragraph printed for a failed command, wrapped to fit a terminal. */
    public static String paragraph(String command, Throwable failure) {
        String message;
        if (failure instanceof DemoFailure) {
            message = failure.getMessage();
        } else if (failure instanceof SingleTableException || failure instanceof SdkException) {
            message = failure.getMessage();
        } else if (failure instanceof UncheckedIOException io) {
            message = fileFailure(io);
        } else {
            message = "unexpected " + failure.getClass().getSimpleName()
                    + (failure.getMessage() == null ? "" : ": " + failure.getMessage());
        }
        return wrap("singletable " + command + " failed. " + message);
    }

    /**
     * A file that could not be read or written ("Cannot write x.html: x.html" as the JDK words a missing
     * directory) as what failed, why in words, and what to do.
     */
    private static String fileFailure(UncheckedIOException failure) {
        IOException cause = failure.getCause();
        String what = failure.getMessage();
        if (what.endsWith(": " + cause.getMessage())) {
            what = what.substring(0, what.length() - cause.getMessage().length() - 2);
        }
        if (cause instanceof NotUtf8TextException || cause instanceof TextLimitException) {
            return what + "."; // its message names the place, the byte and the fix
        }
        String why;
        if (cause instanceof NoSuchFileException missing && missing.getFile() != null) {
            Path parent = Path.of(missing.getFile()).toAbsolutePath().getParent();
            why = parent != null && !Files.isDirectory(parent)
                    ? "the directory " + parent + " does not exist; create it, or name a file in a directory that exists"
                    : "no such file " + missing.getFile();
        } else if (cause instanceof AccessDeniedException denied) {
            why = "permission denied on " + denied.getFile() + "; choose a file you may write, or change its permissions";
        } else if (cause instanceof FileSystemException system && system.getReason() != null) {
            why = system.getReason() + (system.getFile() == null ? "" : " (" + system.getFile() + ")");
        } else {
            why = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        }
        return what + ": " + why + ".";
    }

    static String wrap(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return String.join(System.lineSeparator(), lines);
    }

    private static <X extends Throwable> X find(Throwable failure, Class<X> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
