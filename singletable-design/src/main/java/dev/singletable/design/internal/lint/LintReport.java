package dev.singletable.design.internal.lint;

import dev.singletable.design.internal.text.Counted;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/** Lint findings as text for people, JSON for scripts, and SARIF 2.1.0 for code scanning. */
public final class LintReport {
    static final String SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private LintReport() {
    }

    /**
     * One paragraph a finding: {@code file:line:column: severity id name: subject: message} ({@code file:line:} for a line
     * of Java source), then why and fix indented.
     */
    public static String text(List<Finding> findings) {
        StringBuilder text = new StringBuilder();
        for (Finding finding : findings) {
            LintCheck rule = finding.rule();
            text.append(finding.file()).append(':').append(finding.line())
                    // a Java source line (a code-first design's finding) has no column
                    .append(finding.line() > 0 && finding.column() == 0 ? "" : ":" + finding.column()).append(": ")
                    .append(finding.severity().label()).append(' ').append(rule.id()).append(' ').append(rule.ruleName()).append(": ")
                    .append(finding.subject()).append(": ").append(finding.message()).append('\n')
                    .append("    why: ").append(finding.why()).append('\n')
                    .append("    fix: ").append(finding.fix()).append('\n');
        }
        return text.toString();
    }

    /** {@code 2 errors, 1 warning, 0 notes}. */
    public static String counts(List<Finding> findings) {
        return count(findings, Severity.ERROR, "error", "errors") + ", " + count(findings, Severity.WARNING, "warning", "warnings")
                + ", " + count(findings, Severity.NOTE, "note", "notes");
    }

    private static String count(List<Finding> findings, Severity severity, String one, String many) {
        return Counted.of(findings.stream().filter(f -> f.severity() == severity).count(), one, many);
    }

    /** {@code {"findings": [...]}}: each finding's fields by name, the rule's short name added. */
    public static String json(List<Finding> findings) {
        return json(findings, List.of());
    }

    /**
     * As {@link #json(List)}, the load errors of designs that do not load first, each a finding of {@link #LOAD_RULE_ID} at
     * its place and counted as an error: a script reading the summary never sees a broken design as clean.
     */
    public static String json(List<Finding> findings, List<dev.singletable.schema.SchemaError> loadErrors) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode array = root.putArray("findings");
        for (dev.singletable.schema.SchemaError error : loadErrors) {
            ObjectNode node = array.addObject();
            node.put("ruleId", LOAD_RULE_ID);
            node.put("rule", LOAD_RULE_NAME);
            node.put("severity", Severity.ERROR.label());
            node.putObject("subject").put("kind", "file").put("name", error.file());
            node.put("message", error.message());
            node.put("why", LOAD_RULE_WHY);
            node.put("fix", LOAD_RULE_FIX);
            node.put("file", error.file());
            node.put("path", error.path());
            node.put("line", error.line());
            node.put("column", error.column());
        }
        for (Finding finding : findings) {
            ObjectNode node = array.addObject();
            node.put("ruleId", finding.ruleId());
            node.put("rule", finding.rule().ruleName());
            node.put("severity", finding.severity().label());
            node.putObject("subject").put("kind", finding.subject().kind().label()).put("name", finding.subject().name());
            node.put("message", finding.message());
            node.put("why", finding.why());
            node.put("fix", finding.fix());
            node.put("file", finding.file());
            node.put("path", finding.path());
            node.put("line", finding.line());
            node.put("column", finding.column());
        }
        ObjectNode summary = root.putObject("summary");
        for (Severity severity : Severity.values()) {
            summary.put(severity.label(), findings.stream().filter(f -> f.severity() == severity).count()
                    + (severity == Severity.ERROR ? loadErrors.size() : 0));
        }
        return pretty(root);
    }

    /** The rule of a design that does not load: its load errors are results of their own, so code scanning never shows it clean. */
    public static final String LOAD_RULE_ID = "ST000";
    private static final String LOAD_RULE_NAME = "design-loads";
    private static final String LOAD_RULE_WHY = "A design file that does not load (syntax, structure, names, key templates) "
            + "cannot be linted; each of its load errors is reported under this rule, as 'singletable check' reports it.";
    private static final String LOAD_RULE_FIX = "Fix each error at its place; 'singletable check' lists them. The file format: "
            + "docs/schema-file.md in the singletable repository.";

    /** One SARIF run: every rule in the driver, each finding a result located on the schema file's line and column. */
    public static String sarif(List<Finding> findings) {
        return sarif(findings, List.of());
    }

    /** As {@link #sarif(List)}, the load errors of designs that do not load first, each a result of {@link #LOAD_RULE_ID}. */
    public static String sarif(List<Finding> findings, List<dev.singletable.schema.SchemaError> loadErrors) {
        ObjectNode root = JSON.createObjectNode();
        root.put("$schema", SARIF_SCHEMA);
        root.put("version", "2.1.0");
        ObjectNode run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "singletable lint");
        sarifRules(driver.putArray("rules"));
        ArrayNode results = run.putArray("results");
        for (dev.singletable.schema.SchemaError error : loadErrors) {
            ObjectNode result = results.addObject();
            result.put("ruleId", LOAD_RULE_ID);
            result.put("ruleIndex", LintChecks.ALL.size());
            result.put("level", "error");
            result.putObject("message").put("text", (error.path().isEmpty() ? "" : error.path() + ": ") + error.message());
            physicalLocation(result.putArray("locations").addObject(), error.file(), error.line(), error.column());
        }
        for (Finding finding : findings) {
            ObjectNode result = results.addObject();
            result.put("ruleId", finding.ruleId());
            result.put("ruleIndex", LintChecks.ALL.indexOf(finding.rule()));
            result.put("level", finding.severity().label());
            result.putObject("message").put("text", finding.subject() + ": " + finding.message() + ". Fix: " + finding.fix() + ".");
            ObjectNode location = result.putArray("locations").addObject();
            physicalLocation(location, finding.file(), finding.line(), finding.column());
            location.putArray("logicalLocations").addObject()
                    .put("name", finding.subject().name())
                    .put("fullyQualifiedName", finding.path())
                    .put("kind", finding.subject().kind() == Subject.Kind.ACCESS_PATTERN ? "function" : "type");
        }
        return pretty(root);
    }

    /** The driver's rules: every lint rule in the order of LintChecks.ALL (a result's ruleIndex), then the load rule. */
    private static void sarifRules(ArrayNode rules) {
        for (LintCheck rule : LintChecks.ALL) {
            ObjectNode node = rules.addObject();
            node.put("id", rule.id());
            node.put("name", rule.ruleName());
            node.putObject("shortDescription").put("text", rule.title());
            node.putObject("fullDescription").put("text", rule.why());
            node.putObject("help").put("text", rule.why() + " The rule, its fix and an example: docs/lint-rules.md#"
                    + rule.id().toLowerCase(java.util.Locale.ROOT) + "-" + rule.ruleName() + " in the singletable repository.");
            node.putObject("defaultConfiguration").put("level", rule.severity().label());
        }
        ObjectNode loads = rules.addObject();
        loads.put("id", LOAD_RULE_ID);
        loads.put("name", LOAD_RULE_NAME);
        loads.putObject("shortDescription").put("text", "The design file loads");
        loads.putObject("fullDescription").put("text", LOAD_RULE_WHY);
        loads.putObject("help").put("text", LOAD_RULE_FIX);
        loads.putObject("defaultConfiguration").put("level", "error");
    }

    /** The file, and its line and column where known (1-based; 0 when unknown), as a SARIF physical location. */
    private static void physicalLocation(ObjectNode location, String file, int line, int column) {
        ObjectNode physical = location.putObject("physicalLocation");
        physical.putObject("artifactLocation").put("uri", uri(file));
        if (line > 0) {
            ObjectNode region = physical.putObject("region").put("startLine", line);
            if (column > 0) {
                region.put("startColumn", column);
            }
        }
    }

    /** A relative URI reference of the file's path: forward slashes, spaces and other reserved characters percent-encoded. */
    private static String uri(String file) {
        StringBuilder uri = new StringBuilder();
        for (byte b : file.replace('\\', '/').getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 128 || "-._~/!@".indexOf(c) >= 0) {
                uri.append(c);
            } else {
                uri.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return uri.toString();
    }

    private static String pretty(ObjectNode root) {
        DefaultIndenter indenter = DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(indenter);
        printer.indentArraysWith(indenter);
        try {
            return JSON.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }
}
