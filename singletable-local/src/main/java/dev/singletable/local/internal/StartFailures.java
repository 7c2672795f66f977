package dev.singletable.local.internal;

import java.net.BindException;

import dev.singletable.local.LocalDynamoDbException;

/** Turns whatever DynamoDB Local threw at start-up into a message with the likely fix. */
final class StartFailures {
    private StartFailures() {
    }

    static LocalDynamoDbException of(String mode, Throwable cause) {
        return new LocalDynamoDbException(
                "DynamoDB Local (" + mode + ") failed to start: " + describe(cause) + "; " + hint(cause), cause);
    }

    static LocalDynamoDbException of(String mode, String address, Throwable cause) {
        if (has(cause, BindException.class)) {
            return new LocalDynamoDbException("DynamoDB Local (" + mode + ") could not listen on " + address
                    + ": " + describe(cause)
                    + "; stop what uses the port, or leave the port unset to get a free one", cause);
        }
        return of(mode, cause);
    }

    private static String hint(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (t instanceof UnsatisfiedLinkError || message.contains("native library")) {
                return "DynamoDB Local extracts its SQLite native library to java.io.tmpdir ("
                        + System.getProperty("java.io.tmpdir") + "); make that directory writable and not "
                        + "mounted noexec, or point -Dorg.sqlite.tmpdir at one that is";
            }
            if (t instanceof NoSuchFieldError || t instanceof NoSuchMethodError) {
                return "the classpath mixes AWS SDK v2 versions (DynamoDB Local pins older ones); import "
                        + "software.amazon.awssdk:bom in dependencyManagement";
            }
            if (t instanceof NoClassDefFoundError && message.startsWith("Could not initialize class")) {
                return "an earlier start failed in this JVM while loading that class; its failure names the cause";
            }
            if (t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException) {
                return "a class of DynamoDB Local or of its dependencies is missing; depend on "
                        + "com.amazonaws:DynamoDBLocal without excluding more than junit and mockito-core";
            }
        }
        return "start it with LocalDynamoDb.builder().verbose(true) to see the engine's own logs";
    }

    private static String describe(Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == cause ? cause.toString() : cause + " (caused by " + root + ")";
    }

    private static boolean has(Throwable cause, Class<? extends Throwable> type) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
