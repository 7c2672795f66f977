#!/usr/bin/env python3
"""Where a benchmark thread's CPU goes, from a JFR recording made by JMH's `-prof jfr` (use stackDepth=512).

usage: jfr-breakdown.py profile.jfr [top]
Each execution sample of a JMH worker thread is put in one bucket:
  - "SDK call": below a DynamoDbClient method (marshalling, signing, the SDK's pipeline, the canned HTTP client,
    unmarshalling the response into AttributeValues);
  - otherwise the caller's own work, named by its innermost frame in dev.singletable (the library, or the benchmark's
    hand-written code) -- and, inside that, by the leaf method.
Prints the share of each bucket, so that singletable's work outside the SDK can be compared with the raw SDK's.
"""
import collections
import json
import subprocess
import sys

SDK_ENTRY = "software.amazon.awssdk.services.dynamodb.DefaultDynamoDbClient."


def frames_of(event):
    out = []
    for f in event["values"]["stackTrace"]["frames"]:
        m = f["method"]
        out.append(m["type"]["name"] + "." + m["name"])
    return out  # leaf first


def main(path, top=15):
    raw = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ExecutionSample", path],
                         capture_output=True, text=True, check=True).stdout
    events = json.loads(raw)["recording"]["events"]
    buckets = collections.Counter()
    own_leaf = collections.Counter()
    sdk_leaf = collections.Counter()
    total = 0
    for e in events:
        thread = e["values"]["sampledThread"]
        name = thread.get("javaName") or thread.get("osName") or ""
        if "jmh-worker" not in name:
            continue
        st = e["values"].get("stackTrace")
        if not st:
            continue
        frames = frames_of(e)
        total += 1
        if any(f.startswith(SDK_ENTRY) for f in frames):
            buckets["SDK call (marshal, sign, pipeline, HTTP client, unmarshal)"] += 1
            sdk_leaf[frames[0]] += 1
            continue
        owner = next((f for f in frames if f.startswith("dev.singletable.") and "jmh_generated" not in f), None)
        if owner is None:
            owner = "(other: " + frames[0] + ")"
        buckets["own: " + owner] += 1
        own_leaf[frames[0]] += 1
    print("%d samples of the benchmark thread" % total)
    sdk = sum(v for k, v in buckets.items() if k.startswith("SDK"))
    print("%5.1f%%  SDK call" % (100.0 * sdk / max(total, 1)))
    print("%5.1f%%  outside the SDK call (the caller's own work), by innermost dev.singletable frame:" % (100.0 * (total - sdk) / max(total, 1)))
    for k, v in buckets.most_common():
        if k.startswith("own: "):
            if v * 1000 < total * 5:
                break
            print("   %5.1f%%  %s" % (100.0 * v / total, k[5:]))
    print("outside the SDK call, by leaf method:")
    for k, v in own_leaf.most_common(int(top)):
        print("   %5.1f%%  %s" % (100.0 * v / total, k))
    print("inside the SDK call, by leaf method:")
    for k, v in sdk_leaf.most_common(int(top)):
        print("   %5.1f%%  %s" % (100.0 * v / total, k))


if __name__ == "__main__":
    main(*sys.argv[1:])
