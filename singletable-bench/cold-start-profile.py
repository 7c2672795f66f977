#!/usr/bin/env python3
"""Where a cold first put + get spends the main thread's time, from JFR execution samples.

Record a few fresh JVMs (a 2 ms sampling period; deep stacks, or the SDK's frames are cut off), print them as JSON with
deep stacks (jfr print cuts stacks to 5 frames unless told), then give the JSON files to this script:

  cat > target/cold.jfc <<EOF
  <?xml version="1.0" encoding="UTF-8"?>
  <configuration version="2.0"><event name="jdk.ExecutionSample"><setting name="enabled">true</setting>
  <setting name="period">2 ms</setting><setting name="stackTrace">true</setting></event></configuration>
  EOF
  java -XX:FlightRecorderOptions=stackdepth=1024 -XX:StartFlightRecording=filename=target/raw1.jfr,settings=target/cold.jfc \
       -cp "target/classes:$(cat target/classpath.txt)" dev.singletable.bench.operations.ColdStartPutGetRaw http://127.0.0.1:PORT
  jfr print --stack-depth 1024 --json --events jdk.ExecutionSample target/raw1.jfr > target/raw1.json
  ./cold-start-profile.py target/raw*.json
  THREAD=main ./cold-start-profile.py target/raw*.json     # the main thread's samples only (its Java name)

With an AOT cache (JDK 24+), train the cache with the same -XX:StartFlightRecording flags as the profiled runs: a cache
made without JFR is refused when JFR's module is added at run time.

Each sample is put in a phase (the outermost frame that names one: HTTP client construction, the client builder, the
calls) and a detail (the innermost SDK or singletable frame that names one: endpoint rules, service metadata, signing...).
"""
import json, os, sys, collections
thread = os.environ.get("THREAD")  # a thread's Java name: only its samples; all threads when not set
# phase: the outermost frame that names one; detail: the innermost frame that names one (leaf first)
phases = [
  ("HTTP client construction", ["UrlConnectionHttpClient.create", "ApacheHttpClient.create", "ColdStartPutGet.httpClient"]),
  ("DynamoDbClient builder build()", ["DynamoDbClientBuilder.build", "SdkDefaultClientBuilder.build", "DefaultDynamoDbClientBuilder", "DynamoDbClient.builder", "WireClient$Builder.build"]),
  ("model: items and requests built", ["RawSdkOperations.encode", "RawSdkOperations.orderKey", "PutItemRequest$BuilderImpl", "GetItemRequest$BuilderImpl", "PutItemRequest.builder", "GetItemRequest.builder"]),
  ("PutItem call", ["DefaultDynamoDbClient.putItem", "DirectDynamoDbClient.putItem"]),
  ("GetItem call", ["DefaultDynamoDbClient.getItem", "DirectDynamoDbClient.getItem"]),
  ("singletable Table: put", ["DefaultTable.put"]), ("singletable Table: get", ["DefaultTable.get"]), ("singletable Table.of", ["Table.of"]),
]
details = [
  ("endpoint rules engine", ["endpoints.internal", "DynamoDbEndpointProvider", "DynamoDbResolveEndpointInterceptor", "RuleEngine", "rules"]),
  ("region/service metadata", ["regions.", "ServiceMetadata"]),
  ("interceptor chain (classpath scan)", ["ClasspathInterceptorChainFactory"]),
  ("credentials and identity", ["auth.credentials", "identity.spi"]),
  ("retry strategy", ["retries.", ".retry."]),
  ("SigV4 signing", ["http.auth.aws", "signer", "Signer"]),
  ("JSON protocol marshalling", ["protocols.json.internal.marshall", "Marshaller", "marshall", "protocols.core"]),
  ("JSON protocol unmarshalling", ["unmarshall", "Unmarshaller", "protocols.jsoncore", "thirdparty.jackson"]),
  ("model classes (SdkField, traits)", ["services.dynamodb.model", "core.SdkField", "core.traits", "core.protocol"]),
  ("HTTP exchange (JDK HttpURLConnection, sockets)", ["sun.net.www", "java.net.", "http.urlconnection", "http.apache", "org.apache.http"]),
  ("TLS/crypto set-up (SSLContext, trust store)", ["sun.security", "javax.net.ssl", "java.security", "com.sun.crypto"]),
  ("execution pipeline and interceptors", ["core.internal.http", "core.internal.handler", "awscore.client.handler", "interceptor"]),
  ("lambdas and method handles", ["LambdaMetafactory", "java.lang.invoke"]),
  ("class loading (jar reading, defineClass, verification)", ["ClassLoader", "URLClassPath", "java.util.zip", "java.util.jar"]),
]
def first(names, table):
    for n in names:
        for c, keys in table:
            if any(k in n for k in keys):
                return c
    return None
cats = collections.Counter(); byphase = collections.Counter(); total = 0
for f in sys.argv[1:]:
    for e in json.load(open(f))["recording"]["events"]:
        sampled = e["values"].get("sampledThread") or {}
        if thread and sampled.get("javaName") != thread:
            continue
        st = e["values"]["stackTrace"]
        frames = st["frames"] if st else []
        names = [fr["method"]["type"]["name"].replace("/", ".") + "." + fr["method"]["name"] for fr in frames]  # leaf first
        total += 1
        if not any("ColdStartPutGet" in n for n in names):
            ph = "(no main frame: lambda bootstrap, hidden frames)"
        else:
            ph = first(list(reversed(names)), phases) or "main's own code (hand-written mapping, arguments)"
        sdk = [n for n in names if n.startswith("software.amazon") or n.startswith("dev.singletable")]
        d = first(sdk, details) or first(names, details) or "other"
        byphase[ph] += 1; cats[(ph, d)] += 1
for ph, n in byphase.most_common():
    print(f"{n:5d} {100*n/total:5.1f}%  {ph}")
    for (p, d), m in cats.most_common():
        if p == ph and m * 100 / total >= 0.8:
            print(f"        {m:5d} {100*m/total:5.1f}%  {d}")
print("samples", total)
