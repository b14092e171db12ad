"""The asyncio client: the same guarantees as the blocking one (run with asyncio.run, no plugin)."""

from __future__ import annotations

import asyncio
import time
import pytest

from conftest import Fake, reaped
from vmrepl import AsyncClient, CommandError, ProcessExited, ReplyTimeout


def test_ready_request_reply_and_errors(binary: str) -> None:
    async def main() -> int:
        async with AsyncClient(binary) as repl:
            assert repl.ready["version"] == 1 and "foo" in repl.screen_names
            used = await repl.use("foo")
            hello = await repl.event("hello")
            assert (used.line, used.id, hello.line, hello.id) == (1, 1, 2, 2)
            assert hello.state == {"sheetIsPresented": False, "text": "👋"}
            with pytest.raises(CommandError) as raised:
                await repl.event("helo")
            assert raised.value.code == "unknown_event" and "hello" in raised.value.message
            reply = await repl.event("helo", check=False)
            assert reply.code == "unknown_event"
            human = await repl.line("state")
            assert human is not None and human.line == 5 and not human.has_id
        return await repl.close()

    assert asyncio.run(main()) == 1


def test_pushes_and_a_push_that_does_not_come(binary: str) -> None:
    async def main() -> None:
        async with AsyncClient(binary, ["--seed=1"]) as repl:
            await repl.use("users")
            load = await repl.load()
            started = time.monotonic()
            with pytest.raises(ReplyTimeout):
                await repl.wait_push(load, timeout=0.3)
            assert 0.3 <= time.monotonic() - started < 5
            waited = await repl.wait()
            [pushed] = load.pushes
            assert pushed.id == load.id and pushed.state == waited.state
            assert await repl.wait_push(load, lambda line: line.state["users"]["phase"] == "loaded") is pushed
            assert repl.anomalies == []

    asyncio.run(main())


def test_a_thousand_concurrent_requests_in_order(binary: str) -> None:
    async def main() -> None:
        async with AsyncClient(binary, ["--seed=3"]) as repl:
            await repl.use("users")
            requests = []
            for _ in range(500):
                requests.append(await repl.send("load"))
                requests.append(await repl.send("wait"))
            replies = await asyncio.gather(*(repl.wait_reply(request) for request in requests))
            assert [reply.line for reply in replies] == [request.line for request in requests]
            for load, wait in zip(replies[::2], replies[1::2]):
                assert len(load.pushes) == 1 and load.seq < load.pushes[0].seq < wait.seq
                assert load.pushes[0].state == wait.state
            # Requests awaited together from several tasks each get their own reply.
            states = await asyncio.gather(*(repl.state() for _ in range(50)))
            assert len({reply.line for reply in states}) == 50
            assert repl.anomalies == []

    asyncio.run(main())


def test_a_crashing_child_raises_with_status_and_stderr_and_is_reaped(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.readline()
        sys.stderr.write("fatal: the view model crashed\\n")
        sys.exit(3)
        """
    )

    async def main() -> int:
        repl = await AsyncClient(binary).start()
        with pytest.raises(ProcessExited) as raised:
            await repl.state()
        assert raised.value.status == 3 and "the view model crashed" in raised.value.stderr
        assert await repl.close() == 3
        return repl.pid

    assert reaped(asyncio.run(main()))


def test_a_hung_child_is_stopped_on_close(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.read()
        threading.Event().wait()
        """
    )

    async def main() -> int:
        repl = await AsyncClient(binary, close_timeout=0.5).start()
        with pytest.raises(ProcessExited, match="did not end") as raised:
            await repl.close()
        assert raised.value.status == -15
        return repl.pid

    assert reaped(asyncio.run(main()))


def test_an_exception_in_the_async_with_block_still_ends_the_process(binary: str) -> None:
    pids: list[int] = []

    async def main() -> None:
        async with AsyncClient(binary) as repl:
            pids.append(repl.pid)
            raise KeyError("from the test")

    with pytest.raises(KeyError):
        asyncio.run(main())
    assert reaped(pids[0])


def test_requests_sent_faster_than_replies_are_read_do_not_deadlock(fake: Fake) -> None:
    # As for the blocking client: a REPL that answers each line before reading the next, and
    # far more replies than the pipes hold, sent before any is awaited (stdin's flow control
    # makes send wait while the output is still read).
    binary = fake(
        """
        print(READY, flush=True)
        for number, text in enumerate(sys.stdin, start=1):
            request = json.loads(text)
            reply = {"type": "help", "seq": number, "id": request["id"], "line": number, "text": "x" * 4096}
            print(json.dumps(reply), flush=True)
        """
    )

    async def main() -> None:
        async with AsyncClient(binary) as repl:
            requests = [await repl.send("help") for _ in range(3000)]
            replies = [await repl.wait_reply(request, timeout=60) for request in requests]
            assert [reply.line for reply in replies] == list(range(1, 3001))
            assert repl.anomalies == []

    asyncio.run(asyncio.wait_for(main(), 120))


def test_a_state_line_of_megabytes_arrives_whole(binary: str) -> None:
    users = [{"name": f"user {number}"} for number in range(30000)]  # a request under 1 MiB

    async def main() -> None:
        async with AsyncClient(binary) as repl:
            await repl.use("users")
            await repl.stub("fetch", value=users)
            load = await repl.load()
            waited = await repl.wait()
            assert waited.state["users"]["value"] == users and load.pushes[-1].state == waited.state
            assert repl.anomalies == []

    asyncio.run(main())


def test_on_real_time_a_push_comes_while_the_client_waits_for_it(binary: str) -> None:
    async def main() -> None:
        async with AsyncClient(binary, ["--clock=real", "--seed=1"]) as repl:
            await repl.use("greeting")  # loads in 1 s of real time
            started = time.monotonic()
            load = await repl.load()
            # Other requests go on meanwhile; the push still goes to the load.
            states = await asyncio.gather(*(repl.state() for _ in range(20)))
            assert all(reply.pushes == [] for reply in states)
            pushed = await repl.wait_push(load, lambda line: line.state["phase"] != "loading", timeout=10)
            assert time.monotonic() - started >= 0.9
            assert pushed.state["phase"] in ("loaded", "failed")

    asyncio.run(main())


def test_a_client_dropped_unclosed_has_its_process_stopped(binary: str) -> None:
    import gc
    import os

    pids: list[int] = []

    async def main() -> None:
        repl = await AsyncClient(binary).start()
        pids.append(repl.pid)
        await repl.use("foo")
        with pytest.warns(ResourceWarning, match="was not closed"):
            del repl
            gc.collect()

    asyncio.run(main())
    # Killed: it ends (the loop's watcher, or this wait, reaps it), where it used to run on.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            ended, status = os.waitpid(pids[0], os.WNOHANG)
        except ChildProcessError:
            break  # reaped already
        if ended:
            assert os.WIFSIGNALED(status)
            break
    else:
        raise AssertionError("the dropped client's process still runs")
