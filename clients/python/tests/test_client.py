"""The blocking client against the real vmrepl ($VMREPL_BIN) and against stand-ins that misbehave."""

from __future__ import annotations

import gc
import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from conftest import Fake, reaped
from vmrepl import (
    Client,
    CommandError,
    ExpectationFailed,
    ProcessExited,
    ProtocolViolation,
    ReplyTimeout,
    assert_state,
)


def test_ready_line_is_checked_and_kept(binary: str) -> None:
    with Client(binary) as repl:
        assert repl.ready.type == "ready"
        assert repl.ready["protocol"] == "vmrepl"
        assert repl.ready["version"] == 1
        assert repl.ready["clock"] == "virtual"
        assert {"foo", "users", "greeting"} <= set(repl.screen_names)


def test_a_reply_carries_the_request_id_and_line_and_keeps_the_raw_line(binary: str) -> None:
    with Client(binary) as repl:
        used = repl.use("foo")
        hello = repl.event("hello")
        assert (used.type, used.line, used.id, used.push) == ("state", 1, 1, False)
        assert (hello.line, hello.id, hello.screen, hello.model) == (2, 2, "foo", "real")
        assert hello.state == {"sheetIsPresented": False, "text": "👋"}
        assert hello.raw["state"]["text"] == "👋" and hello["seq"] == hello.seq == 2
        assert hello.request is not None and json.loads(hello.request.text) == {"id": 2, "cmd": "event", "name": "hello"}
        # The preview records an event instead of handling it: another type of reply.
        mocked = repl.mock({"text": "preview", "sheetIsPresented": True})
        assert mocked.model == "preview"
        recorded = repl.event("goodbye")
        assert recorded.type == "event" and recorded["event"] == {"goodbye": {}}
        assert repl.real().state["text"] == "👋"
        assert repl.mock(text="hi").state == {"sheetIsPresented": False, "text": "hi"}
        assert repl.anomalies == []


def test_undo_goes_back_and_history_lists_the_steps(binary: str) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        repl.event("hello")
        repl.event("goodbye")
        assert [step["command"] for step in repl.history()["steps"]] == [
            '{"id":1,"cmd":"use","screen":"foo"}',
            '{"id":2,"cmd":"event","name":"hello"}',
            '{"id":3,"cmd":"event","name":"goodbye"}',
        ]
        back = repl.undo()
        assert back.state["text"] == "👋" and back.line == 5
        # The session goes on from there in the process that replayed it, numbering as before.
        assert repl.event("goodbye").state["text"] == "😢"
        assert repl.undo(2).state["text"] == "Nothing has happened yet."
        refused = repl.undo(9, check=False)
        assert refused.code == "nothing_to_undo"


def test_human_lines_blank_lines_and_comments_keep_the_numbering(binary: str) -> None:
    with Client(binary) as repl:
        assert repl.send_line("") is None
        assert repl.send_line("# a comment") is None
        used = repl.line("use foo")
        assert used is not None and used.line == 3 and not used.has_id
        typed_json = repl.line('{"id":"mine","cmd":"event","name":"hello"}')
        assert typed_json is not None and typed_json.id == "mine" and typed_json.line == 4
        assert repl.state().line == 5
        with pytest.raises(ValueError):
            repl.send_line("state\nstate")
        assert repl.anomalies == []


def test_an_error_reply_raises_with_its_code_and_message(binary: str) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        with pytest.raises(CommandError) as raised:
            repl.event("helo")
        assert raised.value.code == "unknown_event"
        assert "hello" in raised.value.message
        assert raised.value.reply.line == 2
        # check=False returns it; the request changed nothing.
        reply = repl.event("helo", check=False)
        assert reply.is_error and reply.code == "unknown_event"
        with pytest.raises(CommandError) as bad:
            repl.request("state", bogus=1)
        assert bad.value.code == "bad_arguments"
        with pytest.raises(ExpectationFailed) as failed:
            repl.expect("text", "bye")
        assert (failed.value.path, failed.value.expected, failed.value.actual) == ("text", "bye", "Nothing has happened yet.")
        assert repl.expect("text", "Nothing has happened yet.").type == "ok"
    # An error reply and a failed expect: vmrepl's exit status says so, and close returns it.
    assert repl.close() == 3


def test_pushes_are_kept_with_the_request_that_caused_them(binary: str) -> None:
    with Client(binary, ["--seed=1"]) as repl:
        repl.use("users")
        load = repl.load()
        assert load.loading and load.state["users"]["phase"] == "loading"
        assert load.pushes == []  # on virtual time nothing moves until told
        waited = repl.wait()
        assert waited.state["users"]["phase"] == "loaded"
        assert [push.state["users"]["phase"] for push in load.pushes] == ["loaded"]
        assert all(push.id == load.id and push.line == load.line and push.push for push in load.pushes)
        assert waited.pushes == []
        # A push arrives while a later request runs: it still goes to the load.
        repl.use("greeting")
        load = repl.load()
        clock = repl.advance("2s")
        assert clock.type == "clock" and clock["now"] == 4  # one clock per session: the wait moved it 2 s
        assert clock.pushes == [] and len(load.pushes) == 1
        assert load.pushes[0].seq < clock.seq
        assert load.pushes[0].state["phase"] in ("loaded", "failed")
        assert repl.unsolicited == [] and repl.anomalies == []


def test_wait_push_returns_a_push_and_times_out_when_none_comes(binary: str) -> None:
    with Client(binary, ["--seed=1"]) as repl:
        repl.use("users")
        load = repl.load()
        started = time.monotonic()
        with pytest.raises(ReplyTimeout):
            repl.wait_push(load, timeout=0.3)
        assert 0.3 <= time.monotonic() - started < 5
        # The process is still fine; a wait moves the clock and the push comes.
        pending = repl.send("wait")
        pushed = repl.wait_push(load, lambda line: line.state["users"]["phase"] == "loaded", timeout=10)
        assert pushed.push and pushed.id == load.id
        assert repl.wait_reply(pending).state == pushed.state


def test_watch_change_lines_are_not_replies(binary: str) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        repl.watch("text")
        hello = repl.event("hello")
        assert hello.type == "state"
        assert hello.request is not None
        [change] = hello.request.changes
        assert (change["from"], change["to"]) == ("Nothing has happened yet.", "👋")


def test_an_invariant_broken_later_is_a_push_not_an_exception(binary: str) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        repl.invariant("text", "!=", "😢")
        goodbye = repl.event("goodbye")
        [broken] = goodbye.pushes
        assert broken.code == "invariant_violated" and broken.push
    assert repl.close() == 3


def test_diff_mode_states_are_rebuilt_from_their_patches(binary: str) -> None:
    with Client(binary, ["--seed=1", "--states=diff"]) as repl:
        repl.use("users")
        load = repl.load()
        repl.wait()
        [pushed] = load.pushes
        assert pushed.patch and pushed.base == load.seq and "state" not in pushed.raw
        full = repl.state()  # the state command always carries the whole state
        assert "state" in full.raw and pushed.state == full.state
        mocked = repl.mock(fields={"users.phase": "failed"})
        assert mocked.patch is not None and mocked.state["users"]["phase"] == "failed"
        assert mocked.state["users"]["value"] == full.state["users"]["value"]
        assert repl.anomalies == []


def test_a_thousand_pipelined_requests_get_their_replies_and_pushes_in_order(binary: str) -> None:
    with Client(binary, ["--seed=3"]) as repl:
        repl.use("users")
        requests = []
        started = time.monotonic()
        for _ in range(500):
            requests.append(repl.send("load"))
            requests.append(repl.send("wait"))
        replies = [repl.wait_reply(request) for request in requests]
        elapsed = time.monotonic() - started
        assert [reply.line for reply in replies] == [request.line for request in requests]
        seqs = [reply.seq for reply in replies]
        assert seqs == sorted(seqs)
        for load, wait in zip(replies[::2], replies[1::2]):
            assert load.state["users"]["phase"] == "loading"
            assert len(load.pushes) == 1 and load.seq < load.pushes[0].seq < wait.seq
            assert load.pushes[0].state == wait.state
        assert repl.anomalies == []
        print(f"1000 pipelined requests and 500 pushes in {elapsed:.3f} s")


def test_clean_close_reaps_the_process(binary: str) -> None:
    repl = Client(binary)
    repl.use("foo")
    pid = repl.pid
    assert repl.close() == 0
    assert repl.close() == 0  # closing twice is fine
    assert reaped(pid) and not os.path.exists(f"/proc/{pid}")
    with pytest.raises(Exception):
        repl.state()


def test_quit_ends_the_session_and_close_returns_its_status(binary: str) -> None:
    repl = Client(binary)
    repl.use("foo")
    assert repl.quit().cmd == "quit"
    assert repl.close() == 0


def test_an_exception_in_the_with_block_still_ends_the_process(binary: str) -> None:
    with pytest.raises(KeyError):
        with Client(binary) as repl:
            pid = repl.pid
            raise KeyError("from the test")
    assert reaped(pid)


def test_a_child_that_exits_early_raises_with_its_status_and_stderr(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.readline()
        sys.stderr.write("fatal: the view model crashed\\n")
        sys.exit(3)
        """
    )
    repl = Client(binary)
    with pytest.raises(ProcessExited) as raised:
        repl.state()
    assert raised.value.status == 3
    assert "the view model crashed" in raised.value.stderr and "the view model crashed" in str(raised.value)
    assert repl.close() == 3  # reported already: closing does not raise it twice
    assert reaped(repl.pid)


def test_a_child_that_dies_unasked_is_reported_by_close(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stderr.write("segfault\\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    repl = Client(binary)
    with pytest.raises(ProcessExited) as raised:
        repl.close()
    assert raised.value.status == -9 and "segfault" in raised.value.stderr
    assert reaped(repl.pid)


def test_a_child_that_dies_before_ready_raises_from_the_constructor(fake: Fake) -> None:
    binary = fake(
        """
        sys.stderr.write("vmrepl: unknown option --bogus\\n")
        sys.exit(2)
        """
    )
    with pytest.raises(ProcessExited) as raised:
        Client(binary)
    assert raised.value.status == 2 and "--bogus" in raised.value.stderr


def test_another_protocol_version_is_refused(fake: Fake) -> None:
    binary = fake(
        """
        print(READY.replace('"version":1', '"version":2'), flush=True)
        sys.stdin.read()
        """
    )
    with pytest.raises(ProtocolViolation, match="version 2"):
        Client(binary)


def test_a_line_that_is_not_json_breaks_the_session(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.readline()
        print("hello from a stray print", flush=True)
        sys.stdin.read()
        """
    )
    with Client(binary) as repl:
        with pytest.raises(ProtocolViolation, match="stray print"):
            repl.state()


def test_a_child_that_ignores_the_end_of_input_is_stopped(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.read()
        threading.Event().wait()
        """
    )
    repl = Client(binary, close_timeout=0.5)
    with pytest.raises(ProcessExited, match="did not end") as raised:
        repl.close()
    assert raised.value.status == -15
    assert reaped(repl.pid)


def test_a_reply_that_never_comes_times_out(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.read()
        """
    )
    with Client(binary, timeout=0.2) as repl:
        with pytest.raises(ReplyTimeout, match="reply to line 1"):
            repl.state()


def test_pushes_of_no_request_are_collected_apart(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        request = json.loads(sys.stdin.readline())
        print(json.dumps({"type": "ok", "seq": 1, "id": request["id"], "line": 1, "cmd": "watch"}), flush=True)
        print(json.dumps({"type": "state", "seq": 2, "push": True, "screen": "ticker", "model": "real", "state": {"ticks": 1}}), flush=True)
        sys.stdin.read()
        """
    )
    with Client(binary) as repl:
        reply = repl.request("watch")
        tick = repl.wait_push(None, timeout=5)
        assert tick.state == {"ticks": 1} and tick.line is None and not tick.has_id
        assert repl.unsolicited == [tick] and reply.pushes == []


def test_assert_state_names_each_path_that_differs(binary: str) -> None:
    with Client(binary, ["--seed=1"]) as repl:
        repl.use("users")
        repl.load()
        waited = repl.wait()
        assert_state(waited, {"users": {"phase": "loaded"}}, partial=True)
        assert_state(waited, [{"name": "Manu"}, {"name": "Muralla"}], path="users.value")
        with pytest.raises(AssertionError) as raised:
            assert_state(waited, {"users": {"phase": "failed", "value": [{"name": "Manu"}, {"name": "Murala"}]}}, partial=True)
        message = str(raised.value)
        assert "the state differs at 2 paths" in message
        assert 'users.phase: expected "failed", actual "loaded"' in message
        assert 'users.value[1].name: expected "Murala", actual "Muralla"' in message
        with pytest.raises(AssertionError, match=r"users.attempt: expected 1, actual 0"):
            assert_state(waited, {"attempt": 1, "failure": None, "isInitialLoad": False, "phase": "loaded",
                                  "value": [{"name": "Manu"}, {"name": "Muralla"}]}, path="users")
        with pytest.raises(AssertionError, match=r"users.extra: not expected, actual 1"):
            assert_state({"users": {"extra": 1}}, {"users": {}})


def test_requests_sent_faster_than_replies_are_read_do_not_deadlock(fake: Fake) -> None:
    # A REPL that answers each line before reading the next (vmrepl reads ahead; a team's own
    # may not): 3,000 replies of 4 kB are far more than both pipes hold, so a client that blocked
    # writing stdin while the REPL blocked writing stdout would never finish sending.
    binary = fake(
        """
        print(READY, flush=True)
        for number, text in enumerate(sys.stdin, start=1):
            request = json.loads(text)
            reply = {"type": "help", "seq": number, "id": request["id"], "line": number, "text": "x" * 4096}
            print(json.dumps(reply), flush=True)
        """
    )
    repl = Client(binary)
    sender = threading.Thread(target=lambda: [repl.send("help") for _ in range(3000)], daemon=True)
    sender.start()
    sender.join(timeout=60)
    if sender.is_alive():
        os.kill(repl.pid, signal.SIGKILL)  # unblocks the stuck write, so the test ends
        sender.join()
        repl.close(check=False)
        pytest.fail("sending 3,000 requests without reading deadlocked")
    replies = [repl.wait_reply(request) for request in repl.requests]
    assert len(replies) == 3000 and all(reply.type == "help" for reply in replies)
    assert repl.anomalies == []
    assert repl.close() == 0


def test_threads_sharing_a_client_each_get_their_own_replies(binary: str) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        results: dict[int, list[int]] = {}
        failures: list[BaseException] = []

        def work(number: int) -> None:
            try:
                lines = []
                for _ in range(100):
                    reply = repl.state()
                    assert reply.request is not None and reply.line == reply.request.line
                    lines.append(reply.line or 0)
                results[number] = lines
            except BaseException as error:  # reported below, in the test's thread
                failures.append(error)

        threads = [threading.Thread(target=work, args=(number,)) for number in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert not failures and not any(thread.is_alive() for thread in threads)
        every = sorted(line for lines in results.values() for line in lines)
        assert every == list(range(2, 402))  # each request answered once, to its own thread
        assert repl.anomalies == []


def test_a_state_line_of_megabytes_arrives_whole(binary: str) -> None:
    users = [{"name": f"user {number}"} for number in range(30000)]  # a request under 1 MiB
    with Client(binary) as repl:
        repl.use("users")
        repl.stub("fetch", value=users)
        load = repl.load()
        waited = repl.wait()
        assert len(json.dumps(waited.raw)) > 700_000  # many reads of the pipe
        assert waited.state["users"]["value"] == users and load.pushes[-1].state == waited.state
        assert repl.anomalies == []


def test_a_client_dropped_unclosed_kills_its_process(binary: str) -> None:
    repl = Client(binary)
    process = repl._process
    with pytest.warns(ResourceWarning, match="was not closed"):
        del repl
        gc.collect()
    assert process.wait(timeout=10) == -signal.SIGKILL


def test_invariants_and_recording(binary: str, tmp_path: Path) -> None:
    script = tmp_path / "session.vmrepl"
    with Client(binary) as repl:
        repl.use("foo")
        repl.invariant("text", "!=", "😢", when='sheetIsPresented == false')
        assert [each for each in repl.invariants()["invariants"]] == ['text != "😢" when sheetIsPresented == false']
        assert repl.clear_invariants().type == "ok"
        assert repl.invariants()["invariants"] == []
        assert repl.record(str(script))["path"] == str(script)
        repl.event("hello")
        repl.expect("text", "👋")
        assert repl.stop_recording()["commands"] == 2
        with pytest.raises(CommandError) as raised:
            repl.record(str(script))
        assert raised.value.code == "file_exists"
        repl.record(str(script), append=True)
        repl.stop_recording()
    assert script.read_text().count("event hello") == 1


def test_after_a_protocol_violation_close_still_reads_the_output_to_its_end(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.readline()
        print("not json", flush=True)
        sys.stdin.read()
        for _ in range(100):
            print("x" * 10000, flush=True)  # 1 MB: more than the pipe holds
        """
    )
    repl = Client(binary, close_timeout=30)
    with pytest.raises(ProtocolViolation):
        repl.state()
    started = time.monotonic()
    assert repl.close() == 0
    assert time.monotonic() - started < 10  # not the close timeout, then a SIGTERM


def test_on_real_time_a_push_comes_while_the_client_waits_for_it(binary: str) -> None:
    with Client(binary, ["--clock=real", "--seed=1"]) as repl:
        assert repl.ready["clock"] == "real"
        repl.use("greeting")  # loads in 1 s of real time
        started = time.monotonic()
        load = repl.load()
        pushed = repl.wait_push(load, lambda line: line.state["phase"] != "loading", timeout=10)
        assert time.monotonic() - started >= 0.9
        assert pushed.state["phase"] in ("loaded", "failed") and not pushed.loading
        assert repl.state().state == pushed.state


def test_a_request_that_cannot_be_encoded_takes_no_line_number(binary: str) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        with pytest.raises(UnicodeEncodeError):
            repl.event("hello", name="\ud800")
        with pytest.raises(UnicodeEncodeError):
            repl.line("event hello name=\"\ud800\"")
        # The next requests get their own replies: nothing was numbered for the two refused.
        assert repl.state().state == {"sheetIsPresented": False, "text": "Nothing has happened yet."}
        assert repl.event("hello").state == {"sheetIsPresented": False, "text": "👋"}
        assert repl.anomalies == []


def test_a_close_interrupted_before_the_process_was_reaped_is_finished_by_the_next(binary: str) -> None:
    repl = Client(binary)
    repl.use("foo")
    pid = repl.pid
    waits = repl._process.wait

    def interrupted(timeout: float | None = None) -> int:
        repl._process.wait = waits  # type: ignore[method-assign]
        raise KeyboardInterrupt

    repl._process.wait = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        repl.close()
    assert repl.close() == 0
    assert repl.close() == 0
    assert reaped(pid)


def test_a_client_dropped_unclosed_leaves_no_zombie(binary: str) -> None:
    repl = Client(binary)
    pid = repl.pid
    with pytest.warns(ResourceWarning, match="was not closed"):
        del repl
        gc.collect()
    # Reaped by the client itself: no process, not even a zombie, is left.
    assert not os.path.exists(f"/proc/{pid}")
    assert reaped(pid)


def test_expect_takes_its_operator_after_the_value_and_checks_it(binary: str, tmp_path: Path) -> None:
    with Client(binary) as repl:
        repl.use("foo")
        with pytest.raises(ValueError, match="takes an operator"):
            repl.expect("text", "==", "Nothing has happened yet.")  # type: ignore[arg-type]
        assert repl.expect("text", "Nothing has happened yet.", "==").type == "ok"
        assert repl.requests[-1].line == 2  # the refused call sent nothing
    # mypy --strict catches the operator in the value's place.
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "uses_expect.py"
    snippet.write_text(
        "from vmrepl import Client\n\n\ndef check(repl: Client) -> None:\n"
        '    repl.expect("users.value[0].name", "==", "Manu")\n'
    )
    out, _, status = api.run(["--strict", "--no-incremental", str(snippet)])
    assert status == 1 and "Argument 3 to \"expect\"" in out, out
