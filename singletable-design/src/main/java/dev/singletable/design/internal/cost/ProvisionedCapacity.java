package dev.singletable.design.internal.cost;

import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;
import dev.singletable.schema.BillingDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity a PROVISIONED design declares ({@code table.billing}), against the traffic of its patterns and writes at
 * their peaks. The table and each global secondary index get the declared units (as the CloudFormation and Terraform
 * exports deploy them); a local secondary index takes its reads and writes from the table's. Traffic over them is
 * throttled, whatever a partition could serve.
 */
final class ProvisionedCapacity {
    private static final String TABLE = "table";

    private ProvisionedCapacity() {
    }

    /** The limits the peaks pass; none for an on-demand design. */
    static List<CostReport.Limit> limits(BillingDefinition billing, TableSchema schema, List<CostReport.PatternCost> patterns,
                                         List<CostReport.WriteCost> writes) {
        if (billing.mode() != BillingDefinition.BillingMode.PROVISIONED) {
            return List.of();
        }
        Map<String, Double> reads = targets(schema);
        patterns.forEach(pattern -> pattern.shares().forEach((target, share) ->
                reads.merge(capacityOf(schema, target), pattern.peakUnitsPerSecond() * share, Double::sum)));
        Map<String, Double> written = targets(schema);
        for (CostReport.WriteCost write : writes) {
            written.merge(TABLE, write.peak() * write.tableUnits(), Double::sum);
            write.indexUnits().forEach((index, units) -> written.merge(capacityOf(schema, index), write.peak() * units, Double::sum));
        }
        List<CostReport.Limit> limits = new ArrayList<>();
        billing.readCapacity().ifPresent(declared -> reads.forEach((target, units) ->
                over(limits, "provisioned-reads", schema.name(), target, units, declared, "read", "access patterns read")));
        billing.writeCapacity().ifPresent(declared -> written.forEach((target, units) ->
                over(limits, "provisioned-writes", schema.name(), target, units, declared, "write", "entities' puts write")));
        return limits;
    }

    /**
     * What a PROVISIONED design deploys: its declared read and write units on the table and on each global index (a
     * local index uses the table's), priced by the hour all month; none for an on-demand design.
     */
    static Map<String, Double> declared(BillingDefinition billing, TableSchema schema, PriceTable.Prices prices, double hoursPerMonth) {
        if (billing.mode() != BillingDefinition.BillingMode.PROVISIONED) {
            return Map.of();
        }
        long read = billing.readCapacity().orElse(0L);
        long write = billing.writeCapacity().orElse(0L);
        double monthly = (read * prices.provisionedRcuHour() + write * prices.provisionedWcuHour()) * hoursPerMonth;
        Map<String, Double> declared = targets(schema);
        declared.replaceAll((target, none) -> monthly);
        return declared;
    }

    /** The table, then every global index, each with no traffic yet. */
    private static Map<String, Double> targets(TableSchema schema) {
        Map<String, Double> targets = new LinkedHashMap<>();
        targets.put(TABLE, 0.0);
        schema.indexes().stream().filter(index -> index.kind() == IndexKind.GLOBAL).forEach(index -> targets.put(index.name(), 0.0));
        return targets;
    }

    /** Whose capacity serves traffic on {@code target}: a local index's is the table's. */
    private static String capacityOf(TableSchema schema, String target) {
        return schema.index(target).map(IndexSchema::kind).filter(kind -> kind == IndexKind.GLOBAL).map(kind -> target).orElse(TABLE);
    }

    private static void over(List<CostReport.Limit> limits, String kind, String table, String target, double units, long declared,
                             String unit, String what) {
        if (units <= declared) {
            return;
        }
        String where = target.equals(TABLE) ? "the table" : "index " + target;
        limits.add(new CostReport.Limit(kind, "table.billing", table, "at their peaks the " + what + " " + CostModel.format(units)
                + " " + unit + " units a second on " + where + ", over the " + declared + " " + unit
                + " capacity units the design provisions (table.billing." + unit + "Capacity); what passes them is throttled",
                units, declared));
    }
}
