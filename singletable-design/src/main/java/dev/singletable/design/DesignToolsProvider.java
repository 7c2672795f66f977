package dev.singletable.design;

import dev.singletable.Internal;
import dev.singletable.schema.SchemaFile;

import java.util.ServiceLoader;

/**
 * The implementation behind {@link DesignTools#of}, found with {@link ServiceLoader} so that this package depends on
 * none of the module's internals (the core's API, which calls its internals directly, has no such seam any more). Not
 * for applications.
 *
 * <pre>{@code
 * DesignTools tools = DesignToolsProvider.instance().tools(design); // what DesignTools.of(design) does
 * }</pre>
 */
@Internal
public abstract class DesignToolsProvider {
    /** For the module's implementation only. */
    protected DesignToolsProvider() {
    }

    /** The tools of one design. */
    protected abstract DesignTools tools(SchemaFile design);

    /** The provider of the class path or module path. */
    public static DesignToolsProvider instance() {
        return Loaded.INSTANCE;
    }

    private static final class Loaded {
        static final DesignToolsProvider INSTANCE = ServiceLoader.load(DesignToolsProvider.class, DesignToolsProvider.class.getClassLoader())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no DesignToolsProvider: singletable-design's jar is incomplete"
                        + " (its META-INF/services entry or module-info's provides clause is missing)"));
    }
}
