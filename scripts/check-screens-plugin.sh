#!/bin/sh
# The vmrepl-screens command plugin on ExampleApp (Examples/App): the committed generated file is
# what the plugin writes (so running it twice gives the same bytes), --check fails once a view
# model gains a method, and a script drives every generated screen through app-repl.
# usage: scripts/check-screens-plugin.sh [SWIFT]
set -eu
SWIFT=${1:-swift}
cd "$(dirname "$0")/.."
GENERATED=Examples/App/Sources/AppREPL/Screens.generated.swift
WORK=.build/screens-check
BIN=$("$SWIFT" build --show-bin-path)
rm -rf "$WORK"
mkdir -p "$WORK"
fail() {
    echo "check-screens-plugin: $1" >&2
    exit 1
}
"$SWIFT" package --allow-writing-to-package-directory vmrepl-screens --target ExampleApp --output "$GENERATED" --check ||
    fail "$GENERATED is not what the plugin writes"
for run in first second; do
    "$SWIFT" package --allow-writing-to-package-directory vmrepl-screens --target ExampleApp --output "$WORK/$run.swift" > /dev/null
done
# The files name their own output in their first lines' command: compared from the line after it.
tail -n +3 "$WORK/first.swift" > "$WORK/first.body"
tail -n +3 "$WORK/second.swift" > "$WORK/second.body"
tail -n +3 "$GENERATED" > "$WORK/committed.body"
cmp -s "$WORK/first.body" "$WORK/second.body" || fail "two runs wrote different files"
cmp -s "$WORK/first.body" "$WORK/committed.body" || fail "a run wrote other than the committed file"
# A method added to a view model: the symbol graph the plugin read, with one more method.
GRAPHS=$(dirname "$(find .build -path '*extracted-symbols*' -name ExampleApp.symbols.json | head -1)")
[ -d "$GRAPHS" ] || fail "no symbol graph of ExampleApp was written"
mkdir -p "$WORK/graphs"
python3 - "$GRAPHS/ExampleApp.symbols.json" "$WORK/graphs/ExampleApp.symbols.json" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
counter = next(s for s in graph["symbols"] if s["pathComponents"] == ["CounterViewModel"])
graph["symbols"].append({
    "kind": {"identifier": "swift.method", "displayName": "Instance Method"},
    "identifier": {"precise": "s:added", "interfaceLanguage": "swift"},
    "pathComponents": ["CounterViewModel", "double()"], "names": {"title": "double()"}, "accessLevel": "public",
    "declarationFragments": [{"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "},
                             {"kind": "identifier", "spelling": "double"}, {"kind": "text", "spelling": "()"}],
})
graph["relationships"].append({"kind": "memberOf", "source": "s:added", "target": counter["identifier"]["precise"]})
json.dump(graph, open(sys.argv[2], "w"))
PY
if "$BIN/vmrepl-screens" --module ExampleApp --symbol-graphs "$WORK/graphs" --output "$GENERATED" --check 2> "$WORK/check.err"; then
    fail "--check passed though CounterViewModel gained a method"
fi
grep -q "out of date" "$WORK/check.err" || fail "--check did not say the file is out of date"
"$BIN/app-repl" run Examples/App/Sources/AppREPL/app.vmrepl > "$WORK/app.out" || fail "the script of every generated screen failed: $(tail -3 "$WORK/app.out")"
echo "check-screens-plugin: $(grep -c 'screens.register' "$GENERATED") generated screens, stable, checked, driven"
