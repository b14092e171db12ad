#!/bin/sh
# The vmrepl-screens command plugin on Examples/App, an app's own package that depends on vmrepl as
# a team's would: the committed generated file is what the plugin writes (so running it twice
# gives the same bytes), --check fails once a view model gains a method, an inout parameter is
# refused, AppREPL builds in debug and release, and a script drives every generated screen through it.
# usage: scripts/check-screens-plugin.sh [SWIFT]
set -eu
SWIFT=${1:-swift}
cd "$(dirname "$0")/.."
ROOT=$(pwd)
APP=Examples/App
GENERATED=Sources/AppREPL/Screens.generated.swift
WORK=$ROOT/$APP/.build/screens-check
BIN=$("$SWIFT" build --show-bin-path)
rm -rf "$WORK"
mkdir -p "$WORK"
fail() {
    echo "check-screens-plugin: $1" >&2
    exit 1
}
plugin() { # the plugin in the app's package, as its README runs it; then the arguments after --target App
    (cd "$APP" && "$SWIFT" package --allow-writing-to-package-directory vmrepl-screens --target App "$@")
}
plugin --output "$GENERATED" --check || fail "$APP/$GENERATED is not what the plugin writes"
# The check verb needs no permission to write (CI runs it without --allow-writing-to-package-directory).
(cd "$APP" && "$SWIFT" package vmrepl-screens-check --target App --output "$GENERATED" > "$WORK/check-verb.out" 2>&1) ||
    fail "vmrepl-screens-check failed on the committed file: $(tail -2 "$WORK/check-verb.out")"
if (cd "$APP" && "$SWIFT" package vmrepl-screens-check --target App --output Sources/AppREPL/None.swift > "$WORK/check-missing.out" 2>&1); then
    fail "vmrepl-screens-check passed for a missing file"
fi
grep -q "is missing" "$WORK/check-missing.out" || fail "vmrepl-screens-check did not say missing: $(tail -2 "$WORK/check-missing.out")"
for run in first second; do
    plugin --output "$WORK/$run.swift" > /dev/null
done
# The files name their own output in their first lines' command: compared from the line after it.
tail -n +3 "$WORK/first.swift" > "$WORK/first.body"
tail -n +3 "$WORK/second.swift" > "$WORK/second.body"
tail -n +3 "$APP/$GENERATED" > "$WORK/committed.body"
cmp -s "$WORK/first.body" "$WORK/second.body" || fail "two runs wrote different files"
cmp -s "$WORK/first.body" "$WORK/committed.body" || fail "a run wrote other than the committed file"
# A method added to a view model: the symbol graph the plugin read, with one more method.
GRAPHS=$(dirname "$(find "$APP/.build" -path '*extracted-symbols*' -name App.symbols.json | head -1)")
[ -d "$GRAPHS" ] || fail "no symbol graph of App was written"
mkdir -p "$WORK/graphs"
python3 - "$GRAPHS/App.symbols.json" "$WORK/graphs/App.symbols.json" <<'PY'
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
# An inout parameter as SwiftPM's symbol graph writes it: in the declaration, not in the parameter's own fragments.
graph["symbols"].append({
    "kind": {"identifier": "swift.method", "displayName": "Instance Method"},
    "identifier": {"precise": "s:addedInout", "interfaceLanguage": "swift"},
    "pathComponents": ["CounterViewModel", "adjust(_:)"], "names": {"title": "adjust(_:)"}, "accessLevel": "public",
    "declarationFragments": [{"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "},
                             {"kind": "identifier", "spelling": "adjust"}, {"kind": "text", "spelling": "("},
                             {"kind": "externalParam", "spelling": "_"}, {"kind": "text", "spelling": " "},
                             {"kind": "internalParam", "spelling": "value"}, {"kind": "text", "spelling": ": "},
                             {"kind": "keyword", "spelling": "inout"}, {"kind": "text", "spelling": " "},
                             {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}, {"kind": "text", "spelling": ")"}],
    "functionSignature": {"parameters": [{"name": "_", "internalName": "value", "declarationFragments": [
        {"kind": "identifier", "spelling": "value"}, {"kind": "text", "spelling": ": "},
        {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}]}]},
})
graph["relationships"].append({"kind": "memberOf", "source": "s:addedInout", "target": counter["identifier"]["precise"]})
json.dump(graph, open(sys.argv[2], "w"))
PY
if "$BIN/vmrepl-screens" --module App --symbol-graphs "$WORK/graphs" --output "$APP/$GENERATED" --check 2> "$WORK/check.err"; then
    fail "--check passed though CounterViewModel gained a method"
fi
grep -q "out of date" "$WORK/check.err" || fail "--check did not say the file is out of date"
"$BIN/vmrepl-screens" --module App --symbol-graphs "$WORK/graphs" --output "$WORK/added.swift" 2> /dev/null || fail "no file was generated from the graph with added methods"
grep -qF 'actions.append(.call("double")' "$WORK/added.swift" || fail "the added method is not an action"
grep -qF '// CounterViewModel.adjust(_:): an inout parameter (value), which an event cannot pass' "$WORK/added.swift" ||
    fail "an inout parameter SwiftPM's graph gives only in the declaration was not refused"
(cd "$APP" && "$SWIFT" build --product AppREPL > "$WORK/build.out" 2>&1) || fail "AppREPL did not build: $(grep error: "$WORK/build.out" | head -3)"
# And in release, as a team ships it: `@testable import App` needs the App target's -enable-testing (docs/HOSTING.md).
(cd "$APP" && "$SWIFT" build -c release --product AppREPL > "$WORK/release.out" 2>&1) ||
    fail "AppREPL did not build in release: $(grep error: "$WORK/release.out" | head -3)"
APPBIN=$(cd "$APP" && "$SWIFT" build --show-bin-path)
"$APPBIN/AppREPL" run "$APP/Sources/AppREPL/app.vmrepl" > "$WORK/app.out" || fail "the script of every generated screen failed: $(tail -3 "$WORK/app.out")"
# Issue 53: a class whose factory is not written still builds; its screen says what to write.
printf 'screens\nuse report\nuse feed\n' | "$APPBIN/AppREPL" > "$WORK/factory.out" || true
grep -q '"code":"needs_factory","message":"report needs a factory: no init() makes its view model; write extension GeneratedScreens { static func make(_ type: ReportViewModel.Type, context: ScreenContext) -> ReportViewModel { ReportViewModel(projectID: <#Int#>) } }"' "$WORK/factory.out" ||
    fail "use of a screen without its factory did not answer needs_factory: $(sed -n 2p "$WORK/factory.out")"
grep -q '"summary":"@Observable class ReportViewModel (needs a factory)"' "$WORK/factory.out" || fail "screens did not say report needs a factory"
grep -q '"screen":"feed"' "$WORK/factory.out" || fail "the session did not go on after a screen that needs a factory"
(cd "$APP" && "$SWIFT" package --allow-writing-to-package-directory vmrepl-screens --target App --output "$WORK/warned.swift" 2>&1) |
    grep -q '^warning: report needs a factory: no init() makes its view model; write extension GeneratedScreens' || fail "the plugin did not warn that report needs a factory"
# Subscriptions are left out by themselves; a dependency by the team's leavingOut(_:).
grep -q '"items":\["bread"' "$WORK/app.out" || fail "the discount basket's state was never shown"
# Outputs found by the plugin (closure properties, a weak delegate, a stream): each a line with its
# request's line, the same bytes every run, none from the preview.
python3 Tests/python/check_outputs.py "$APPBIN/AppREPL" "$APP/Sources/AppREPL/outputs.vmrepl" || fail "the generated screens' outputs"
! grep -q 'cancellables' "$WORK/app.out" || fail "a screen showed its AnyCancellable subscriptions"
# An @Observable class's constant of a value type shows; its existential dependency does not.
grep -q '"region":{"code":"GB","name":"United Kingdom"}' "$WORK/app.out" || fail "the profile's constant region was not shown"
! grep -q '"service"' "$WORK/app.out" || fail "the profile's service, a dependency, was shown"
! grep -q 'profile-key' "$WORK/app.out" || fail "the profile's @ObservationIgnored apiKey was shown"
! grep -q 'live-pricing-service' "$WORK/app.out" || fail "leavingOut(_:) did not leave out the pricing service"
! grep -q 'live-feed-repository' "$WORK/app.out" || fail "the feed's @ObservationIgnored wrapped repository was shown"
# Hostile view models (scripts/screens-hostile): a module of their own, built with its symbol graph;
# the file generated from it must type-check, without a warning, against the built modules.
HOSTILE=$WORK/hostile
mkdir -p "$HOSTILE"
SWIFTC=$(dirname "$(command -v "$SWIFT")")/swiftc
typecheck() {
    "$SWIFTC" -typecheck -swift-version 6 -I "$HOSTILE" -I "$BIN/Modules" -Xcc -fmodule-map-file=Sources/CLibEdit/module.modulemap -Xcc -fmodule-map-file=Sources/CRuntimeHooks/include/module.modulemap \
        "$1" scripts/screens-hostile/Factories.swift
}
"$SWIFTC" -emit-module -module-name Hostile -parse-as-library -enable-testing -swift-version 6 -D DEBUG \
    scripts/screens-hostile/Hostile.swift -emit-module-path "$HOSTILE/Hostile.swiftmodule" \
    -emit-symbol-graph -emit-symbol-graph-dir "$HOSTILE" || fail "the hostile module did not build"
# The same module built without DEBUG, as a release build is: the file generated from the debug graph must build against it.
mkdir -p "$HOSTILE/release"
"$SWIFTC" -emit-module -module-name Hostile -parse-as-library -enable-testing -swift-version 6 \
    scripts/screens-hostile/Hostile.swift -emit-module-path "$HOSTILE/release/Hostile.swiftmodule" || fail "the hostile module did not build without DEBUG"
"$BIN/vmrepl-screens" --module Hostile --symbol-graphs "$HOSTILE" --output "$HOSTILE/generated.swift" > /dev/null 2> "$HOSTILE/generate.err" ||
    fail "no file was generated from the hostile module"
typecheck "$HOSTILE/generated.swift" > "$HOSTILE/typecheck.out" 2>&1 ||
    fail "the file generated from the hostile module does not type-check: $(grep error: "$HOSTILE/typecheck.out" | head -3)"
[ ! -s "$HOSTILE/typecheck.out" ] || fail "the file generated from the hostile module has warnings: $(head -3 "$HOSTILE/typecheck.out")"
"$SWIFTC" -typecheck -swift-version 6 -I "$HOSTILE/release" -I "$BIN/Modules" -Xcc -fmodule-map-file=Sources/CLibEdit/module.modulemap -Xcc -fmodule-map-file=Sources/CRuntimeHooks/include/module.modulemap \
    "$HOSTILE/generated.swift" scripts/screens-hostile/Factories.swift > "$HOSTILE/release.out" 2>&1 ||
    fail "the file generated from the debug graph does not build without DEBUG: $(grep error: "$HOSTILE/release.out" | head -3)"
[ ! -s "$HOSTILE/release.out" ] || fail "the file generated from the hostile module has warnings without DEBUG: $(head -3 "$HOSTILE/release.out")"
grep -B1 'actions.append(.call("crash")' "$HOSTILE/generated.swift" | grep -q '#if DEBUG' || fail "a DEBUG-only method is not under #if DEBUG"
grep -A2 '^        #if DEBUG$' "$HOSTILE/generated.swift" | grep -q 'ScreenAction<InspectorViewModel>' || fail "a DEBUG-only class is not under #if DEBUG"

expect() {
    grep -qF -- "$1" "$HOSTILE/generated.swift" || fail "the hostile module's file lacks: $1"
}
expect '(model: KeywordsViewModel, `for`: Int) in ViewModelREPL.ActionResult.of(model.toggle(for: `for`))'
expect '(model: KeywordsViewModel, `is`: Bool, `return`: Int, `where`: String) in ViewModelREPL.ActionResult.of(model.check(is: `is`, return: `return`, where: `where`))'
expect 'model.`return`()'
expect 'model.label(`inout`: `inout`, let: `let`)'
expect '.call("unnamed", ViewModelREPL.ArgumentForm.of("argument1", (Int).self)) { (model: KeywordsViewModel, argument1: Int) in ViewModelREPL.ActionResult.of(model.unnamed(argument1)) }'
expect '{ (model: KeywordsViewModel, a: Int, b: Int) in ViewModelREPL.ActionResult.of(model.twice(x: a, x: b)) }'
expect '(screenModel: KeywordsViewModel, model: Int) in ViewModelREPL.ActionResult.of(screenModel.pick(model: model))'
expect 'KeywordsViewModel.bump(_:): an inout parameter'
expect '.call("pair") { (model: KeywordsViewModel) in ViewModelREPL.ActionResult.of(await model.pair()) }'
expect '.call("typed") { (model: KeywordsViewModel) in ViewModelREPL.ActionResult.of(try model.typed()) }'
expect 'ViewModelREPL.ActionResult.of(try await model.both())'
expect 'binding("default", \KeywordsViewModel.`default`)'
expect 'GeneratedScreens.make(AsyncInitViewModel.self'
expect 'GeneratedScreens.make(ThrowingInitViewModel.self'
expect 'GeneratedScreens.make(FailableInitViewModel.self'
expect 'GeneratedScreens.make(PartlyDefaultedInitViewModel.self'
expect 'GeneratedScreens.make(DefaultedInitViewModel.self, context: context)'
expect '_ byInit: Void = ()) -> DefaultedInitViewModel { DefaultedInitViewModel() }'
expect 'screens.register("login", summary: "@Observable class LoginView.ViewModel"'
expect 'screens.register("settings", summary: "@Observable class Settings"'
expect 'screens.register("settings-view-model", summary: "@Observable class SettingsViewModel"'
expect '// SettingsViewModel: named settings-view-model, not settings'
expect '// Space.ViewModel: named space-space, not space, which SpaceViewModel is also named.'
expect '.call("load", drives: .loading) { (model: SettingsViewModel)'
expect '.call("refresh", drives: .loading) { (model: RefreshingViewModel)'
expect '.call("fetchA", drives: .loading) { (model: FetchingViewModel)'
# Issue 46: every class a view would observe, whatever its isolation or base; the rest named, with why.
expect '.call("load", drives: .loading) { (model: NonisolatedViewModel) in ViewModelREPL.ActionResult.of(await model.load()) }'
expect '{ (model: NonisolatedViewModel, animated: (Bool)?, reason: String?) in if let animated = animated { return ViewModelREPL.ActionResult.of(model.dismiss(animated: animated, reason: reason)) } else { return ViewModelREPL.ActionResult.of(model.dismiss(reason: reason)) } }'
expect 'if let limit = limit, let page = page { return ViewModelREPL.ActionResult.of(model.search(text, limit: limit, page: page)) } else if let limit = limit { return ViewModelREPL.ActionResult.of(model.search(text, limit: limit)) } else if let page = page { return ViewModelREPL.ActionResult.of(model.search(text, page: page)) } else { return ViewModelREPL.ActionResult.of(model.search(text)) }'
expect '{ (model: RoomViewModel, state: Int) in ViewModelREPL.ActionResult.of(model.handle(state)) }'
expect '.call("resetAll") { (model: RoomViewModel) in ViewModelREPL.ActionResult.of(model.resetAll()) }'
expect '(model: TypesViewModel, id: Int, on: Hostile.Date) in ViewModelREPL.ActionResult.of(model.`open`(id: id, on: on))'
expect '{ (model: TypesViewModel, action: Int) in ViewModelREPL.ActionResult.of(model.send(action)) }'
expect 'screens.register("login-screen", summary: "@Observable class Login Screen"'
expect 'GeneratedScreens.make(`Login Screen`.self, context: context)'
expect 'screens.register("dog-face", summary: "@Observable class 🐶ViewModel"'
expect '// Not hosted: DelegateViewModel: neither ObservableObject nor @Observable'
expect '// Not hosted: StorageViewModel: isolated to @StorageActor'
expect '// Not hosted: SessionStore: an actor, whose state is its own to read'
expect 'leavingOut: Set(GeneratedScreens.leavingOut(ConstantsViewModel.self)), constants: ["country", "id", "labelled", "names", "pair", "qualified", "tree", "when"], actions'
expect 'GeneratedScreens.make(FactoryWinsViewModel.self, context: context)'
# Issue 48: outputs from closure properties, weak delegates, streams and notifications.
expect '.output("onDone", value: (Item).self) { (model: OutputsViewModel, send: ViewModelREPL.OutputSender) in if model.onDone == nil { model.onDone = { send("onDone", $0) } } }'
expect '.output("onRate", members: ["stars": (Int).self, "comment": (String).self])'
expect 'let previous = model.onAsync; model.onAsync = { try await previous($0); send("onAsync", $0) } }'
expect '.stream("events") { (model: OutputsViewModel) in model.events }'
expect '.notification(OutputsViewModel.didPlaceOrder, as: "didPlaceOrder")'
expect '// OutputsViewModel.later: an optional sequence, which may be set after it is subscribed to: left out.'
! grep -qF 'OutputsViewModel.limit' "$HOSTILE/generated.swift" || fail "a static that is no notification's name was taken for an output"
expect 'func shippingDidChoose(_ option: Int, note: String) { self.send("shippingDidChoose", members: ["option": option, "note": note]) }'
expect '// OutputsViewModel.transform: a closure that returns a value, which an output cannot give: left out.'
expect '// OutputsViewModel.reporting: ReportingDelegate requires name, which a recording delegate cannot give: left out.'
# Issue 53: the compiler judges what an event can pass; results are kept; a delegate's CGFloat is imported.
expect '.call("deleteItems", ViewModelREPL.ArgumentForm.of("at", (IndexSet).self))'
expect 'ViewModelREPL.ArgumentForm.of("key", (ListSortKey).self), ViewModelREPL.ArgumentForm.of("ascending", (Bool).self)'
expect '.call("attach", ViewModelREPL.ArgumentForm.of("attachment", (ListAttachment).self))'
expect 'ViewModelREPL.ActionResult.of(model.canAdd(name: name))'
expect 'binding("contentHeight", \ListHandlersViewModel.contentHeight)'
expect 'binding("sortKey", \ListHandlersViewModel.sortKey)'
expect 'func didScroll(to offset: CGFloat) { self.send("didScroll", offset) }'
expect '.call("dispatch", ViewModelREPL.ArgumentForm.of("action", (ListAction).self, cases: [.case("refresh") { (ListAction).refresh }, .case("open", ViewModelREPL.ArgumentForm.of("id", (Int).self)) { (ListAction).`open`(id: $0) }, .case("pick", ViewModelREPL.ArgumentForm.of("_0", (Int).self), ViewModelREPL.ArgumentForm.of("_1", (String).self)) { (ListAction).pick($0, $1) }, .case("default") { (ListAction).`default` }]))'
expect '_ byInit: Void = ()) -> RecordedInitViewModel { RecordedInitViewModel(onSave: context.output("onSave")) }'
expect '// ValidatingInitViewModel.init(validate:): validate is a callback that returns a value, which no recording closure can give; write the factory.'
grep -q '^warning: validating-init: ValidatingInitViewModel.init(validate:): validate is a callback that returns a value' "$HOSTILE/generate.err" || fail "no warning names the callback no closure can record"
expect '// CollidingOutputsViewModel.didSave and didSave: would send the output didSave alike: left out.'
expect '// CollidingOutputsViewModel.first and second: would send the output shippingDidChoose alike: left out.'
expect 'func didClose(send: Bool) { self.send("didClose", send) }'
expect 'func didOpen(id: Int) { self.send("didOpen", id) }'
expect '.output("onRetry", value: (() -> Void).self)'
expect '// CollidingOutputsViewModel.updates: a stream held in a var, which the view model may replace after it is subscribed to; make it a let: left out.'
! grep -q '(model: RecordedInitViewModel, send: ViewModelREPL.OutputSender)' "$HOSTILE/generated.swift" || fail "a callback the init records was recorded twice"
! grep -q '.case("four"\|.case("choose"' "$HOSTILE/generated.swift" || fail "a case no form can take, or one of two of a name, was listed"
! grep -q 'not Decodable' "$HOSTILE/generated.swift" || fail "a type was judged by its spelling: $(grep 'not Decodable' "$HOSTILE/generated.swift" | head -2)"
for name in DelegateViewModel StorageViewModel; do
    grep -q "^warning: not hosted: $name: " "$HOSTILE/generate.err" || fail "no warning names $name"
done
[ "$(grep -c 'drives: .loading' "$HOSTILE/generated.swift")" = 5 ] || fail "not one load per screen in the hostile module's file"
# Each action a statement of its own: an error in one closure is reported at its line.
sed 's/model.toggle(for: `for`)/model.toggle(for: "x")/' "$HOSTILE/generated.swift" > "$HOSTILE/broken.swift"
LINE=$(grep -n 'model.toggle(for: "x")' "$HOSTILE/broken.swift" | cut -d: -f1)
if typecheck "$HOSTILE/broken.swift" > "$HOSTILE/broken.out" 2>&1; then
    fail "a broken action type-checked"
fi
grep -q "broken.swift:$LINE:.*error: cannot convert" "$HOSTILE/broken.out" ||
    fail "a broken action's error is not at its line: $(grep error: "$HOSTILE/broken.out" | head -2)"
# Malformed graphs: symbols without a path are skipped; an unreadable graph is one line; --help is usage.
mkdir -p "$HOSTILE/malformed"
python3 - "$HOSTILE/Hostile.symbols.json" "$HOSTILE/malformed/Hostile.symbols.json" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
for symbol in graph["symbols"]:
    if symbol["pathComponents"] in (["Settings"], ["KeywordsViewModel", "pair()"], ["FetchingViewModel", "init()"]):
        symbol["pathComponents"] = []
json.dump(graph, open(sys.argv[2], "w"))
PY
"$BIN/vmrepl-screens" --module Hostile --symbol-graphs "$HOSTILE/malformed" --output "$HOSTILE/malformed.swift" > /dev/null 2> "$HOSTILE/malformed.err" ||
    fail "a graph with symbols without a path was not read: $(head -3 "$HOSTILE/malformed.err")"
grep -q 'screens.register("settings", summary: "@Observable class SettingsViewModel"' "$HOSTILE/malformed.swift" ||
    fail "SettingsViewModel is not named settings once Settings is skipped"
echo '{"symbols": [' > "$HOSTILE/malformed/Broken.symbols.json"
for graph in Broken Missing; do
    if "$BIN/vmrepl-screens" --module $graph --symbol-graphs "$HOSTILE/malformed" --output "$HOSTILE/x.swift" 2> "$HOSTILE/unreadable.err"; then
        fail "an unreadable graph ($graph) was read"
    fi
    [ "$(wc -l < "$HOSTILE/unreadable.err")" = 1 ] && grep -q "^vmrepl-screens: cannot read .*$graph.symbols.json: " "$HOSTILE/unreadable.err" ||
        fail "an unreadable graph ($graph) is not one line: $(head -3 "$HOSTILE/unreadable.err")"
done
# --check of a missing file says so; --type names the enum, so two targets' files share one executable.
if "$BIN/vmrepl-screens" --module Hostile --symbol-graphs "$HOSTILE" --output "$HOSTILE/none.swift" --check 2> "$HOSTILE/missing.err"; then
    fail "--check of a missing file passed"
fi
grep -q "is missing" "$HOSTILE/missing.err" || fail "--check of a missing file did not say missing: $(head -1 "$HOSTILE/missing.err")"
"$BIN/vmrepl-screens" --module Hostile --symbol-graphs "$HOSTILE" --output "$HOSTILE/typed.swift" --type HostileScreens > /dev/null 2>&1 ||
    fail "--type was refused"
grep -q '^enum HostileScreens {' "$HOSTILE/typed.swift" || fail "--type did not name the enum"
sed 's/GeneratedScreens/HostileScreens/' scripts/screens-hostile/Factories.swift > "$HOSTILE/TypedFactories.swift"
"$SWIFTC" -typecheck -swift-version 6 -I "$HOSTILE" -I "$BIN/Modules" -Xcc -fmodule-map-file=Sources/CLibEdit/module.modulemap -Xcc -fmodule-map-file=Sources/CRuntimeHooks/include/module.modulemap \
    "$HOSTILE/generated.swift" "$HOSTILE/typed.swift" scripts/screens-hostile/Factories.swift "$HOSTILE/TypedFactories.swift" > "$HOSTILE/both.out" 2>&1 ||
    fail "two generated files of different --type do not build together: $(grep error: "$HOSTILE/both.out" | head -3)"
# --output outside the package is refused by the plugin before anything is written.
if plugin --output ../outside.swift > "$WORK/outside.out" 2>&1; then
    fail "the plugin wrote outside the package"
fi
[ ! -e "$APP/../outside.swift" ] || fail "the plugin wrote outside the package"
grep -q "outside the package" "$WORK/outside.out" || fail "--output outside the package was not refused: $(tail -2 "$WORK/outside.out")"
"$BIN/vmrepl-screens" --help > "$HOSTILE/help.out" || fail "--help failed"
grep -q "^usage: vmrepl-screens" "$HOSTILE/help.out" || fail "--help printed no usage"
echo "check-screens-plugin: $(grep -c 'screens.register' "$APP/$GENERATED") generated screens, stable, checked, driven; the hostile module's file type-checks"
