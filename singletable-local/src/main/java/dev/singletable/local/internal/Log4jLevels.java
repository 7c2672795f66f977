package dev.singletable.local.internal;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/** The only class touching log4j-core, so that its absence fails here and only here. */
final class Log4jLevels {
    private Log4jLevels() {
    }

    /** Lowers a logger to {@code level} if log4j-core is the backend and the logger is more verbose. */
    static void atMost(String name, String level) {
        if (!(LogManager.getContext(false) instanceof LoggerContext context)) {
            return;
        }
        Level target = Level.toLevel(level);
        Level current = context.getLogger(name).getLevel();
        if (current == null || current.intLevel() > target.intLevel()) {
            Configurator.setLevel(name, target);
        }
    }
}
