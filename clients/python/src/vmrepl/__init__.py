"""A client for vmrepl's JSON line protocol (version 1): start a vmrepl process (or a team's own
REPL executable built on the library), send requests, read replies and pushes as typed values.

    from vmrepl import Client

    with Client("/path/to/vmrepl") as repl:
        repl.use("foo")
        assert repl.event("hello").state["text"] == "👋"

`vmrepl.aio.AsyncClient` is the same over asyncio; `vmrepl.pytest_plugin` gives pytest a
`vmrepl` fixture. Only the standard library is used.
"""

from ._errors import (
    CommandError,
    ExpectationFailed,
    ProcessExited,
    ProtocolViolation,
    ReplyTimeout,
    VMReplException,
)
from ._lines import JSON, Line, Output, Request, apply_patch
from ._session import NORMAL_EXIT_STATUSES, SUPPORTED_VERSIONS, Operator, resolve_binary
from .aio import AsyncClient
from .client import Client
from .diff import MISSING, Difference, assert_state, state_diff

__all__ = [
    "AsyncClient",
    "Client",
    "CommandError",
    "Difference",
    "ExpectationFailed",
    "JSON",
    "Line",
    "MISSING",
    "NORMAL_EXIT_STATUSES",
    "Operator",
    "Output",
    "ProcessExited",
    "ProtocolViolation",
    "ReplyTimeout",
    "Request",
    "SUPPORTED_VERSIONS",
    "VMReplException",
    "apply_patch",
    "assert_state",
    "resolve_binary",
    "state_diff",
]

__version__ = "0.1.0"
