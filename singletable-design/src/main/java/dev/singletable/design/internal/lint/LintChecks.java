package dev.singletable.design.internal.lint;

import java.util.List;

/**
 * Every lint rule, in the order of their ids: the one list a new rule is added to. The SARIF report lists the rules in
 * this order, and each finding names its rule by its place here.
 *
 * <pre>{@code
 * LintChecks.ALL.forEach(rule -> System.out.println(rule.id() + " " + rule.ruleName()));
 * }</pre>
 */
public final class LintChecks {
    public static final List<LintCheck> ALL = List.of(
            new ScanPattern(),
            new FilterDiscardsMost(),
            new HotPartition(),
            new GsiCount(),
            new LocalSecondaryIndex(),
            new SharedPartition(),
            new SharedKey(),
            new UnsortableSortKey(),
            new RandomIdOrder(),
            new SparseIndexOpportunity(),
            new ProjectionAll(),
            new MissingEntityType(),
            new TtlNotEpochSeconds(),
            new ItemSize(),
            new RelationStaleCopies(),
            new RelationOnePartition(),
            new PartitionThroughput(),
            new ItemCollectionSize(),
            new GsiWriteAmplification(),
            new PartialProjectionRead(),
            new UnreadIndex(),
            new ProvisionedThroughput());

    private LintChecks() {
    }

    /**
     * The rule with this id.
     *
     * @throws IllegalArgumentException naming the ids when there is none
     */
    public static LintCheck byId(String id) {
        return ALL.stream().filter(rule -> rule.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No lint rule '" + id + "'; the rules are ST001 to ST0" + ALL.size()));
    }
}
