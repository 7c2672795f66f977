package dev.singletable.local;

/**
 * Run in a fresh JVM by {@link FreshJvmTest}. {@code roundtrip}: starts two engines, sends a request through each
 * client, closes them and returns without {@code System.exit}, so that the JVM exits only if nothing of the engines
 * keeps it alive. {@code hold}: starts one, prints the process ids of the engines this JVM started, and waits to be
 * killed.
 */
public final class EngineRoundTrip {
    private EngineRoundTrip() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0 && args[0].equals("hold")) {
            LocalDynamoDb engine = LocalDynamoDb.embedded(); // never closed: the JVM is killed
            engine.client().listTables();
            LocalDynamoDbTest.dynoxideChildren().forEach(p -> System.out.println(p.pid()));
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
        try (LocalDynamoDb first = LocalDynamoDb.embedded();
             LocalDynamoDb second = LocalDynamoDb.embedded()) {
            first.client().listTables();
            first.asyncClient().listTables().join();
            second.client().listTables();
            second.asyncClient().listTables().join();
        }
    }
}
