#!/usr/bin/env python3
"""Drive vmrepl the way a Python test harness does, through the client in clients/python.

    python3 Examples/client/drive_vmrepl.py [path/to/vmrepl]

The client needs only the standard library, so this runs without installing it (`pip install
clients/python` installs it, with its pytest plugin). Exits 0 when every check holds.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python" / "src"))

from vmrepl import Client, assert_state  # noqa: E402


def main() -> None:
    with Client(sys.argv[1] if len(sys.argv) > 1 else None, ["--seed=7"]) as repl:
        assert repl.ready["version"] == 1 and "users" in repl.screen_names

        # foo: an event changes the real state; a mock shows exactly the state given and records events.
        repl.use("foo")
        assert_state(repl.event("hello"), {"text": "👋", "sheetIsPresented": False})
        assert repl.mock({"text": "preview", "sheetIsPresented": True}).model == "preview"
        assert repl.event("goodbye")["event"] == {"goodbye": {}}  # recorded, not handled
        assert repl.real().state["text"] == "👋"

        # A bad request raises CommandError with the protocol's error code (check=False returns
        # it instead), and changes nothing.
        bad = repl.event("helo", check=False)
        assert bad.code == "unknown_event" and "hello" in (bad.message or ""), bad
        assert repl.state().state["text"] == "👋"

        # users: a load's later states are pushed, and kept with the request that started it.
        repl.use("users")
        load = repl.load()
        assert load.state["users"]["phase"] == "loading"
        phase = repl.wait().state["users"]["phase"]
        assert [push.state["users"]["phase"] for push in load.pushes] == [phase], load.pushes
        repl.expect("users.phase", phase)

    # One request above was deliberately bad, and vmrepl reports that in its exit status.
    assert repl.close() == 1
    print(f"drive_vmrepl: {len(repl.requests)} requests, {len(load.pushes)} pushed line, all checks passed")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"drive_vmrepl: FAILED: {failure!r}", file=sys.stderr)
        sys.exit(1)
