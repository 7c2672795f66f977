package dev.singletable.lambda;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link SnapshotReadiness} registered with CRaC's global context ({@code org.crac}, the API AWS Lambda's SnapStart
 * runtime calls too): its {@code beforeCheckpoint} and {@code afterRestore} run the readiness's hooks. Needs
 * {@code io.github.crac:org-crac} on the class path (an optional dependency of this module: add it to your function);
 * on a JDK without CRaC the registration is accepted and never called.
 *
 * <pre>{@code
 * static final SnapshotReadiness READINESS = SnapshotReadiness.builder(() -> ...).build();
 * static { CracSnapshotResource.register(READINESS); }
 * }</pre>
 */
@Experimental
public final class CracSnapshotResource implements Resource {
    // CRaC's context holds its resources weakly: these keep the registered ones alive as long as the function
    private static final List<CracSnapshotResource> REGISTERED = new CopyOnWriteArrayList<>();

    private final SnapshotReadiness readiness;

    private CracSnapshotResource(SnapshotReadiness readiness) {
        this.readiness = readiness;
    }

    /**
     * Registers {@code readiness} with CRaC's global context and returns the registered resource. Register each
     * readiness once (where it is made: a static field or the handler's constructor, which Lambda calls once per
     * execution environment); each registration is kept for the life of the process.
     */
    public static CracSnapshotResource register(SnapshotReadiness readiness) {
        NullArgumentException.check("CracSnapshotResource.register", "readiness", readiness);
        CracSnapshotResource resource = new CracSnapshotResource(readiness);
        REGISTERED.add(resource);
        Core.getGlobalContext().register(resource);
        return resource;
    }

    /** Runs {@link SnapshotReadiness#beforeCheckpoint()}. */
    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        readiness.beforeCheckpoint();
    }

    /** Runs {@link SnapshotReadiness#afterRestore()}. */
    @Override
    public void afterRestore(Context<? extends Resource> context) {
        readiness.afterRestore();
    }
}
