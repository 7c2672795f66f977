#!/usr/bin/env python3
"""Where a load's CPU goes, from async-profiler's collapsed stacks with thread names (JMH's
`-prof async:...;event=ctimer;output=collapsed;threads=true`, see the README's "Bulk load").

usage: load-profile.py collapsed-ctimer.csv ITEMS_PER_LOAD LOADS [frame-prefix]
Every sample (1 ms of a thread's CPU at interval=1000000) goes to one thread group:
  client  -- the JMH worker (reads the file, checks rows, dispatches), the writer threads (singletable-load-writer-*
             for the command, pool-*-thread-* for the hand-written loop: the SDK call and the batch engine), progress;
  engine  -- an engine running in the JVM (the thread names of DynamoDB Local, which earlier figures used); the embedded
             engine now, Dynoxide, runs in a process of its own, which this profile of the JVM does not see;
  JIT, GC, other VM threads.
Client samples are then split into steps by the innermost frame of a known step (leaf to root), so that a step
nested in another counts once. Prints ms of CPU per load and us per item. With a frame prefix, also the client's
hottest frames (inclusive) that start with it.
"""
import collections
import re
import sys

STEPS = [  # (step, frame substrings), checked leaf to root: the innermost match names the sample's step
    ("checkpoint save", ("LoadCheckpoint.save",)),
    ("line count for the progress total", ("InputFiles.count",)),
    ("progress", ("LoadProgress", "Loader.snapshot")),
    ("SDK: marshal request", ("protocols/json/internal/marshall", "protocols.json.internal.marshall")),
    ("SDK: unmarshal response", ("protocols/json/internal/unmarshall", "protocols.json.internal.unmarshall")),
    ("SDK: sign", ("http/auth/aws", "auth/signer")),
    ("SDK: HTTP (Apache client, socket)", ("org/apache/http", "java/net/Socket", "sun/nio/ch")),
    ("SDK call: pipeline, rest", ("DefaultDynamoDbClient.",)),
    ("batch engine: request listener, capacity", ("RequestListener", "CapacityMeter", "RequestEvent")),
    ("batch engine: encode the put (PutAction, toItem)", ("Writes.batchPut",)),
    ("batch engine: rest", ("internal/batch/",)),
    ("duplicate-key check", ("HashMap.putIfAbsent",)),
    ("row check: encode (toItem) and key text", ("RowItems.keyText", "Table.toItem", "DefaultTable.toItem")),
    ("row check: JSON to item (SchemaFile.item)", ("SchemaFile.item",)),
    ("row check: rest", ("RowItems.check",)),
    ("JSON parse (Jackson readTree) and plain values", ("ObjectMapper.readTree", "InputFiles.plain", "InputFiles.jsonLinesRow")),
    ("read lines", ("BufferedReader.readLine",)),
    ("hand-written: build items", ("LoadBenchmark.load_handWritten",)),
    ("command start: design, client, table", ("DataDesign.load", "EngineOptions.open", "DataEngine", "createTable", "SchemaFile.load")),
    ("loader: rest", ("data/load/",)),
]


def group(thread):
    if "SQLiteQueue" in thread or "dynamodb-local" in thread:
        return "engine"
    if "Compiler" in thread:
        return "JIT"
    if "GC Thread" in thread or "G1 " in thread or "VM Thread" in thread:
        return "GC, VM"
    if "jmh-worker" in thread or "singletable-load" in thread or re.match(r"\[pool-\d+-thread", thread):
        return "client"
    return "other"


def main(path, items, loads, prefix=None):
    items, loads = int(items), int(loads)
    groups = collections.Counter()
    threads = collections.Counter()
    steps = collections.Counter()
    inclusive = collections.Counter()
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            frames = stack.split(";")
            thread, frames = frames[0], frames[1:]
            n = int(count)
            g = group(thread)
            groups[g] += n
            if g != "client":
                continue
            threads[re.sub(r"[-\d]+ tid=\d+\]$", "]", thread)] += n
            step = "other client work"
            for frame in reversed(frames):
                hit = next((s for s, pats in STEPS if any(p in frame for p in pats)), None)
                if hit:
                    step = hit
                    break
            steps[step] += n
            if prefix:
                for fr in set(frames):
                    if fr.startswith(prefix):
                        inclusive[fr] += n
    total = sum(groups.values())
    per = lambda n: "%8.0f ms/load %7.2f us/item" % (n / loads, n * 1000.0 / (loads * items))
    print("%d samples (1 ms each), %d loads of %d items" % (total, loads, items))
    for g, n in groups.most_common():
        print("  %-8s %s  %5.1f%%" % (g, per(n), 100.0 * n / total))
    print("client threads:")
    for t, n in threads.most_common():
        print("  %-60s %s" % (t, per(n)))
    print("client steps:")
    for s, n in steps.most_common():
        print("  %-50s %s" % (s, per(n)))
    if prefix:
        print("client frames starting with %s (inclusive):" % prefix)
        for fr, n in inclusive.most_common(40):
            print("  %-100s %s" % (fr, per(n)))


if __name__ == "__main__":
    main(*sys.argv[1:])
