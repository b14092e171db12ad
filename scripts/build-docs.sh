#!/bin/sh
# The DocC reference of the public libraries, from the debug build's modules (it builds nothing):
# each module's symbol graph by swift-symbolgraph-extract, its catalog (Sources/MODULE/MODULE.docc)
# by docc convert with warnings as errors, so a renamed symbol breaks this and not a reader's link,
# then one archive for static hosting: OUT/vmrepl.doccarchive.
# usage: scripts/build-docs.sh [SWIFT] [OUT]
set -eu
SWIFT=${1:-swift}
OUT=${2:-.build/docs}
TOOLS=$(dirname "$(command -v "$SWIFT")")
BIN=$("$SWIFT" build --show-bin-path)
TARGET=$("$TOOLS/swiftc" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
rm -rf "$OUT"
mkdir -p "$OUT/symbol-graphs"
ARCHIVES=""
for MODULE in ViewModelKit ViewModelREPL ViewModelREPLTesting; do
    mkdir -p "$OUT/symbol-graphs/$MODULE"
    "$TOOLS/swift-symbolgraph-extract" -module-name "$MODULE" -I "$BIN/Modules" -I Sources/CLibEdit -I Sources/CRuntimeHooks/include -target "$TARGET" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$OUT/symbol-graphs/$MODULE"
    "$TOOLS/docc" convert "Sources/$MODULE/$MODULE.docc" --additional-symbol-graph-dir "$OUT/symbol-graphs/$MODULE" \
        --output-path "$OUT/$MODULE.doccarchive" --fallback-display-name "$MODULE" --fallback-bundle-identifier "org.vmrepl.$MODULE" \
        --transform-for-static-hosting --warnings-as-errors
    ARCHIVES="$ARCHIVES $OUT/$MODULE.doccarchive"
done
# shellcheck disable=SC2086
"$TOOLS/docc" merge $ARCHIVES --output-path "$OUT/vmrepl.doccarchive" --synthesized-landing-page-name vmrepl
echo "docs: $OUT/vmrepl.doccarchive (serve it, or open documentation/ in it)"
