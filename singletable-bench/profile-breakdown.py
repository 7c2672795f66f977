#!/usr/bin/env python3
"""Where a benchmark thread's CPU goes, from async-profiler's collapsed stacks (JMH's `-prof async:...;output=collapsed;
threads=true`, see the README) or from a JFR recording made by JMH's `-prof jfr` (use stackDepth=512).

usage: profile-breakdown.py collapsed-cpu.csv|profile.jfr [top]
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


# phases inside the SDK call, by the innermost frame that names one (checked leaf to root)
SDK_PHASES = [
    ("unmarshal response (JSON to AttributeValue)", ("protocols.json.internal.unmarshall", "protocols.jsoncore", "thirdparty.jackson.core.json.UTF8StreamJsonParser", "thirdparty.jackson.core.base.ParserBase")),
    ("marshal request (to JSON)", ("protocols.json.internal.marshall", "thirdparty.jackson.core.json.UTF8JsonGenerator", "protocols.jsoncore.JsonWriter")),
    ("sign (SigV4)", ("http.auth.aws.", "auth.signer")),
    ("CRC32 of the response", ("Crc32", "CRC32")),
    ("canned HTTP client", ("dev.singletable.bench.operations.CannedHttpClient",)),
    ("request model builders, copies and validation", ("services.dynamodb.model.",)),
]


def sdk_phase(frames):
    for f in frames:
        for phase, patterns in SDK_PHASES:
            if any(p in f for p in patterns):
                return phase
    return "pipeline, interceptors, execution context"


def frames_of(event):
    out = []
    for f in event["values"]["stackTrace"]["frames"]:
        m = f["method"]
        out.append((m["type"]["name"] + "." + m["name"]).replace("/", "."))
    return out  # leaf first


def samples(path):
    """(thread name, frames leaf first, weight) of every sample."""
    if path.endswith(".jfr"):
        raw = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ExecutionSample", path],
                             capture_output=True, text=True, check=True).stdout
        for e in json.loads(raw)["recording"]["events"]:
            thread = e["values"]["sampledThread"]
            if e["values"].get("stackTrace"):
                yield thread.get("javaName") or thread.get("osName") or "", frames_of(e), 1
        return
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            frames = stack.split(";")
            thread = frames[0] if frames and frames[0].startswith("[") else ""
            yield thread, [fr.replace("/", ".") for fr in reversed(frames[1:] if thread else frames)], int(count)


def main(path, top=15):
    buckets = collections.Counter()
    own_leaf = collections.Counter()
    sdk_leaf = collections.Counter()
    phases = collections.Counter()
    total = 0
    for name, frames, weight in samples(path):
        if "jmh-worker" not in name:
            continue
        total += weight
        if any(f.startswith(SDK_ENTRY) for f in frames):
            buckets["SDK call (marshal, sign, pipeline, HTTP client, unmarshal)"] += weight
            sdk_leaf[frames[0]] += weight
            phases[sdk_phase(frames)] += weight
            continue
        owner = next((f for f in frames if f.startswith("dev.singletable.") and "jmh_generated" not in f), None)
        if owner is None:
            owner = "(other: " + frames[0] + ")"
        buckets["own: " + owner] += weight
        own_leaf[frames[0]] += weight
    print("%d samples of the benchmark thread" % total)
    sdk = sum(v for k, v in buckets.items() if k.startswith("SDK"))
    print("%5.1f%%  SDK call, of which:" % (100.0 * sdk / max(total, 1)))
    for k, v in phases.most_common():
        print("   %5.1f%%  %s" % (100.0 * v / total, k))
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
