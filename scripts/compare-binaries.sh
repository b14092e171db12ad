#!/bin/sh
# Replays the same sessions through two vmrepl binaries and reports any byte that differs: the
# fuzz corpus and the demo scripts as piped input (in full and diff state lines), the demos and
# transcripts' commands with `vmrepl run`. Used when the output side is redesigned, to show
# protocol v1 unchanged.
#   scripts/compare-binaries.sh OLD_VMREPL NEW_VMREPL
set -u
old=$1 new=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sessions=0 differ=0
compare() { # NAME, then the arguments; input on stdin is saved so both get the same bytes
    name=$1; shift
    cat > "$out/in"
    "$old" "$@" < "$out/in" > "$out/old" 2>&1
    echo "exit $?" >> "$out/old"
    "$new" "$@" < "$out/in" > "$out/new" 2>&1
    echo "exit $?" >> "$out/new"
    sessions=$((sessions + 1))
    if ! cmp -s "$out/old" "$out/new"; then
        differ=$((differ + 1))
        echo "differs: $name $*"
        diff "$out/old" "$out/new" | head -5
    fi
}
for file in Fuzz/corpus/* Examples/demos/*.vmrepl; do
    compare "$file" < "$file"
    compare "$file" --states=diff < "$file"
done
for file in Examples/demos/*.vmrepl; do
    compare "$file" run "$file" < /dev/null
done
compare "every demo" run --keep-going Examples/demos/*.vmrepl < /dev/null
compare "every demo, diff" run --keep-going --states=diff Examples/demos/*.vmrepl < /dev/null
# MCP: a handshake, then tool calls that reply, push, fail, describe and watch.
mcp_call() { printf '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}\n' "$@"; }
{
    printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"compare","version":"1"}}}'
    printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/initialized"}'
    printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
    mcp_call 2 use '{"screen":"users"}'
    mcp_call 3 describe '{}'
    mcp_call 4 watch '{"path":"phase"}'
    mcp_call 5 load '{}'
    mcp_call 6 event '{"name":"nope"}'
    mcp_call 7 state '{}'
    mcp_call 8 use '{"screen":"posts"}'
    mcp_call 9 set '{"states":"diff"}'
    mcp_call 10 load '{}'
    mcp_call 11 expect '{"condition":"phase == 3"}'
} | compare "MCP session" --mcp
for file in Examples/transcripts/*; do
    grep -v '^[{]' "$file" | compare "$file"
done
compare "every transcript" test Examples/transcripts/*.vmt < /dev/null
# explore: seeded random steps with coverage, and a broken invariant shrunk to its counterexample.
printf 'use users\n' > "$out/explore-users.vmrepl"
compare "explore users" explore --seed=7 --runs=20 --steps=40 --coverage "$out/explore-users.vmrepl" < /dev/null
printf 'use foo\ninvariant sheetIsPresented == false\n' > "$out/explore-foo.vmrepl"
compare "explore foo" explore --seed=3 --runs=50 --steps=20 --out="$out/counterexample.vmrepl" "$out/explore-foo.vmrepl" < /dev/null
echo "$sessions sessions replayed, $differ differ"
[ "$differ" -eq 0 ]
