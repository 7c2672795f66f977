package dev.singletable.local.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * A view of an engine-owned client whose {@code close()} does nothing. Closing the embedded
 * engine's own client shuts the whole engine down (and leaves a thread behind), and the clients
 * are shared, so a {@code try (var client = db.client())} in one test must not break the next.
 */
public final class CloseIgnoringView {
    private CloseIgnoringView() {
    }

    public static <T extends SdkAutoCloseable> T of(Class<T> type, T client, String description) {
        InvocationHandler handler = (proxy, method, args) -> invoke(client, description, proxy, method, args);
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private static Object invoke(Object client, String description, Object proxy, Method method, Object[] args)
            throws Throwable {
        int arity = args == null ? 0 : args.length;
        switch (method.getName()) {
            case "close":
                if (arity == 0) {
                    return null;
                }
                break;
            case "equals":
                if (arity == 1) {
                    return proxy == args[0];
                }
                break;
            case "hashCode":
                if (arity == 0) {
                    return System.identityHashCode(proxy);
                }
                break;
            case "toString":
                if (arity == 0) {
                    return description;
                }
                break;
            default:
                break;
        }
        try {
            return method.invoke(client, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
