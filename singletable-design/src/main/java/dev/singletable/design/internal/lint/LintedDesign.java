package dev.singletable.design.internal.lint;

import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.design.internal.cost.CostReport;
import dev.singletable.design.internal.cost.PriceTable;
import dev.singletable.design.internal.cost.Scaling;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SourceLocation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The design a lint run looks at, as its rules see it, and the findings they add to it: what several rules read (the
 * entity types, examples, patterns, the cost model's limits) is here once; what one rule reads is in its own class.
 */
final class LintedDesign {
    /** Distinct values up to which an attribute is low-cardinality. */
    static final int LOW_CARDINALITY = 10;

    private final SchemaFile design;
    private final SchemaDocument document;
    private final SchemaDocument source;
    private final String file;
    private final List<Finding> findings = new ArrayList<>();
    private Optional<CostReport> costs = Optional.empty();

    LintedDesign(SchemaFile design) {
        this.design = design;
        // rules look at entity types as items name them: an entity stored by its state is one type per state
        this.source = design.document();
        this.document = new SchemaDocument(source.table(), source.entityTypes(), source.collections(), source.accessPatterns(),
                source.relations(), source.types());
        this.file = design.location().map(SourceLocation::file).orElse("(document)");
    }

    /** The loaded design. */
    SchemaFile design() {
        return design;
    }

    /** The design's document with one entity per entity type: an entity stored by its state is one type per state. */
    SchemaDocument document() {
        return document;
    }

    /** The design's document as written: entities with their states. */
    SchemaDocument source() {
        return source;
    }

    /**
     * Whether the design file was written by the annotation processor (its access patterns carry their place in the Java
     * sources): such a file holds only the patterns the processor could write (those with an {@code @Example}).
     */
    boolean compiledFromCode() {
        for (int i = 0; i < source.accessPatterns().size(); i++) {
            if (design.codeLocation("accessPatterns", String.valueOf(i)).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The entities written to index {@code name} when no access pattern reads it (ST021's finding, which ST011 leaves to
     * it); empty when one does, when none is written to it, and when the design cannot say: it declares no patterns (it
     * has not said how it is read), or the processor wrote it (it holds only the patterns with an {@code @Example}).
     */
    List<String> unreadHolders(String name) {
        SchemaDocument document = document();
        if (document.accessPatterns().isEmpty() || compiledFromCode()
                || document.accessPatterns().stream().anyMatch(p -> p.index().filter(name::equals).isPresent())) {
            return List.of();
        }
        return document.entities().entrySet().stream().filter(entity -> entity.getValue().indexes().containsKey(name))
                .map(Map.Entry::getKey).toList();
    }

    /** The design's traffic at its declared rates ({@code singletable cost}), worked out once for the rules that read it. */
    CostReport costs() {
        if (costs.isEmpty()) {
            costs = Optional.of(CostModel.of(design, PriceTable.builtIn(), "us-east-1", Scaling.none()));
        }
        return costs.get();
    }

    /** Every finding added, ordered by file (a code-first design's findings are in its Java sources), line, column and rule id. */
    List<Finding> sorted() {
        List<Finding> sorted = new ArrayList<>(findings);
        sorted.sort(Comparator.comparing(Finding::file).thenComparingInt(Finding::line).thenComparingInt(Finding::column).thenComparing(Finding::ruleId)
                .thenComparing(Finding::message));
        return List.copyOf(sorted);
    }

    /** A finding of {@code rule} at {@code pointer}, a JSON pointer into the file ({@code /entities/Post/keys/pk}). */
    void add(LintCheck rule, Subject subject, String message, String fix, String pointer) {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(fix, "fix");
        // a finding on a state's entity type (ActiveProduct) is about what the file writes under its entity's state
        String[] path = source.pathAsWritten(List.of(pointer.substring(1).split("/"))).toArray(String[]::new);
        // a design compiled from Java: the finding belongs at the entity's or pattern's declaration (line only), not in the generated file
        Optional<SourceLocation> code = design.codeLocation(path);
        if (code.isPresent()) {
            findings.add(new Finding(rule.id(), rule.severity(), subject, message, rule.why(), fix, dotted(path), code.get().file(),
                    code.get().line(), 0));
            return;
        }
        Optional<SourceLocation> at = design.location(path);
        findings.add(new Finding(rule.id(), rule.severity(), subject, message, rule.why(), fix, dotted(path), file,
                at.map(SourceLocation::line).orElse(0), at.map(SourceLocation::column).orElse(0)));
    }

    /** {@code entities.Post.indexes.gsi1}, {@code accessPatterns[2].filter}: the paths of {@code SchemaError}. */
    private static String dotted(String[] path) {
        StringBuilder dotted = new StringBuilder();
        for (String name : path) {
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit) && dotted.length() > 0) {
                dotted.append('[').append(name).append(']');
            } else {
                dotted.append(dotted.length() > 0 ? "." : "").append(name);
            }
        }
        return dotted.toString();
    }

    /** The entity's examples, inline and from its example file, as typed values (numbers as BigDecimal). */
    List<Map<String, Object>> examples(String entity) {
        return design.examples(entity).stream().map(item -> {
            Map<String, Object> values = new LinkedHashMap<>();
            item.values().forEach((name, value) -> values.put(name, value instanceof Number number && !(value instanceof BigDecimal)
                    ? new BigDecimal(number.toString()) : value));
            return values;
        }).toList();
    }

    interface PatternVisitor {
        void visit(AccessPatternDefinition pattern, String at);
    }

    /** Each access pattern with its pointer, {@code /accessPatterns/2}, in file order. */
    void forEachPattern(PatternVisitor visitor) {
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            visitor.visit(document.accessPatterns().get(i), "/accessPatterns/" + i);
        }
    }

    interface IndexVisitor {
        void visit(IndexDefinition index, String at);
    }

    /** Each secondary index of the table with its pointer, {@code /table/indexes/1}, in file order. */
    void forEachIndex(IndexVisitor visitor) {
        List<IndexDefinition> indexes = document.table().indexes();
        for (int i = 0; i < indexes.size(); i++) {
            visitor.visit(indexes.get(i), "/table/indexes/" + i);
        }
    }

    /** The position of the named pattern among the file's, 0 when there is none. */
    int patternIndex(String name) {
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            if (document.accessPatterns().get(i).name().equals(name)) {
                return i;
            }
        }
        return 0;
    }

    /** The entity types a pattern reads: its entity, or its collection's members that are entities (not a relation's item types). */
    List<String> entitiesRead(AccessPatternDefinition pattern) {
        return pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? List.of(pattern.target().name())
                : Optional.ofNullable(document.collections().get(pattern.target().name()))
                        .map(c -> c.members().stream().filter(document.entities()::containsKey).toList()).orElse(List.of());
    }

    /** The attributes a condition names: those tested for presence only, or those compared by value. */
    static List<String> filteredAttributes(ConditionDefinition condition, boolean presence) {
        List<String> names = new ArrayList<>();
        if (condition instanceof ConditionDefinition.Present present && presence) {
            names.add(present.attribute());
        } else if (condition instanceof ConditionDefinition.AttributeType type && presence) {
            names.addAll(type.types().keySet()); // the file admits only the declared type: a presence test
        } else if (condition instanceof ConditionDefinition.Size size && !presence) {
            names.addAll(size.sizes().keySet());
        } else if (condition instanceof ConditionDefinition.Equals equals && !presence) {
            names.addAll(equals.values().keySet());
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals && !presence) {
            names.addAll(notEquals.values().keySet());
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith && !presence) {
            names.addAll(beginsWith.prefixes().keySet());
        } else if (condition instanceof ConditionDefinition.Compare compare && !presence) {
            names.addAll(compare.values().keySet());
        } else if (condition instanceof ConditionDefinition.Between between && !presence) {
            names.addAll(between.from().keySet());
        } else if (condition instanceof ConditionDefinition.In in && !presence) {
            names.addAll(in.values().keySet());
        } else if (condition instanceof ConditionDefinition.Contains contains && !presence) {
            names.addAll(contains.values().keySet());
        } else if (condition instanceof ConditionDefinition.Not not && !presence) {
            names.addAll(filteredAttributes(not.condition(), false)); // a negated presence test is an absence: not one ST010 finds
        } else if (condition instanceof ConditionDefinition.All all) {
            all.conditions().forEach(c -> names.addAll(filteredAttributes(c, presence)));
        } else if (condition instanceof ConditionDefinition.Any any) {
            any.conditions().forEach(c -> names.addAll(filteredAttributes(c, presence)));
        }
        return names.stream().distinct().toList();
    }

    /** How many values an attribute can take, when few: 2 for a boolean, an enum's values; empty otherwise. */
    static Optional<Integer> cardinality(AttributeDefinition attribute) {
        if (attribute == null) {
            return Optional.empty();
        }
        if (attribute.type() == AttributeKind.BOOLEAN) {
            return Optional.of(2);
        }
        if (attribute.type() == AttributeKind.ENUM && attribute.values().size() <= LOW_CARDINALITY) {
            return Optional.of(attribute.values().size());
        }
        return Optional.empty();
    }
}
