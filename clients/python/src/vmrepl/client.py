"""The blocking client: a vmrepl process, a reader thread for its stdout and one for its stderr."""

from __future__ import annotations

import math
import os
import select
import selectors
import subprocess
import threading
import time
import warnings
from types import TracebackType
from typing import IO, Any, Callable, Iterable, Mapping, Sequence

from ._errors import ProcessExited, ProtocolViolation, ReplyTimeout, VMReplException, error_for, shorten
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

__all__ = ["Client"]


class _StderrTail:
    """Keeps the last `limit` bytes a stream wrote."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data = bytearray()
        self.lock = threading.Lock()

    def add(self, chunk: bytes) -> None:
        with self.lock:
            self.data += chunk
            if len(self.data) > self.limit:
                del self.data[: len(self.data) - self.limit]

    def text(self) -> str:
        with self.lock:
            return self.data.decode("utf-8", errors="replace")


def _read_stderr(stream: IO[bytes], tail: _StderrTail) -> None:
    # A function, not a method: the thread must not keep the client alive.
    try:
        while chunk := os.read(stream.fileno(), 65536):
            tail.add(chunk)
    except (ValueError, OSError):
        pass


class Client(Commands[Line], Observed):
    """A running vmrepl (or a team's own REPL executable on the library), driven over its pipes.

    ::

        with Client("/path/to/vmrepl", ["--seed=7"]) as repl:
            repl.use("users")
            load = repl.load()
            repl.wait()
            assert load.pushes[-1].state["users"]["phase"] == "loaded"

    The constructor starts the process and checks its `ready` line. Every method that talks to
    it raises `ProcessExited` (exit status and stderr tail) if the process has ended, and
    `ReplyTimeout` when no reply came within `timeout` seconds. Requests may be sent from several
    threads; `send` does not wait for the reply, so many can be in flight at once.
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
        self.close_timeout = close_timeout
        self.argv = [resolve_binary(binary), *args]
        self._router = Router(versions, transcript_size)
        self._cond = threading.Condition()
        self._write_lock = threading.Lock()
        self._stderr = _StderrTail(stderr_tail)
        self._closing = False
        self._closed = False
        self._exit_reported = False
        self._status: int | None = None
        self._process = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            cwd=cwd,
        )
        assert self._process.stdout is not None and self._process.stderr is not None
        assert self._process.stdin is not None
        # stdout is read by the calling thread while it waits (no thread hand-off per reply);
        # stdin is written without blocking, reading stdout meanwhile, so a driver that sends
        # many requests before reading never deadlocks with a vmrepl blocked on a full stdout.
        self._stdin_fd = self._process.stdin.fileno()
        self._stdout_fd = self._process.stdout.fileno()
        os.set_blocking(self._stdin_fd, False)
        self._read_poll = select.poll()
        self._read_poll.register(self._stdout_fd, select.POLLIN)
        self._write_selector = selectors.DefaultSelector()
        self._write_selector.register(self._stdin_fd, selectors.EVENT_WRITE)
        self._write_selector.register(self._stdout_fd, selectors.EVENT_READ)
        self._reading = False
        self._stderr_reader = threading.Thread(
            target=_read_stderr, args=(self._process.stderr, self._stderr), daemon=True, name="vmrepl-stderr"
        )
        self._stderr_reader.start()
        try:
            self._wait_for(lambda: self._router.ready is not None, startup_timeout, "the ready line")
        except BaseException:
            self._shutdown(kill=True)
            raise

    # The process's output.

    def _read(self, timeout: float | None) -> bytes | None:
        """What stdout holds, waiting up to `timeout` for it: None when nothing came, b"" at its
        end. Only the thread that set `_reading` calls it, without the lock."""
        try:
            # poll takes milliseconds (None or negative: no limit), rounded up so a wait is never cut short.
            if self._read_poll.poll(None if timeout is None else max(0, math.ceil(timeout * 1000))):
                return os.read(self._stdout_fd, 65536)
            return None
        except OSError:
            return b""  # taken as the end of the output

    def _file(self, chunk: bytes | None) -> None:
        """Files what `_read` returned; the caller holds the lock."""
        if chunk:
            self._router.feed_bytes(chunk)
        elif chunk is not None:
            self._router.end_of_output()
        self._cond.notify_all()

    def _pump(self, timeout: float | None) -> None:
        """Reads and files what stdout holds; the caller set `_reading` and does not hold the lock."""
        chunk = self._read(timeout)
        with self._cond:
            self._file(chunk)

    def _drain(self) -> None:
        """Files what has arrived, without waiting (unless another thread is reading)."""
        with self._cond:
            if self._reading or self._router.eof or self._closed:
                return
            self._reading = True
            self._cond.release()
            try:
                chunk = self._read(0)
            finally:
                self._cond.acquire()
                self._reading = False
            self._file(chunk)

    # Waiting.

    def _wait_for(self, done: Callable[[], bool], timeout: float | None, what: str | Callable[[], str]) -> None:
        """Waits until `done()` holds, reading stdout in this thread unless another one is (the
        lock is held except while waiting: a reply costs no hand-off between threads)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        cond = self._cond
        with cond:
            while not done():
                if self._router.broken is not None:
                    raise self._router.broken
                if self._router.eof:
                    break
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    raise ReplyTimeout(f"no {what if isinstance(what, str) else what()} within {timeout:g} s")
                if self._reading:
                    cond.wait(remaining)
                    continue
                self._reading = True
                cond.release()
                try:
                    chunk = self._read(remaining)
                finally:
                    cond.acquire()
                    self._reading = False
                self._file(chunk)
            else:
                return
        raise self._exited(f"the process ended before {what if isinstance(what, str) else what()}")

    def _exited(self, summary: str) -> ProcessExited:
        status = self._reap(timeout=5.0)
        self._stderr_reader.join(timeout=2.0)
        self._exit_reported = True
        return ProcessExited(summary, status, self._stderr.text())

    def _reap(self, timeout: float) -> int:
        """Waits for the process to end; a process that closed stdout but lingers is killed."""
        try:
            status = self._process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self._process.kill()
            status = self._process.wait()
        self._status = status
        return status

    # Sending.

    def _write(self, text: str) -> None:
        """Writes one line; the caller holds `_write_lock`."""
        if self._closing:
            raise VMReplException("the client is closed")
        data = memoryview(text.encode("utf-8") + b"\n")
        while data:
            try:
                data = data[os.write(self._stdin_fd, data) :]
            except BlockingIOError:
                pass
            except OSError:
                # The process is gone (or going): tell how it ended.
                self._wait_for(lambda: False, 5.0, "the request was written")
            if data:
                self._wait_writable()

    def _wait_writable(self) -> None:
        """stdin is full: read stdout meanwhile (vmrepl may be waiting for us to), until it is not."""
        with self._cond:
            reading = not self._reading and not self._router.eof
            if reading:
                self._reading = True
        if not reading:
            self._write_selector.select(0.05)
            return
        try:
            for key, _ in self._write_selector.select(1.0):
                if key.fd == self._stdout_fd:
                    self._pump(0)
        finally:
            with self._cond:
                self._reading = False
                self._cond.notify_all()

    def send(self, command: str, /, **members: Any) -> Request:
        """Sends a request without waiting; `wait_reply` (or `Request.reply` later) has its reply."""
        with self._write_lock:
            with self._cond:
                text, request = self._router.prepare_request(command, members)
            self._write(text)
        return request

    def send_line(self, text: str) -> Request | None:
        """Sends one line as typed (the human form, or JSON); None for a blank or comment line,
        which vmrepl counts but does not answer."""
        with self._write_lock:
            with self._cond:
                text, request = self._router.prepare_line(text)
            self._write(text)
        return request

    def wait_reply(self, request: Request, *, check: bool = True, timeout: float | None = None) -> Line:
        if request.reply is None:
            self._wait_for(
                lambda: request.reply is not None,
                self.timeout if timeout is None else timeout,
                lambda: f"reply to line {request.line} ({shorten(request.text)})",
            )
        reply = request.reply
        assert reply is not None
        if check and reply.is_error:
            raise error_for(reply)
        return reply

    def _call(self, command: str, members: dict[str, Any], check: bool, reply_timeout: float | None) -> Line:
        return self.wait_reply(self.send(command, **members), check=check, timeout=reply_timeout)

    def _line(self, text: str, check: bool, reply_timeout: float | None) -> Line:
        request = self.send_line(text)
        assert request is not None
        return self.wait_reply(request, check=check, timeout=reply_timeout)

    def line(self, text: str, *, check: bool = True, reply_timeout: float | None = None) -> Line | None:
        """Sends one line (`"event select id=3"`) and returns its reply (None for a blank or comment line)."""
        request = self.send_line(text)
        return None if request is None else self.wait_reply(request, check=check, timeout=reply_timeout)

    def wait_push(
        self,
        request: Request | Line | None = None,
        match: Match | None = None,
        *,
        timeout: float | None = None,
        start: int = 0,
    ) -> Line:
        """The first line pushed for `request` (a Request, or its reply) from index `start` on that
        `match` accepts, waiting for it up to `timeout` seconds (`ReplyTimeout` then); with no
        request, among the pushes tagged with no request."""
        owner = request_of(request)
        found: list[Line] = []

        def done() -> bool:
            line = self._router.find_push(owner, match, start)
            if line is not None:
                found.append(line)
            return line is not None

        what = f"push for line {owner.line} ({shorten(owner.text)})" if owner is not None else "push of no request"
        self._wait_for(done, self.timeout if timeout is None else timeout, "matching " + what)
        return found[0]

    def wait_output(
        self,
        request: Request | Line | None = None,
        name: str | None = None,
        *,
        timeout: float | None = None,
        start: int = 0,
    ) -> Output:
        """The first output of `request` (a Request, or its reply; with none, of any request)
        from index `start` on named `name` (any name when None), waiting for it up to `timeout`
        seconds (`ReplyTimeout` then): for an output its work sends after the reply."""
        owner = request_of(request)
        found: list[Output] = []

        def done() -> bool:
            output = self._router.find_output(owner, name, start)
            if output is not None:
                found.append(output)
            return output is not None

        self._wait_for(done, self.timeout if timeout is None else timeout, output_wanted(owner, name))
        return found[0]

    # What was seen (the rest is in Observed).

    def _guard(self) -> threading.Condition:
        self._drain()  # what has arrived since the last call
        return self._cond

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.poll()

    def stderr_text(self) -> str:
        """The tail of what the process wrote on stderr so far."""
        return self._stderr.text()

    # Ending.

    def close(self, *, check: bool = True) -> int:
        """Ends the input, lets vmrepl finish what is in flight (its own `--timeout`), waits for
        it to exit and returns its status (0, 1 after an error reply, 3 after a failed expect).

        A process that does not end within `close_timeout` is sent SIGTERM, then SIGKILL. With
        `check`, a process that had ended unasked (and was not reported yet), ended on a signal or
        with a status vmrepl does not end with at end of input raises `ProcessExited`; the
        process is reaped and the pipes closed on every path.
        """
        if self._closed and self._status is not None:
            return self._status
        # A close interrupted before the process was reaped (Ctrl-C) is finished by the next one.
        with self._cond:
            ended = self._router.eof or self._process.poll() is not None
            ended_unasked = ended and not self._router.quit_replied and not self._closed
        status, forced = self._shutdown(kill=False)
        if check and not self._exit_reported:
            if ended_unasked:
                self._exit_reported = True
                raise ProcessExited("the process ended before it was closed", status, self._stderr.text())
            if forced:
                self._exit_reported = True
                raise ProcessExited(f"the process did not end within {self.close_timeout:g} s of its input's end and was stopped", status, self._stderr.text())
            if status not in NORMAL_EXIT_STATUSES:
                self._exit_reported = True
                raise ProcessExited("the process ended badly", status, self._stderr.text())
        return status

    def _shutdown(self, kill: bool) -> tuple[int, bool]:
        """Ends the process on every path; returns its status and whether it had to be stopped."""
        self._closed = True
        forced = False
        with self._write_lock:
            self._closing = True
            try:
                if self._process.stdin is not None:
                    self._process.stdin.close()
            except OSError:
                pass
        if kill:
            self._process.kill()
        # vmrepl prints what it owes, then exits: read it all (it may not fit in the pipe).
        deadline = time.monotonic() + self.close_timeout
        try:
            self._wait_for(lambda: self._router.eof, self.close_timeout, "the end of the output")
        except ProtocolViolation:
            # Lines are no longer filed, but the output is still read, so the process is not
            # stopped by a full pipe.
            while (remaining := deadline - time.monotonic()) > 0 and self._read(remaining) != b"":
                pass
        except VMReplException:
            pass  # a timeout: the wait below decides
        try:
            status = self._process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            forced = True
            self._process.terminate()
            try:
                status = self._process.wait(timeout=3.0)
            except subprocess.TimeoutExpired:
                self._process.kill()
                status = self._process.wait()
        self._status = status
        self._stderr_reader.join(timeout=5.0)
        self._write_selector.close()
        for stream in (self._process.stdout, self._process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        return status, forced

    def __del__(self) -> None:
        # A client dropped without close(): stop its process rather than leave it waiting for input.
        process = getattr(self, "_process", None)
        if process is None or process.poll() is not None:
            return
        warnings.warn(f"vmrepl client (pid {process.pid}) was not closed; its process is killed", ResourceWarning, source=self)
        try:
            process.kill()
            # Reaped too, so no zombie is left behind for the life of the program.
            process.wait(timeout=5.0)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        # With an exception on its way, ending the process must not hide it.
        self.close(check=kind is None)
