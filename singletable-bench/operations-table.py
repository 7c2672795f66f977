#!/usr/bin/env python3
"""Turns a JMH JSON result of OperationBenchmark into the README's Markdown table, with ratios to the raw SDK.

usage: operations-table.py result.json
Columns: wall ns/op (JMH's score), CPU ns/op of the benchmark thread (CpuTimeProfiler's cpu.worker.norm, which other
processes on a shared machine disturb far less), B/op (-prof gc's gc.alloc.rate.norm), and each as a ratio to `raw`.
With -prof comp in the run (wire-codec.sh), a column says how long the JIT compiled during the measured iterations (ms,
summed): a row with a large figure was measured before its code was compiled, and is not its steady state. The page
table then also gives the median of the per-iteration CPU figures, which a few disturbed iterations do not move, and the
CPU of the whole JVM (cpu.process.norm: the benchmark thread, the garbage collector's threads collecting what the call
allocated, and the JIT, so only a run without JIT time in its measurement gives a figure for it).
"""
import statistics
import json
import sys

ORDER = ["getItem", "putItem", "updateItem", "query10", "query100", "query0", "collection100", "batchGet100"]
VARIANTS = ["raw", "enhanced", "singletable", "wire"]


def main(path):
    with open(path) as f:
        results = json.load(f)
    rows = {}
    for r in results:
        name = r["benchmark"].rsplit(".", 1)[1]
        operation, variant = name.split("_", 1)
        secondary = r.get("secondaryMetrics", {})
        rows[(operation, variant)] = (
            r["primaryMetric"]["score"],
            r["primaryMetric"]["scoreError"],
            secondary.get("cpu.worker.norm", {}).get("score"),
            secondary.get("gc.alloc.rate.norm", {}).get("score"),
            secondary.get("compiler.time.profiled", {}).get("score"),
            median(secondary.get("cpu.worker.norm", {}).get("rawData")),
            secondary.get("cpu.process.norm", {}).get("score"),
        )
    jit = any(row[4] is not None for row in rows.values())
    print("| operation | client | wall ns/op | CPU ns/op | B/op | CPU / raw | B/op / raw | wall / raw |" + (" JIT ms in measurement |" if jit else ""))
    print("|---|---|---:|---:|---:|---:|---:|---:|" + ("---:|" if jit else ""))
    for operation in ORDER + sorted({o for o, _ in rows} - set(ORDER)):
        raw = rows.get((operation, "raw"))
        for variant in VARIANTS:
            row = rows.get((operation, variant))
            if row is None:
                continue
            wall, error, cpu, alloc, compiled = row[:5]

            def ratio(i):
                return "%.2f×" % (row[i] / raw[i]) if raw and raw[i] and row[i] is not None else "–"

            print("| %s | %s | %s ± %s | %s | %s | %s | %s | %s |" % (
                operation, variant, fmt(wall), fmt(error), fmt(cpu), fmt(alloc), ratio(2), ratio(3), ratio(0))
                  + (" %s |" % fmt(compiled) if jit else ""))
    decoding(rows)


def decoding(rows):
    """What decoding the 100-item page costs: query100 minus query0 (the same call answered with no items)."""
    pages = {}
    for variant in VARIANTS:
        full, empty = rows.get(("query100", variant)), rows.get(("query0", variant))
        if full and empty and full[2] is not None and empty[2] is not None:
            medians = (full[5] - empty[5]) if full[5] is not None and empty[5] is not None else None
            process = (full[6] - empty[6]) if full[6] is not None and empty[6] is not None else None
            pages[variant] = (full[2] - empty[2], full[3] - empty[3], medians, process)
    if not pages:
        return
    print()
    print("| 100-item page decoded (query100 − query0) | CPU ns/op | B/op | raw / this: CPU | raw / this: B/op "
          "| CPU ns/op, medians of the iterations | raw / this: CPU, medians "
          "| CPU ns/op, whole JVM | raw / this: CPU, whole JVM |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    raw = pages.get("raw")
    for variant, (cpu, alloc, medians, process) in pages.items():
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            variant, fmt(cpu), fmt(alloc),
            "%.2f×" % (raw[0] / cpu) if raw and cpu > 0 else "–",
            "%.2f×" % (raw[1] / alloc) if raw and alloc > 0 else "–",
            fmt(medians),
            "%.2f×" % (raw[2] / medians) if raw and raw[2] is not None and medians else "–",
            fmt(process),
            "%.2f×" % (raw[3] / process) if raw and raw[3] is not None and process else "–"))


def median(raw_data):
    """The median of JMH's per-iteration figures (a list per fork), or None."""
    if not raw_data:
        return None
    return statistics.median(value for fork in raw_data for value in fork)


def fmt(value):
    return "–" if value is None else "{:,.0f}".format(value).replace(",", " ")


if __name__ == "__main__":
    main(sys.argv[1])
