#!/usr/bin/env python3
"""Writes a generated design of N entities to standard output: one table with one GSI, and per entity two string
attributes, keys E<i>#{id} / E<i>#{at}, a GSI key, two access patterns (a get on the table, a query on the GSI) and
two examples. The design the issue measured the design commands on (design-scale.sh times them).
    design-scale.py 500 > /tmp/scale-500.singletable.yaml
"""
import sys


def design(n):
    out = ["format: singletable/1",
           "table:",
           "  name: ScaleTable",
           "  partitionKey: {name: pk, type: S}",
           "  sortKey: {name: sk, type: S}",
           "  entityTypeAttribute: entityType",
           "  billing: {mode: PAY_PER_REQUEST}",
           "  indexes:",
           "    - name: gsi1",
           "      kind: global",
           "      partitionKey: {name: gsi1pk, type: S}",
           "      sortKey: {name: gsi1sk, type: S}",
           "      projection: {type: ALL}",
           "entities:"]
    for i in range(n):
        out += [f"  Entity{i}:",
                "    attributes:",
                "      id: {type: string, required: true}",
                "      at: {type: string, required: true}",
                "      owner: {type: string, required: true}",
                "    keys:",
                f"      pk: \"E{i}#{{id}}\"",
                f"      sk: \"E{i}#{{at}}\"",
                "    indexes:",
                "      gsi1:",
                f"        pk: \"OWNER{i}#{{owner}}\"",
                f"        sk: \"E{i}#{{at}}\"",
                "    examples:",
                f"      - {{id: a{i}, at: \"2026-01-01\", owner: o{i}}}",
                f"      - {{id: b{i}, at: \"2026-01-02\", owner: o{i}}}"]
    out.append("accessPatterns:")
    for i in range(n):
        out += [f"  - name: entity{i}-by-id",
                "    operation: get",
                f"    entity: Entity{i}",
                f"    key: {{id: a{i}, at: \"2026-01-01\"}}",
                f"  - name: entity{i}-by-owner",
                "    operation: query",
                f"    entity: Entity{i}",
                "    index: gsi1",
                f"    partition: {{owner: o{i}}}"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(design(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
