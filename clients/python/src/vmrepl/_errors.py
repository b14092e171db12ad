"""What the client raises."""

from __future__ import annotations

from typing import Any

from ._lines import Line

__all__ = [
    "VMReplException",
    "CommandError",
    "ExpectationFailed",
    "ProtocolViolation",
    "ProcessExited",
    "ReplyTimeout",
]


def shorten(text: str, limit: int = 200) -> str:
    """A request's text as a message quotes it: a mocked state may be megabytes."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class VMReplException(Exception):
    """Everything the client raises derives from this."""


class CommandError(VMReplException):
    """vmrepl answered a request with an error line (`check=True`, the default).

    `code` is the protocol's error code (`unknown_event`, `timeout`, ...), `message` its text
    for people, `reply` the whole error line.
    """

    def __init__(self, reply: Line) -> None:
        self.reply = reply
        self.code: str = reply.code or "?"
        self.message: str = reply.message or ""
        request = reply.request.text if reply.request is not None else None
        where = f" (line {reply.line}: {shorten(request)})" if request is not None else ""
        super().__init__(f"{self.code}: {self.message}{where}")


class ExpectationFailed(CommandError, AssertionError):
    """An `expect` did not hold (code `expectation_failed`): `path`, `op`, `expected`, `actual`
    and, for two objects or arrays, `diff` (a JSON Patch from actual to expected)."""

    def __init__(self, reply: Line) -> None:
        super().__init__(reply)
        self.path: str | None = reply.get("path")
        self.op: str | None = reply.get("op")
        self.expected: Any = reply.get("expected")
        self.actual: Any = reply.get("actual")
        self.diff: list[Any] | None = reply.get("diff")


def error_for(reply: Line) -> CommandError:
    if reply.code == "expectation_failed":
        return ExpectationFailed(reply)
    return CommandError(reply)


class ProtocolViolation(VMReplException):
    """The process wrote something protocol version 1 does not allow (no `ready` line, another
    protocol version, a line that is not a JSON object)."""


class ProcessExited(VMReplException):
    """The process ended when it was not asked to (or ended badly when asked to).

    `status` is its exit status (negative: the signal that ended it), `stderr` the tail of
    what it wrote on stderr.
    """

    def __init__(self, summary: str, status: int | None, stderr: str) -> None:
        self.status = status
        self.stderr = stderr
        detail = f"{summary} (exit status {status})"
        if stderr.strip():
            detail += "; stderr ends with:\n" + stderr.rstrip()
        else:
            detail += "; nothing on stderr"
        super().__init__(detail)


class ReplyTimeout(VMReplException, TimeoutError):
    """No reply (or no matching push) came in time; the process is still running."""
