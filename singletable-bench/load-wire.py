#!/usr/bin/env python3
"""Diffs what two of LoadBenchmark's loads sent, from LoadWire's recording (one JSON line per HTTP exchange):
requests, parameters, headers, items (attribute sets, order, sizes, formats), responses (unprocessed items, capacity),
connections and concurrency, and the tables they wrote into (DescribeTable after each load).
usage: load-wire.py load-wire.jsonl [VARIANT_A VARIANT_B]   (default: singletable handWrittenWithCapacity)"""
import collections
import json
import statistics
import sys

path = sys.argv[1]
a_name, b_name = (sys.argv[2], sys.argv[3]) if len(sys.argv) > 3 else ("singletable", "handWrittenWithCapacity")
exchanges = collections.defaultdict(list)
for line in open(path, encoding="utf-8"):
    e = json.loads(line)
    exchanges[e["phase"]].append(e)

VARYING = {"host", "amz-sdk-invocation-id", "authorization", "x-amz-content-sha256", "x-amz-date", "content-length"}
TIMESTAMPS = {"createdAt", "updatedAt"}


def target(e):
    return {k.lower(): v for k, v in e["requestHeaders"].items()}.get("x-amz-target", "?").split(".")[-1]


def compact(value):
    return json.dumps(value, separators=(",", ":"))


def summary(variant):
    load = exchanges[variant + ":load"]
    batches = [e for e in load if target(e) == "BatchWriteItem"]
    s = collections.OrderedDict()
    s["requests by operation"] = dict(sorted(collections.Counter(target(e) for e in load).items()))
    s["connections"] = len({e["connection"] for e in load})
    s["HTTP statuses"] = dict(collections.Counter(e["statusLine"] for e in load))
    headers = collections.Counter()
    for e in batches:
        headers[compact(sorted((k.lower(), v) for k, v in e["requestHeaders"].items() if k.lower() not in VARYING))] += 1
    s["request headers (varying ones left out)"] = [json.loads(h) for h in headers]
    bodies = [json.loads(e["requestBody"]) for e in batches]
    s["request parameters (besides RequestItems)"] = dict(collections.Counter(
        compact({k: v for k, v in b.items() if k != "RequestItems"}) for b in bodies))
    s["attempts (amz-sdk-request)"] = dict(collections.Counter(
        {k.lower(): v for k, v in e["requestHeaders"].items()}.get("amz-sdk-request", "?") for e in batches))
    items, per_request, kinds = [], collections.Counter(), collections.Counter()
    for b in bodies:
        n = 0
        for table, writes in b["RequestItems"].items():
            for w in writes:
                kinds[next(iter(w))] += 1
                if "PutRequest" in w:
                    items.append(w["PutRequest"]["Item"])
                n += 1
        per_request[n] += 1
    s["writes per request"] = dict(sorted(per_request.items()))
    s["write kinds"] = dict(kinds)
    s["items sent"] = len(items)
    s["distinct keys"] = len({(compact(i.get("pk")), compact(i.get("sk"))) for i in items})
    s["attribute sets"] = dict(collections.Counter(compact(sorted(i)) for i in items))
    s["attribute orders"] = len({compact(list(i)) for i in items})
    s["attribute types"] = dict(collections.Counter("%s:%s" % (k, next(iter(v))) for i in items for k, v in i.items()))
    s["item JSON bytes, mean"] = round(statistics.mean(len(compact(i)) for i in items), 2) if items else 0
    s["timestamp values (distinct, example)"] = sorted({v["S"] for i in items for k, v in i.items() if k in TIMESTAMPS})[:3]
    s["request body bytes, total"] = sum(len(e["requestBody"].encode()) for e in batches)
    responses = [json.loads(e["responseBody"]) for e in batches if e["responseBody"]]
    s["response keys"] = dict(collections.Counter(compact(sorted(r)) for r in responses))
    s["unprocessed items returned"] = sum(len(w) for r in responses for w in r.get("UnprocessedItems", {}).values())
    s["consumed capacity, total"] = sum(c.get("CapacityUnits", 0) for r in responses for c in r.get("ConsumedCapacity", []))
    s["response body bytes, total"] = sum(len(e["responseBody"].encode()) for e in batches)
    # requests in flight at once (the engine's view): sweep over [request read, response read] intervals
    events = sorted([(e["sentNanos"], 1) for e in batches] + [(e["answeredNanos"], -1) for e in batches])
    level, most, weighted, last = 0, 0, 0.0, events[0][0] if events else 0
    for t, d in events:
        weighted += level * (t - last)
        last = t
        level += d
        most = max(most, level)
    span = (events[-1][0] - events[0][0]) if events else 1
    s["in flight at once: max, time-weighted mean"] = [most, round(weighted / span, 2) if span else 0]
    s["response time per request, median ms"] = round(statistics.median((e["answeredNanos"] - e["sentNanos"]) / 1e6 for e in batches), 2)
    s["first to last request, s"] = round(span / 1e9, 3)
    others = [e for e in load if target(e) != "BatchWriteItem"]
    s["other requests"] = [target(e) + " " + e["requestBody"] for e in others]
    return s, items


def table_description(variant):
    for e in exchanges[variant + ":check"]:
        if target(e) == "DescribeTable":
            t = json.loads(e["responseBody"])["Table"]
            for k in ("TableName", "TableArn", "TableId", "CreationDateTime", "ItemCount", "TableSizeBytes"):
                t.pop(k, None)
            t.get("BillingModeSummary", {}).pop("LastUpdateToPayPerRequestDateTime", None)
            for index in t.get("GlobalSecondaryIndexes", []):
                for k in ("IndexArn", "ItemCount", "IndexSizeBytes"):
                    index.pop(k, None)
            return {k: v for k, v in t.items()}
    return None


a, a_items = summary(a_name)
b, b_items = summary(b_name)
print("%-44s | %s | %s" % ("", a_name, b_name))
for key in a:
    same = "  " if a[key] == b[key] else "≠ "
    print("%s%-42s | %s | %s" % (same, key, compact(a[key]), compact(b[key])))

ta, tb = table_description(a_name), table_description(b_name)
print("%stable after the load (DescribeTable, names, ids, times, counts and sizes left out): %s" % ("  " if ta == tb else "≠ ",
      "the same" if ta == tb else "\n  %s\n  %s" % (compact(ta), compact(tb))))
print("  table: %s" % compact(ta))


def key_of(item):
    return compact(item.get("pk")), compact(item.get("sk"))


by_key = {key_of(i): i for i in b_items}
differing, missing, example = 0, 0, None
for item in a_items:
    other = by_key.get(key_of(item))
    if other is None:
        missing += 1
        continue
    left = {k: v for k, v in item.items() if k not in TIMESTAMPS}
    right = {k: v for k, v in other.items() if k not in TIMESTAMPS}
    if left != right or set(item) != set(other):
        differing += 1
        example = example or (item, other)
print("items of %s without the same key in %s: %d; with it but other attributes or values (timestamps' values aside): %d"
      % (a_name, b_name, missing, differing))
if example:
    print("  first difference:\n  %s\n  %s" % (compact(example[0]), compact(example[1])))
