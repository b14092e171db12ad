#!/bin/sh
# TestApps/TeamTests: an app team's package whose tests use only vmrepl's public products
# (ViewModelKit, ViewModelREPL, ViewModelREPLTesting). Two of its tests fail on purpose: this
# checks that `swift test` fails, names the script line and the unstated field, and that the
# rest pass. Usage: scripts/check-team-tests.sh [swift]
set -u
SWIFT=${1:-swift}
cd "$(dirname "$0")/../TestApps/TeamTests" || exit 1
output=$("$SWIFT" test 2>&1)
status=$?
fail() {
    printf '%s\n' "$output" | tail -40
    echo "check-team-tests: $1" >&2
    exit 1
}
[ "$status" -ne 0 ] || fail "swift test passed, though two of its tests fail on purpose"
printf '%s\n' "$output" | grep -q 'at bad.vmrepl:3:1' || fail "the failed expect is not reported at bad.vmrepl:3"
printf '%s\n' "$output" | grep -q 'expected total == 4, but it is 3' || fail "the failed expect's text is not vmrepl run's"
printf '%s\n' "$output" | grep -q 'note: expected null, got "free delivery"' || fail "the unstated change is not named"
printf '%s\n' "$output" | grep -q 'Test addingStatesEveryChange() passed' || fail "the exhaustive test that states every change did not pass"
printf '%s\n' "$output" | grep -q 'Test run with 3 tests in 1 suite failed after .* with 2 issues' || fail "not exactly the two failures meant"
echo "check-team-tests: swift test fails at bad.vmrepl:3 and at the unstated field, and the rest pass"
