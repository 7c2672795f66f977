package dev.singletable;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.lang.reflect.Proxy;
import java.util.Locale;

/** The client of an offline table: every call that would send a request throws {@link OfflineTableException}. */
final class OfflineClient {
    private OfflineClient() {
    }

    // a proxy rather than a class implementing DynamoDbClient: the interface gains an operation with every SDK release,
    // and each must refuse with our exception, not with the interface's default UnsupportedOperationException
    static DynamoDbClient of(String tableName) {
        return (DynamoDbClient) Proxy.newProxyInstance(OfflineClient.class.getClassLoader(), new Class<?>[]{DynamoDbClient.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "close" -> null;
                    case "serviceName" -> DynamoDbClient.SERVICE_NAME;
                    case "toString" -> "offline client of table " + tableName;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> {
                        String operation = operation(method.getName());
                        throw new OfflineTableException(operation + " was called on table " + tableName + ", which is offline "
                                + "(Table.offline): it renders requests and composes items but sends nothing; build the table "
                                + "with a DynamoDbClient (Table.of(schema, client)) to send requests", operation);
                    }
                });
    }

    /** {@code putItem} → {@code PutItem}, {@code queryPaginator} → {@code Query}: the operation's name in DynamoDB's API. */
    private static String operation(String method) {
        String name = method.endsWith("Paginator") ? method.substring(0, method.length() - "Paginator".length()) : method;
        return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }
}
