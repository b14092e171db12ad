"""Work vmrepl neither owns nor moves with its clock, named by `wait` (`Line.pending`), against the
test app of schedulers (TestApps/SchedulingREPL, `scheduling-repl` beside $VMREPL_BIN)."""

from __future__ import annotations

from vmrepl import Client


def test_a_wait_names_a_timer_no_state_holds_and_a_conditional_wait_waits_for_it(scheduling_binary: str) -> None:
    with Client(scheduling_binary) as repl:
        repl.use("autosave")
        edit = repl.event("edit", text="draft")
        assert edit.pending == []
        waited = repl.wait()
        assert len(waited.pending) == 1 and waited.pending[0].startswith("a Timer on the main run loop that no state holds")
        assert waited.state == {"draft": "draft", "saved": False}
        notes = [line for line in waited.pushes if line.type == "log"]
        assert [note.message for note in notes] == waited.pending
        saved = repl.wait(until="saved == true", timeout="5s")
        assert saved.pending == [] and saved.state == {"draft": "draft", "saved": True}
