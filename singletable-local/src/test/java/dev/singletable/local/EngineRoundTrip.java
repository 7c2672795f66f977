package dev.singletable.local;

/**
 * Run in a fresh JVM by {@link FreshJvmTest}: starts both engines, sends a request through each
 * client, closes them and returns without {@code System.exit}, so that the JVM exits only if
 * no engine thread is left behind. Argument {@code verbose} keeps the engines' logs.
 */
public final class EngineRoundTrip {
    private EngineRoundTrip() {
    }

    public static void main(String[] args) {
        boolean verbose = args.length > 0 && args[0].equals("verbose");
        try (LocalDynamoDb embedded = LocalDynamoDb.builder().verbose(verbose).start();
             LocalDynamoDb server = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).verbose(verbose).start()) {
            embedded.client().listTables();
            embedded.asyncClient().listTables().join();
            server.client().listTables();
            server.asyncClient().listTables().join();
        }
    }
}
