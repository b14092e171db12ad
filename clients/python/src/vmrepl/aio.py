"""The asyncio client: the same requests and guarantees as `Client`, over an asyncio subprocess."""

from __future__ import annotations

import asyncio
import os
import signal
import warnings
import weakref
from types import TracebackType
from typing import Any, Awaitable, Callable, Iterable, Mapping, Sequence

from ._errors import ProcessExited, ReplyTimeout, VMReplException, error_for, shorten
from ._lines import Line, Output, Request
from ._session import (
    NORMAL_EXIT_STATUSES,
    SUPPORTED_VERSIONS,
    Commands,
    Match,
    Observed,
    Router,
    output_wanted,
    request_of,
    resolve_binary,
)

__all__ = ["AsyncClient"]


def _resolve(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


def _expire_weakly(client: weakref.ref[AsyncClient]) -> None:
    alive = client()
    if alive is not None:
        alive._expire()


class _Protocol(asyncio.SubprocessProtocol):
    """Hands the process's output to its client as it arrives (no reader task, no StreamReader).

    It holds its client weakly: the event loop holds the protocol while the process runs, and a
    client dropped without `close()` must still be collected, so that its process is stopped.
    """

    def __init__(self, client: AsyncClient) -> None:
        self._client = weakref.ref(client)

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        client = self._client()
        if client is None:
            return
        if fd == 1:
            client._stdout_received(data)
        elif fd == 2:
            client._stderr_received(data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        client = self._client()
        if client is None:
            return
        if fd == 1:
            client._stdout_ended()
        elif fd == 2:
            _resolve(client._stderr_done)
        elif fd == 0:
            self.resume_writing()  # nothing more will be written: let writers see it

    def process_exited(self) -> None:
        client = self._client()
        if client is not None:
            _resolve(client._exited_future)

    def pause_writing(self) -> None:
        client = self._client()
        if client is not None:
            client._writable = client._loop.create_future()

    def resume_writing(self) -> None:
        client = self._client()
        if client is not None and client._writable is not None:
            _resolve(client._writable)
            client._writable = None


class AsyncClient(Commands[Awaitable[Line]], Observed):
    """A running vmrepl driven from asyncio::

        async with AsyncClient("/path/to/vmrepl") as repl:
            await repl.use("users")
            load = await repl.load()
            await repl.wait()
            assert load.pushes[-1].state["users"]["phase"] == "loaded"

    `await AsyncClient(...).start()` starts it without a `with`; `await close()` ends it. Every
    method the blocking `Client` has is here, awaited; many requests may be in flight at once
    (`send`, then `wait_reply`, or `asyncio.gather` of requests).
    """

    def __init__(
        self,
        binary: str | os.PathLike[str] | None = None,
        args: Sequence[str] = (),
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        timeout: float = 30.0,
        startup_timeout: float = 30.0,
        close_timeout: float = 20.0,
        versions: Iterable[int] = SUPPORTED_VERSIONS,
        stderr_tail: int = 16384,
        transcript_size: int = 10000,
    ) -> None:
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.close_timeout = close_timeout
        self.argv = [resolve_binary(binary), *args]
        self._env = dict(env) if env is not None else None
        self._cwd = cwd
        self._router = Router(versions, transcript_size)
        self._stderr = bytearray()
        self._stderr_limit = stderr_tail
        self._transport: asyncio.SubprocessTransport | None = None
        self._stdin: asyncio.WriteTransport | None = None
        self._waiters: list[asyncio.Future[None]] = []
        self._timed: list[tuple[float, asyncio.Future[None]]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._writable: asyncio.Future[None] | None = None
        self._closing = False
        self._closed = False
        self._exit_reported = False
        self._status: int | None = None

    async def start(self) -> AsyncClient:
        """Starts the process and waits for its ready line."""
        if self._transport is not None:
            raise RuntimeError("the client was started already")
        self._loop = asyncio.get_running_loop()
        self._exited_future: asyncio.Future[None] = self._loop.create_future()
        self._stderr_done: asyncio.Future[None] = self._loop.create_future()
        transport, _ = await self._loop.subprocess_exec(
            lambda: _Protocol(self),
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._env,
            cwd=self._cwd,
        )
        self._transport = transport
        stdin = transport.get_pipe_transport(0)
        assert isinstance(stdin, asyncio.WriteTransport)
        self._stdin = stdin
        try:
            await self._wait_for(lambda: self._router.ready is not None, self.startup_timeout, "the ready line")
        except BaseException:
            await self._shutdown(kill=True)
            raise
        return self

    def _proc(self) -> asyncio.SubprocessTransport:
        if self._transport is None:
            raise RuntimeError("the client is not started: await start(), or use async with")
        return self._transport

    # The process's output.

    def _changed(self) -> None:
        waiters, self._waiters = self._waiters, []
        self._timed = []  # every timed waiter is among them
        for waiter in waiters:
            _resolve(waiter)

    def _stdout_received(self, data: bytes) -> None:
        if self._router.broken is None:
            self._router.feed_bytes(data)
        self._changed()

    def _stdout_ended(self) -> None:
        self._router.end_of_output()
        self._changed()

    def _stderr_received(self, data: bytes) -> None:
        self._stderr += data
        if len(self._stderr) > self._stderr_limit:
            del self._stderr[: len(self._stderr) - self._stderr_limit]

    def stderr_text(self) -> str:
        """The tail of what the process wrote on stderr so far."""
        return self._stderr.decode("utf-8", errors="replace")

    # Waiting.

    async def _wait_for(self, done: Callable[[], bool], timeout: float | None, what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while not done():
            if self._router.broken is not None:
                raise self._router.broken
            if self._router.eof:
                raise await self._exited(f"the process ended before {what}")
            remaining = None if deadline is None else deadline - loop.time()
            if remaining is not None and remaining <= 0:
                raise ReplyTimeout(f"no {what} within {timeout:g} s")
            # One future per wait, resolved by the next piece of output or by the deadline.
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            if deadline is not None:
                self._timed.append((deadline, waiter))
                self._arm(deadline)
            await waiter

    def _arm(self, deadline: float) -> None:
        """One timer for the earliest deadline of all waits: a timer per wait (scheduled, then
        cancelled by the reply) made a round trip half as slow again."""
        if self._timer is not None and self._timer.when() <= deadline:
            return
        if self._timer is not None:
            self._timer.cancel()
        # Through a weak reference: a timer left armed must not keep a dropped client alive.
        self._timer = self._loop.call_at(deadline, _expire_weakly, weakref.ref(self))

    def _expire(self) -> None:
        self._timer = None
        now = self._loop.time() + 0.001
        live = [(deadline, waiter) for deadline, waiter in self._timed if not waiter.done()]
        for deadline, waiter in live:
            if deadline <= now:
                _resolve(waiter)
        self._timed = [(deadline, waiter) for deadline, waiter in live if not waiter.done()]
        if self._timed:
            self._arm(min(deadline for deadline, _ in self._timed))

    async def _exited(self, summary: str) -> ProcessExited:
        status = await self._reap(5.0)
        await asyncio.wait([self._stderr_done], timeout=2.0)
        self._exit_reported = True
        return ProcessExited(summary, status, self.stderr_text())

    async def _reap(self, timeout: float) -> int:
        """Waits for the process to end; one that closed stdout but lingers is killed."""
        transport = self._proc()
        await asyncio.wait([self._exited_future], timeout=timeout)
        if not self._exited_future.done():
            self._signal("kill")
            await self._exited_future
        status = transport.get_returncode()
        assert status is not None
        self._status = status
        return status

    def _signal(self, how: str) -> None:
        transport = self._proc()
        try:
            transport.kill() if how == "kill" else transport.terminate()
        except ProcessLookupError:
            pass  # it has ended already

    # Sending.

    async def _write(self, text: str) -> None:
        stdin = self._stdin
        assert stdin is not None
        if not stdin.is_closing():
            stdin.write(text.encode("utf-8") + b"\n")
            # The pipe is full: wait until it drains (flow control), or the process ends.
            while self._writable is not None and not self._router.eof and not stdin.is_closing():
                await asyncio.wait([self._writable, self._exited_future], return_when=asyncio.FIRST_COMPLETED)
        if stdin.is_closing():
            # The process is gone (or going): tell how it ended.
            await self._wait_for(lambda: False, 5.0, "the request was written")

    async def send(self, command: str, /, **members: Any) -> Request:
        """Sends a request without waiting for its reply (`wait_reply` waits)."""
        if self._closing:
            raise VMReplException("the client is closed")
        self._proc()
        text, request = self._router.prepare_request(command, members)
        await self._write(text)
        return request

    async def send_line(self, text: str) -> Request | None:
        """Sends one line as typed; None for a blank or comment line (counted, not answered)."""
        if self._closing:
            raise VMReplException("the client is closed")
        self._proc()
        text, request = self._router.prepare_line(text)
        await self._write(text)
        return request

    async def wait_reply(self, request: Request, *, check: bool = True, timeout: float | None = None) -> Line:
        await self._wait_for(
            lambda: request.reply is not None,
            self.timeout if timeout is None else timeout,
            f"reply to line {request.line} ({shorten(request.text)})",
        )
        reply = request.reply
        assert reply is not None
        if check and reply.is_error:
            raise error_for(reply)
        return reply

    async def _request(self, command: str, members: dict[str, Any], check: bool, reply_timeout: float | None) -> Line:
        request = await self.send(command, **members)
        return await self.wait_reply(request, check=check, timeout=reply_timeout)

    def _call(self, command: str, members: dict[str, Any], check: bool, reply_timeout: float | None) -> Awaitable[Line]:
        return self._request(command, members, check, reply_timeout)

    async def _line_reply(self, text: str, check: bool, reply_timeout: float | None) -> Line:
        request = await self.send_line(text)
        assert request is not None
        return await self.wait_reply(request, check=check, timeout=reply_timeout)

    def _line(self, text: str, check: bool, reply_timeout: float | None) -> Awaitable[Line]:
        return self._line_reply(text, check, reply_timeout)

    async def line(self, text: str, *, check: bool = True, reply_timeout: float | None = None) -> Line | None:
        """Sends one line (`"event select id=3"`) and returns its reply (None for a blank or comment line)."""
        request = await self.send_line(text)
        return None if request is None else await self.wait_reply(request, check=check, timeout=reply_timeout)

    async def wait_push(
        self,
        request: Request | Line | None = None,
        match: Match | None = None,
        *,
        timeout: float | None = None,
        start: int = 0,
    ) -> Line:
        """As `Client.wait_push`: the first push for `request` from `start` on that `match` accepts."""
        owner = request_of(request)
        found: list[Line] = []

        def done() -> bool:
            line = self._router.find_push(owner, match, start)
            if line is not None:
                found.append(line)
            return line is not None

        what = f"push for line {owner.line} ({shorten(owner.text)})" if owner is not None else "push of no request"
        await self._wait_for(done, self.timeout if timeout is None else timeout, "matching " + what)
        return found[0]

    async def wait_output(
        self,
        request: Request | Line | None = None,
        name: str | None = None,
        *,
        timeout: float | None = None,
        start: int = 0,
    ) -> Output:
        """As `Client.wait_output`: the first output of `request` from `start` on named `name`."""
        owner = request_of(request)
        found: list[Output] = []

        def done() -> bool:
            output = self._router.find_output(owner, name, start)
            if output is not None:
                found.append(output)
            return output is not None

        await self._wait_for(done, self.timeout if timeout is None else timeout, output_wanted(owner, name))
        return found[0]

    @property
    def pid(self) -> int:
        return self._proc().get_pid()

    @property
    def returncode(self) -> int | None:
        return self._proc().get_returncode()

    # Ending.

    async def close(self, *, check: bool = True) -> int:
        """As `Client.close`: ends the input, waits for the exit, returns the status; the process
        is reaped on every path."""
        if self._closed and self._status is not None:
            return self._status
        # A close interrupted before the process was reaped (a cancellation) is finished by the next one.
        ended = self._router.eof or self._proc().get_returncode() is not None
        ended_unasked = ended and not self._router.quit_replied and not self._closed
        status, forced = await self._shutdown(kill=False)
        if check and not self._exit_reported:
            self._exit_reported = True
            if ended_unasked:
                raise ProcessExited("the process ended before it was closed", status, self.stderr_text())
            if forced:
                raise ProcessExited(
                    f"the process did not end within {self.close_timeout:g} s of its input's end and was stopped",
                    status,
                    self.stderr_text(),
                )
            if status not in NORMAL_EXIT_STATUSES:
                raise ProcessExited("the process ended badly", status, self.stderr_text())
        return status

    async def _shutdown(self, kill: bool) -> tuple[int, bool]:
        self._closed = True
        self._closing = True
        transport = self._proc()
        forced = False
        if self._stdin is not None:
            self._stdin.close()  # after what is buffered is written
        if kill:
            self._signal("kill")
        deadline = self._loop.time() + self.close_timeout
        try:
            # vmrepl prints what it owes, then exits.
            await self._wait_for(lambda: self._router.eof, self.close_timeout, "the end of the output")
        except VMReplException:
            pass  # a timeout, or a broken protocol: the wait below decides
        await asyncio.wait([self._exited_future], timeout=max(0.0, deadline - self._loop.time()))
        if not self._exited_future.done():
            forced = True
            self._signal("terminate")
            await asyncio.wait([self._exited_future], timeout=3.0)
            if not self._exited_future.done():
                self._signal("kill")
                await self._exited_future
        status = transport.get_returncode()
        assert status is not None
        self._status = status
        await asyncio.wait([self._stderr_done], timeout=2.0)
        transport.close()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        return status, forced

    def __del__(self) -> None:
        # A client dropped without close(): stop its process rather than leave it running. The
        # event loop's child watcher reaps it.
        transport = getattr(self, "_transport", None)
        if transport is None or transport.get_returncode() is not None:
            return
        pid = transport.get_pid()
        warnings.warn(f"vmrepl client (pid {pid}) was not closed; its process is killed", ResourceWarning, source=self)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass

    async def __aenter__(self) -> AsyncClient:
        return await self.start()

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close(check=kind is None)
