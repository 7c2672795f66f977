package dev.singletable.local.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.slf4j.LoggerFactory;

/**
 * Quiets DynamoDB Local (log4j 2), its SQLite binding (java.util.logging) and Jetty (SLF4J):
 * their routine INFO lines (one per request, server start and stop) go nowhere, errors still
 * show. Only lowers what is more verbose than that, never touches other loggers, and gives up
 * silently on a backend it does not know. Runs once per JVM.
 */
public final class EngineLogging {
    private static final String ENGINE = "com.amazonaws.services.dynamodbv2";
    private static final String JETTY = "org.eclipse.jetty";

    // java.util.logging holds loggers weakly: one nobody references is collected and forgets its level
    private static final List<Logger> JUL_LOGGERS = new ArrayList<>();
    private static boolean engineQuiet;
    private static boolean jettyQuiet;

    private EngineLogging() {
    }

    /** DynamoDB Local itself, in either mode. */
    public static synchronized void quietEngine() {
        if (engineQuiet) {
            return;
        }
        engineQuiet = true;
        julAtMostWarning("com.almworks.sqlite4java");
        julAtMostWarning("com.amazonaws"); // the AWS SDK v1 inside DynamoDB Local, through commons-logging
        log4jAtMost(ENGINE, "ERROR");
        slf4jAtMost(ENGINE, "error"); // when log4j 2 is routed to SLF4J
    }

    /** Jetty, for the HTTP mode; call before Jetty's classes load. */
    public static synchronized void quietJetty() {
        if (jettyQuiet) {
            return;
        }
        jettyQuiet = true;
        log4jAtMost(JETTY, "WARN"); // when SLF4J is routed to log4j 2
        slf4jAtMost(JETTY, "warn");
    }

    private static void julAtMostWarning(String name) {
        Logger logger = Logger.getLogger(name);
        if (logger.isLoggable(Level.INFO)) {
            logger.setLevel(Level.WARNING);
            JUL_LOGGERS.add(logger);
        }
    }

    private static void log4jAtMost(String name, String level) {
        try {
            Log4jLevels.atMost(name, level);
        } catch (RuntimeException | LinkageError e) {
            // log4j-core is not there, or not the log4j API's backend: nothing to quiet
        }
    }

    private static void slf4jAtMost(String name, String level) {
        try {
            // slf4j-simple reads this property whenever it creates a logger
            System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log." + name, level);
            if (!isPresent("ch.qos.logback.classic.Logger")) {
                return; // and leave SLF4J uninitialised: without a backend it would print a warning
            }
            org.slf4j.Logger logger = LoggerFactory.getLogger(name);
            Class<?> type = logger.getClass();
            if (type.getName().equals("ch.qos.logback.classic.Logger") && logger.isInfoEnabled()) {
                Class<?> levelType = Class.forName("ch.qos.logback.classic.Level", false, type.getClassLoader());
                Object logbackLevel = levelType.getMethod("toLevel", String.class).invoke(null, level);
                type.getMethod("setLevel", levelType).invoke(logger, logbackLevel);
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // an SLF4J backend we do not know how to configure: leave it
        }
    }

    private static boolean isPresent(String className) {
        try {
            Class.forName(className, false, EngineLogging.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
