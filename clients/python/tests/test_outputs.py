"""Outputs (what a view model tells the app to do) against the test app of outputs
(TestApps/OutputsREPL, `outputs-repl` beside $VMREPL_BIN), and against a stand-in."""

from __future__ import annotations

import asyncio

import pytest

from conftest import Fake
from vmrepl import AsyncClient, Client, Output, ReplyTimeout


def test_an_output_before_the_reply_is_the_request_s_not_its_reply(outputs_binary: str) -> None:
    with Client(outputs_binary) as repl:
        repl.use("checkout")
        cancel = repl.event("cancel")
        assert cancel.type == "state" and cancel.screen == "checkout"
        assert cancel.outputs == [Output("onCancel", {}, "checkout")]
        [sent] = cancel.outputs
        assert sent.line is not None and sent.line.type == "output" and sent.line.line == cancel.line
        assert not sent.line.push and sent.line.id == cancel.id
        assert sent.line.seq < cancel.seq  # written before the reply
        assert cancel.pushes == [] and cancel.request is not None and cancel.request.reply is cancel
        assert repl.outputs("onCancel") == [{}] and repl.outputs("onFinished") == []
        assert repl.anomalies == []


def test_an_output_sent_after_the_reply_goes_to_the_request_that_caused_it(outputs_binary: str) -> None:
    with Client(outputs_binary) as repl:
        repl.use("checkout")
        pay = repl.event("pay")
        assert pay.outputs == []  # the payment takes a second of the virtual clock
        waited = repl.wait()
        assert pay.outputs == [Output("onFinished", {"id": 7, "total": 30}, "checkout")]
        assert waited.outputs == []
        assert repl.wait_output(pay, "onFinished").value == {"id": 7, "total": 30}
        repl.event("cancel")
        assert repl.outputs("onFinished") == [{"id": 7, "total": 30}]
        assert repl.outputs("onCancel", screen="checkout") == [{}]
        assert repl.outputs("onCancel", screen="login") == []
        assert [each.name for each in repl.all_outputs] == ["onFinished", "onCancel"]
        # The client's record is what vmrepl's @outputs holds.
        assert repl.expect("@outputs.onFinished.count", 1).type == "ok"
        assert repl.anomalies == []


def test_a_delegate_and_a_stream_send_outputs(outputs_binary: str) -> None:
    with Client(outputs_binary) as repl:
        repl.use("login")
        assert repl.event("submit").outputs == []  # no name: an error, no output
        repl.write(name="ada")
        submitted = repl.event("submit")
        assert submitted.outputs == [Output("loginDidSucceed", {"user": "ada", "remember": True}, "login")]
        assert [each.name for each in repl.event("help").outputs] == ["loginDidAskForHelp"]
        repl.use("catalog")
        assert repl.event("open", id=2).outputs == [Output("routes", {"product": {"id": 2}}, "catalog")]
        repl.event("openSettings")
        assert repl.outputs("routes") == [{"product": {"id": 2}}, "settings"]
        assert repl.event("clearRecents").outputs == [Output("didClearRecents", {"cleared": 3}, "catalog")]
        described = repl.describe()
        assert [each["name"] for each in described["outputs"]] == ["routes", "didClearRecents"]
        assert repl.anomalies == []


def test_an_output_on_real_time_is_waited_for(outputs_binary: str) -> None:
    with Client(outputs_binary, ["--clock=real"]) as repl:
        repl.use("checkout")
        pay = repl.event("pay")
        sent = repl.wait_output(pay, "onFinished", timeout=20)
        assert sent == Output("onFinished", {"id": 7, "total": 30}, "checkout")
        assert sent.line is not None and sent.line.line == pay.line and not sent.line.push
        with pytest.raises(ReplyTimeout, match="output onCancel of line 2"):
            repl.wait_output(pay, "onCancel", timeout=0.2)
        assert repl.anomalies == []


def test_the_asyncio_client_files_outputs_too(outputs_binary: str) -> None:
    async def main() -> None:
        async with AsyncClient(outputs_binary) as repl:
            await repl.use("checkout")
            pay = await repl.event("pay")
            await repl.wait()
            assert (await repl.wait_output(pay)).value == {"id": 7, "total": 30}
            cancel = await repl.event("cancel")
            assert cancel.type == "state" and [each.name for each in cancel.outputs] == ["onCancel"]
            assert repl.outputs("onFinished") == [{"id": 7, "total": 30}]
            assert repl.anomalies == []

    asyncio.run(main())


def test_an_output_line_never_becomes_a_reply(fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        request = json.loads(sys.stdin.readline())
        tag = {"id": request["id"], "line": 1}
        print(json.dumps({"type": "output", "seq": 1, **tag, "screen": "fake", "name": "onDone", "value": 1}), flush=True)
        print(json.dumps({"type": "ok", "seq": 2, **tag, "cmd": "event"}), flush=True)
        print(json.dumps({"type": "output", "seq": 3, **tag, "screen": "fake", "name": "onDone", "value": 2}), flush=True)
        print(json.dumps({"type": "output", "seq": 4, "screen": "fake", "name": "onIdle", "value": None}), flush=True)
        sys.stdin.read()
        """
    )
    with Client(binary) as repl:
        reply = repl.event("go")
        assert reply.type == "ok" and reply.seq == 2
        assert repl.wait_output(reply, start=1).value == 2
        assert [each.value for each in reply.outputs] == [1, 2]
        # An output of no request is kept as the session's, with no anomaly.
        assert repl.wait_output(None, "onIdle").value is None
        assert [each.seq for each in repl.unsolicited if each.type == "output"] == [4]
        assert repl.outputs("onDone") == [1, 2] and repl.anomalies == []
