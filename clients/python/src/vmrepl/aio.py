"""The asyncio client: the same requests and guarantees as `Client`, over an asyncio subprocess."""

from __future__ import annotations

import asyncio
import os
from types import TracebackType
from typing import Any, Awaitable, Callable, Iterable, Mapping, Sequence

from ._errors import ProcessExited, ProtocolViolation, ReplyTimeout, VMReplException, error_for
from ._lines import Line, Request
from ._session import NORMAL_EXIT_STATUSES, SUPPORTED_VERSIONS, Commands, Match, Observed, Router, resolve_binary

__all__ = ["AsyncClient"]


def _resolve(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


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
        max_line_bytes: int = 1 << 30,
    ) -> None:
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.close_timeout = close_timeout
        self.argv = [resolve_binary(binary), *args]
        self._env = dict(env) if env is not None else None
        self._cwd = cwd
        self._max_line_bytes = max_line_bytes
        self._router = Router(versions, transcript_size)
        self._stderr = bytearray()
        self._stderr_limit = stderr_tail
        self._process: asyncio.subprocess.Process | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._waiters: list[asyncio.Future[None]] = []
        self._write_lock: asyncio.Lock | None = None
        self._closing = False
        self._closed = False
        self._exit_reported = False
        self._status: int | None = None

    async def start(self) -> AsyncClient:
        """Starts the process and waits for its ready line."""
        if self._process is not None:
            raise RuntimeError("the client was started already")
        self._write_lock = asyncio.Lock()
        self._process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._env,
            cwd=self._cwd,
            limit=self._max_line_bytes,
        )
        self._tasks = [
            asyncio.create_task(self._read_stdout(), name="vmrepl-stdout"),
            asyncio.create_task(self._read_stderr(), name="vmrepl-stderr"),
        ]
        try:
            await self._wait_for(lambda: self._router.ready is not None, self.startup_timeout, "the ready line")
        except BaseException:
            await self._shutdown(kill=True)
            raise
        return self

    def _proc(self) -> asyncio.subprocess.Process:
        if self._process is None:
            raise RuntimeError("the client is not started: await start(), or use async with")
        return self._process

    # The process's output.

    def _changed(self) -> None:
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            _resolve(waiter)

    async def _read_stdout(self) -> None:
        stdout = self._proc().stdout
        assert stdout is not None
        try:
            while raw := await stdout.readline():
                try:
                    self._router.feed(raw.decode("utf-8", errors="strict").rstrip("\r\n"))
                except ProtocolViolation as violation:
                    self._router.broken = violation
                self._changed()
        except (ValueError, OSError) as error:  # undecodable bytes, a line past max_line_bytes
            if not self._closing:
                self._router.broken = ProtocolViolation(f"reading stdout failed: {error}")
        finally:
            self._router.eof = True
            self._changed()

    async def _read_stderr(self) -> None:
        stderr = self._proc().stderr
        assert stderr is not None
        try:
            while chunk := await stderr.read(65536):
                self._stderr += chunk
                if len(self._stderr) > self._stderr_limit:
                    del self._stderr[: len(self._stderr) - self._stderr_limit]
        except (ValueError, OSError):
            pass

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
            # One future per wait, resolved by the next line read or by the deadline (cheaper
            # than wait_for and shield, which make a task each).
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            timer = None if remaining is None else loop.call_later(remaining, _resolve, waiter)
            try:
                await waiter
            finally:
                if timer is not None:
                    timer.cancel()

    async def _exited(self, summary: str) -> ProcessExited:
        status = await self._reap(5.0)
        await asyncio.wait([self._tasks[1]], timeout=2.0)
        self._exit_reported = True
        return ProcessExited(summary, status, self.stderr_text())

    async def _reap(self, timeout: float) -> int:
        process = self._proc()
        try:
            status = await asyncio.wait_for(process.wait(), timeout)
        except asyncio.TimeoutError:
            process.kill()
            status = await process.wait()
        self._status = status
        return status

    # Sending.

    async def _write(self, text: str) -> None:
        stdin = self._proc().stdin
        assert stdin is not None and self._write_lock is not None
        try:
            stdin.write(text.encode("utf-8") + b"\n")
            async with self._write_lock:
                await stdin.drain()
        except (BrokenPipeError, ConnectionResetError, RuntimeError, OSError):
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
            f"reply to line {request.line} ({request.text})",
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
        owner = request.request if isinstance(request, Line) else request
        if isinstance(request, Line) and owner is None:
            raise ValueError("this line belongs to no request the client sent")
        found: list[Line] = []

        def done() -> bool:
            line = self._router.find_push(owner, match, start)
            if line is not None:
                found.append(line)
            return line is not None

        what = f"push for line {owner.line} ({owner.text})" if owner is not None else "push of no request"
        await self._wait_for(done, self.timeout if timeout is None else timeout, "matching " + what)
        return found[0]

    @property
    def pid(self) -> int:
        return self._proc().pid

    @property
    def returncode(self) -> int | None:
        return self._proc().returncode

    # Ending.

    async def close(self, *, check: bool = True) -> int:
        """As `Client.close`: ends the input, waits for the exit, returns the status; the process
        is reaped on every path."""
        if self._closed:
            assert self._status is not None
            return self._status
        ended = self._router.eof or self._proc().returncode is not None
        ended_unasked = ended and not self._router.quit_replied
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
        process = self._proc()
        forced = False
        if process.stdin is not None:
            try:
                process.stdin.close()
            except (OSError, RuntimeError):
                pass
        if kill:
            try:
                process.kill()
            except ProcessLookupError:
                pass
        try:
            status = await asyncio.wait_for(process.wait(), self.close_timeout)
        except asyncio.TimeoutError:
            forced = True
            process.terminate()
            try:
                status = await asyncio.wait_for(process.wait(), 3.0)
            except asyncio.TimeoutError:
                process.kill()
                status = await process.wait()
        self._status = status
        _, late = await asyncio.wait(self._tasks, timeout=5.0)
        for task in late:
            task.cancel()
        return status, forced

    async def __aenter__(self) -> AsyncClient:
        return await self.start()

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close(check=kind is None)
