#!/usr/bin/env bash
# Wall time of every command that reads a file, on files made to hurt a reader (the catalogue of the CLI's
# HostileFilesCommandsTest): each must end within 5 s on 2 cores with a located error. Prints seconds, exit code and the
# first line of output per command and file. Needs the CLI built (../singletable -h builds it).
# Usage: singletable-bench/hostile-files.sh
set -uo pipefail
cd "$(dirname "$0")/.."
jar=singletable-cli/target/singletable-cli.jar
[ -f "$jar" ] || { echo "build the CLI first: ./singletable --help" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import sys, os
d = sys.argv[1]
head = 'format: singletable/1\ntable: {name: T, partitionKey: PK}\n'
files = {
    'big.singletable.yaml': head + 'x: "' + 'a' * 50_000_000 + '"\n',
    'long.singletable.yaml': head + 'x: ' + 'a' * 2_900_000 + '\n',
    'deep.singletable.json': '{"format": "singletable/1", "x": ' + '[' * 1_000_000 + ']' * 1_000_000 + '}',
    'deep.singletable.yaml': head + 'x: ' + '[' * 1_000_000 + ']' * 1_000_000 + '\n',
    'alias.singletable.yaml': head + 'a: &a [x, x, x, x, x, x, x, x, x]\n' + ''.join(
        f'{c}: &{c} [' + ', '.join([f'*{p}'] * 9) + ']\n' for p, c in zip('abcdefgh', 'bcdefghi')),
    'cut.singletable.yaml': head + 'entities:\n  Order:\n    description: "half a sen',
    'model-big.json': '{"x": "' + 'a' * 50_000_000 + '"}',
    'model-deep.json': '{"ModelName": ' + '[' * 1_000_000 + ']' * 1_000_000 + '}',
    'items-long.jsonl': '{"id": "' + 'a' * 50_000_000 + '"}\n',
}
for name, text in files.items():
    open(os.path.join(d, name), 'w').write(text)
open(os.path.join(d, 'garbage.singletable.yaml'), 'wb').write(os.urandom(8_000_000))
PY
run() {
    local start end code first
    start=$(date +%s.%N)
    first=$(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$jar" "$@" 2>&1 | grep -v '^$' | head -1 | cut -c1-110)
    code=${PIPESTATUS[0]}
    end=$(date +%s.%N)
    printf '%6.2f s  %-60s %s\n' "$(echo "$end - $start" | bc)" "$*" "$first" | sed "s|$dir/||g"
}
for f in big.singletable.yaml long.singletable.yaml deep.singletable.json deep.singletable.yaml alias.singletable.yaml \
         garbage.singletable.yaml cut.singletable.yaml; do
    for cmd in check lint describe patterns cost; do
        run "$cmd" "$dir/$f"
    done
    run view -o "$dir/out.html" "$dir/$f"
    run export terraform -o "$dir/out.tf" "$dir/$f"
done
run import nosql-workbench "$dir/model-big.json" -o "$dir/out.yaml"
run import nosql-workbench "$dir/model-deep.json" -o "$dir/out.yaml"
run load --dry-run designs/blog.singletable.yaml "$dir/items-long.jsonl"
ls "$dir"/out.* 2>/dev/null && echo "FAILED: a command wrote an output file" || echo "no command wrote an output file"
