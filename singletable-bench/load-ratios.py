#!/usr/bin/env python3
"""Ratios of LoadBenchmark's JSON result (load-throughput.sh): singletable against each hand-written loop, by wall time
and by CPU (client threads, DynamoDB Local's threads, whole JVM), per parallelism. usage: load-ratios.py result.json"""
import collections
import json
import sys

ITEMS = 20000
runs = collections.defaultdict(dict)
for r in json.load(open(sys.argv[1])):
    name = r["benchmark"].rsplit(".", 1)[1]
    p = r.get("params", {}).get("parallelism", "?")
    figures = {"wall s": r["primaryMetric"]["score"]}
    for key, metric in r.get("secondaryMetrics", {}).items():
        if key.startswith("cpu."):
            figures[key] = metric["score"]
    figures["shots"] = r["primaryMetric"]["rawData"][0]
    runs[p][name] = figures
for p, by in sorted(runs.items()):
    print("parallelism %s" % p)
    for name, f in sorted(by.items()):
        print("  %-30s wall %6.3f s (shots %s), CPU per item: client %5.1f us, engine %6.1f us, JVM %6.1f us"
              % (name, f["wall s"], ", ".join("%.3f" % s for s in f["shots"]), f.get("cpu.client.norm", 0) / ITEMS / 1000,
                 f.get("cpu.engine.norm", 0) / ITEMS / 1000, f.get("cpu.process.norm", 0) / ITEMS / 1000))
    # like for like first: with capacity against the loop asking for it, --no-capacity against the plain loop
    for ours, base in (("load_singletable", "load_handWrittenWithCapacity"), ("load_singletableNoCapacity", "load_handWritten"),
                       ("load_singletable", "load_handWritten")):
        s, b = by.get(ours), by.get(base)
        if s and b:
            print("  %-26s / %-28s wall %.2fx, CPU client %.2fx, engine %.2fx, JVM %.2fx" % (
                ours, base, s["wall s"] / b["wall s"], *(s.get(k, 0) / max(b.get(k, 1), 1) for k in ("cpu.client.norm", "cpu.engine.norm", "cpu.process.norm"))))
