package dev.singletable.lambda;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A {@link DynamoDbClient} as a proxy (as the core's offline client: DynamoDbClient gains an operation with every SDK
 * release), answering the client's own methods alike and leaving each operation to the subclass.
 */
abstract class ClientProxy implements InvocationHandler {

    /** The client that this handler answers. */
    final DynamoDbClient client() {
        return (DynamoDbClient) Proxy.newProxyInstance(ClientProxy.class.getClassLoader(), new Class<?>[]{DynamoDbClient.class}, this);
    }

    @Override
    public final Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "close":
                close();
                return null;
            case "serviceName":
                return DynamoDbClient.SERVICE_NAME; // without opening a client
            case "toString":
                return description();
            case "hashCode":
                return System.identityHashCode(proxy);
            case "equals":
                return proxy == args[0];
            default:
                break;
        }
        if (method.isDefault() && method.getName().endsWith("Paginator")) {
            // the SDK's paginators call the operation on this client, which lands here again for each page
            return InvocationHandler.invokeDefault(proxy, method, args);
        }
        return operation(method, args);
    }

    /** The client's {@code close()}. */
    abstract void close();

    /** The client's {@code toString()}. */
    abstract String description();

    /** An operation of the client (or any other method that is not the client's own). */
    abstract Object operation(Method method, Object[] args) throws Throwable;
}
