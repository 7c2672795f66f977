package dev.singletable.it;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** The async API's calls awaited as the blocking API's: tests that run one operation both ways compare outcomes and failures. */
final class AsyncCalls {
    private AsyncCalls() {
    }

    /** The call's result once complete; its failure thrown as the typed exception the blocking call throws. */
    static <R> R awaited(CompletableFuture<R> call) {
        try {
            return call.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException typed ? typed : e;
        }
    }
}
