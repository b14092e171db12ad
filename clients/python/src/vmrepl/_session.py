"""What the blocking and the asyncio client share: routing lines to requests, and the commands."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections import deque
from typing import Any, Callable, ContextManager, Generic, Iterable, Literal, Mapping, TypeVar, get_args

from ._errors import ProtocolViolation, shorten
from ._lines import JSON, Line, Output, Request, apply_patch, parse_line

SUPPORTED_VERSIONS = (1,)
"""The protocol versions this client speaks (the `version` of the `ready` line)."""

NORMAL_EXIT_STATUSES = frozenset({0, 1, 3})
"""Statuses vmrepl ends with at end of input: all fine, a request got an error, an expect failed."""

Match = Callable[[Line], bool]

Operator = Literal["==", "!=", "<", "<=", ">", ">=", "contains", "exists"]
"""The operators of `expect`, `wait`'s conditions and `invariant`."""

_OPERATORS = frozenset(get_args(Operator))


def _check_operator(op: str, command: str) -> None:
    if op not in _OPERATORS:
        raise ValueError(
            f"{command} takes an operator ({', '.join(sorted(_OPERATORS))}) as `op`, not {op!r}: "
            f"write {command}(path, value) or {command}(path, value, op)"
        )


def resolve_binary(binary: str | os.PathLike[str] | None) -> str:
    """The executable to start: the one given, else $VMREPL_BIN, else `vmrepl` on the PATH."""
    if binary is None:
        binary = os.environ.get("VMREPL_BIN") or "vmrepl"
    text = os.fspath(binary)
    if os.sep not in text and not os.path.exists(text):
        found = shutil.which(text)
        if found is None:
            raise FileNotFoundError(f"no executable {text!r} on the PATH (set VMREPL_BIN or pass the binary)")
        return found
    return text


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode_request(command: str, members: Mapping[str, Any], request_id: Any) -> str:
    if "cmd" in members or "id" in members:
        raise ValueError("`cmd` and `id` are set by the client; pass the command and members")
    text = _ENCODER.encode({"id": request_id, "cmd": command, **members})
    check_encodable(text)
    return text


def check_encodable(text: str) -> None:
    """Raises ValueError (UnicodeEncodeError) for text that is not valid Unicode, such as a lone
    surrogate: checked before the line is numbered, so a request that is never sent takes no
    line number and every later reply still goes to its own request."""
    text.encode("utf-8")


def check_line_text(text: str) -> None:
    if "\n" in text or "\r" in text:
        raise ValueError("one line at a time: the text holds a line break")
    check_encodable(text)


class Router:
    """Numbers the lines sent, and files each line read under the request it belongs to.

    Not thread-safe by itself: the blocking client holds its lock around every call.
    """

    def __init__(self, versions: Iterable[int], transcript_size: int) -> None:
        self.versions = tuple(versions)
        self.requests: dict[int, Request] = {}
        self.unsolicited: list[Line] = []
        """Pushes tagged with no request (a change no command made: a timer, a detached task)."""
        self.anomalies: list[str] = []
        """Lines that broke the protocol's correlation rules, kept to be looked at."""
        self.transcript: deque[tuple[str, str]] = deque(maxlen=transcript_size)
        """The last lines sent ("<", text) and read (">", text), in order."""
        self.ready: Line | None = None
        self.next_line = 1
        self.next_id = 1
        self.next_seq = 0
        self.eof = False
        self.quit_replied = False
        self.broken: ProtocolViolation | None = None
        self.states: dict[str, tuple[int, Any]] = {}
        self.outputs: list[Output] = []
        """Every `output` line read, oldest first."""
        self._partial = bytearray()

    # Sending.

    def prepare_request(self, command: str, members: Mapping[str, Any]) -> tuple[str, Request]:
        request_id = self.next_id
        text = encode_request(command, members, request_id)
        self.next_id += 1
        return text, self._register(text, request_id, True)

    def prepare_line(self, text: str) -> tuple[str, Request | None]:
        check_line_text(text)
        stripped = text.strip(" \t")
        if stripped == "" or stripped.startswith("#"):
            # Counted by vmrepl, answered by nothing.
            self.transcript.append(("<", text))
            self.next_line += 1
            return text, None
        request_id: Any = None
        has_id = False
        if stripped.startswith("{"):
            try:
                decoded = json.loads(stripped)
            except ValueError:
                decoded = None
            if isinstance(decoded, dict) and "id" in decoded:
                request_id, has_id = decoded["id"], True
        return text, self._register(text, request_id, has_id)

    def _register(self, text: str, request_id: Any, has_id: bool) -> Request:
        request = Request(line=self.next_line, text=text, id=request_id, has_id=has_id)
        self.requests[request.line] = request
        self.next_line += 1
        self.transcript.append(("<", text))
        return request

    # Reading.

    def feed_bytes(self, chunk: bytes) -> None:
        """Files the whole lines of a piece of stdout, keeping a last partial line for later; a
        line that breaks the protocol sets `broken` and stops the reading."""
        if b"\n" not in chunk:
            self._partial += chunk
            return
        pieces: list[bytes] | list[bytearray]
        if self._partial:
            self._partial += chunk
            pieces = self._partial.split(b"\n")
        else:
            pieces = chunk.split(b"\n")
        self._partial = bytearray(pieces[-1])
        for raw in pieces[:-1]:
            if self.broken is not None:
                return
            try:
                self.feed(raw.decode("utf-8").rstrip("\r"))
            except UnicodeDecodeError as error:
                self.broken = ProtocolViolation(f"stdout holds a line that is not UTF-8: {error}")
            except ProtocolViolation as violation:
                self.broken = violation

    def end_of_output(self) -> None:
        self.eof = True
        if self._partial:
            self.anomalies.append(f"the output ended inside a line: {bytes(self._partial[:200])!r}")
            self._partial = bytearray()

    def feed(self, text: str) -> Line:
        """Files one line read from stdout; raises ProtocolViolation when it is not one."""
        self.transcript.append((">", text))
        try:
            raw = json.loads(text)
        except ValueError as error:
            raise ProtocolViolation(f"stdout holds a line that is not JSON ({error}): {text[:200]!r}") from None
        if not isinstance(raw, dict):
            raise ProtocolViolation(f"stdout holds a line that is not a JSON object: {text[:200]!r}")
        try:
            line = parse_line(raw)
        except ValueError as error:
            raise ProtocolViolation(f"{error}: {text[:200]!r}") from None
        if self.ready is None:
            self._check_ready(line)
            self.ready = line
            self.next_seq = line.seq + 1
            return line
        if line.seq != self.next_seq:
            self.anomalies.append(f"seq {line.seq} where {self.next_seq} was due")
        self.next_seq = line.seq + 1
        self._rebuild_state(line)
        if line.type == "output":
            self.outputs.append(Output.of(line))
        request = self.requests.get(line.line) if line.line is not None else None
        if request is None:
            if line.line is None and (line.push or line.type == "output"):
                self.unsolicited.append(line)
            else:
                self.anomalies.append(f"a line for no request sent: {text[:200]}")
                self.unsolicited.append(line)
            return line
        line.request = request
        if request.has_id and (not line.has_id or line.id != request.id):
            self.anomalies.append(f"line {line.line} carries id {line.get('id')!r}, not {request.id!r}")
        request.lines.append(line)
        if line.push:
            request.pushes.append(line)
        elif line.type not in _NOT_REPLIES:
            if request.reply is None:
                request.reply = line
                if line.type == "ok" and line.cmd == "quit":
                    self.quit_replied = True
            else:
                self.anomalies.append(f"a second reply to line {line.line}: {text[:200]}")
        return line

    def _check_ready(self, line: Line) -> None:
        if line.type != "ready" or line.get("protocol") != "vmrepl":
            raise ProtocolViolation(f"the first line is not vmrepl's ready line: {line.raw}")
        if line.get("version") not in self.versions:
            raise ProtocolViolation(
                f"the process speaks protocol version {line.get('version')!r}; this client speaks {list(self.versions)}"
            )

    def _rebuild_state(self, line: Line) -> None:
        if line.type != "state" or line.screen is None:
            return
        if "state" in line.raw:
            self.states[line.screen] = (line.seq, line.state)
        elif line.patch is not None:
            known = self.states.get(line.screen)
            if known is None or known[0] != line.base:
                self.anomalies.append(f"a patch on seq {line.base}, but the last state of {line.screen} is {known and known[0]}")
                return
            try:
                line.state = apply_patch(known[1], line.patch)
            except (ValueError, KeyError, IndexError, TypeError) as error:
                self.anomalies.append(f"the patch of seq {line.seq} does not apply: {error}")
                return
            self.states[line.screen] = (line.seq, line.state)

    # Looking.

    def pending(self) -> list[Request]:
        return [request for request in self.requests.values() if request.reply is None]

    def find_push(self, request: Request | None, match: Match | None, start: int) -> Line | None:
        pushes = request.pushes if request is not None else self.unsolicited
        for line in pushes[start:]:
            if match is None or match(line):
                return line
        return None


    def find_output(self, request: Request | None, name: str | None, start: int) -> Output | None:
        """The first output of `request` (of every request when None) from index `start` on
        named `name` (any name when None)."""
        outputs = request.outputs if request is not None else self.outputs
        for output in outputs[start:]:
            if name is None or output.name == name:
                return output
        return None


def request_of(request: Request | Line | None) -> Request | None:
    """The request a wait is about: `request` itself, or the one a line (its reply) belongs to."""
    if not isinstance(request, Line):
        return request
    if request.request is None:
        raise ValueError("this line belongs to no request the client sent")
    return request.request


def output_wanted(request: Request | None, name: str | None) -> str:
    """What a wait for an output waits for, for its timeout's message."""
    what = f"output {name}" if name is not None else "output"
    return what if request is None else f"{what} of line {request.line} ({shorten(request.text)})"


_NOT_REPLIES = frozenset({"change", "output"})
"""Lines tagged with a request that are not its reply: a watch's change, an output sent."""

R = TypeVar("R", covariant=True)


def _without_none(**members: Any) -> dict[str, Any]:
    return {key: value for key, value in members.items() if value is not None}


class Commands(Generic[R]):
    """The protocol's commands as methods, each sending one JSON request.

    The blocking client returns the reply `Line`; the asyncio client an awaitable of it. With
    `check=True` (the default) an error reply raises `CommandError` (`ExpectationFailed` for
    `expect`); with `check=False` it is returned like any reply. `reply_timeout` (seconds)
    overrides the client's timeout for this request.
    """

    def _call(self, command: str, members: dict[str, Any], check: bool, reply_timeout: float | None) -> R:
        raise NotImplementedError

    def _line(self, text: str, check: bool, reply_timeout: float | None) -> R:
        raise NotImplementedError

    def request(self, command: str, /, *, check: bool = True, reply_timeout: float | None = None, **members: Any) -> R:
        """Any command, with its members as the JSON form names them (PROTOCOL.md's table)."""
        return self._call(command, members, check, reply_timeout)

    def screens(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("screens", {}, check, reply_timeout)

    def use(self, screen: str, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("use", {"screen": screen}, check, reply_timeout)

    def describe(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("describe", {}, check, reply_timeout)

    def state(self, path: str | None = None, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("state", _without_none(path=path), check, reply_timeout)

    def event(
        self,
        name: str,
        /,
        args: Mapping[str, Any] | None = None,
        *,
        check: bool = True,
        reply_timeout: float | None = None,
        **kwargs: Any,
    ) -> R:
        """`event("select", id=3)`; an argument named `args`, `check` or `reply_timeout` goes in `args={...}`."""
        merged = {**(args or {}), **kwargs}
        return self._call("event", {"name": name, "args": merged} if merged else {"name": name}, check, reply_timeout)

    def load(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("load", {}, check, reply_timeout)

    def reload(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("reload", {}, check, reply_timeout)

    def retry(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("retry", {}, check, reply_timeout)

    def cancel(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("cancel", {}, check, reply_timeout)

    def mock(
        self,
        state: Any = None,
        /,
        fields: Mapping[str, Any] | None = None,
        *,
        check: bool = True,
        reply_timeout: float | None = None,
        **kwargs: Any,
    ) -> R:
        """`mock(whole_state)` shows exactly that state; `mock(text="hi")` changes fields of the
        shown one, and `mock(fields={"users.phase": "failed"})` takes paths as keys."""
        changes = {**(fields or {}), **kwargs}
        if state is not None and changes:
            raise ValueError("mock takes a whole state or fields to change, not both")
        members = {"state": state} if state is not None else {"set": changes}
        return self._call("mock", members, check, reply_timeout)

    def write(
        self,
        fields: Mapping[str, Any] | None = None,
        /,
        *,
        check: bool = True,
        reply_timeout: float | None = None,
        **kwargs: Any,
    ) -> R:
        """Sets bound properties of a hosted view model: `write(query="x")`."""
        return self._call("write", {"set": {**(fields or {}), **kwargs}}, check, reply_timeout)

    def real(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("real", {}, check, reply_timeout)

    def wait(
        self,
        until: str | None = None,
        timeout: str | float | None = None,
        *,
        check: bool = True,
        reply_timeout: float | None = None,
    ) -> R:
        """vmrepl's `wait`: `until` a condition (`'users.phase == "loaded"'`), `timeout` vmrepl's
        own (`"5s"`); `reply_timeout` is how long the client waits for the reply."""
        return self._call("wait", _without_none(until=until, timeout=timeout), check, reply_timeout)

    def advance(self, duration: str | float, *, check: bool = True, reply_timeout: float | None = None) -> R:
        """Moves the virtual clock (`"2s"`, `"500ms"`, or seconds); the reply's `now` is the clock."""
        return self._call("advance", {"duration": duration}, check, reply_timeout)

    def sleep(self, duration: str | float, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("sleep", {"duration": duration}, check, reply_timeout)

    def expect(
        self,
        path: str,
        value: Any = None,
        op: Operator = "==",
        *,
        check: bool = True,
        reply_timeout: float | None = None,
    ) -> R:
        """`expect("text", "hi")`, `expect("users.value", None, "exists")`: the value comes before
        the operator, so `op` is typed as the operators and checked before anything is sent."""
        _check_operator(op, "expect")
        members: dict[str, Any] = {"path": path, "op": op}
        if op != "exists":
            members["value"] = value
        return self._call("expect", members, check, reply_timeout)

    def set(
        self,
        *,
        clock: str | None = None,
        states: str | None = None,
        check: bool = True,
        reply_timeout: float | None = None,
    ) -> R:
        """`set(clock="real")` (before the first `use`), `set(states="diff")`."""
        return self._call("set", _without_none(clock=clock, states=states), check, reply_timeout)

    def stub(
        self,
        name: str,
        *,
        value: Any = None,
        error: str | None = None,
        hang: bool = False,
        delay: str | float | None = None,
        times: int | None = None,
        check: bool = True,
        reply_timeout: float | None = None,
    ) -> R:
        members: dict[str, Any] = {"name": name}
        if error is not None:
            members["error"] = error
        elif hang:
            members["hang"] = True
        else:
            members["value"] = value
        members.update(_without_none(delay=delay, times=times))
        return self._call("stub", members, check, reply_timeout)

    def unstub(self, name: str | None = None, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("unstub", _without_none(name=name), check, reply_timeout)

    def calls(self, name: str, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("calls", {"name": name}, check, reply_timeout)

    def watch(self, path: str | None = None, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("watch", _without_none(path=path), check, reply_timeout)

    def unwatch(self, path: str | None = None, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("unwatch", _without_none(path=path), check, reply_timeout)

    def invariant(
        self,
        path: str,
        op: Operator,
        value: Any = None,
        *,
        when: str | None = None,
        check: bool = True,
        reply_timeout: float | None = None,
    ) -> R:
        _check_operator(op, "invariant")
        members: dict[str, Any] = {"path": path, "op": op, "value": value}
        members.update(_without_none(when=when))
        return self._call("invariant", members, check, reply_timeout)

    def invariants(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        """The invariants of the screen (the reply's `invariants`)."""
        return self._call("invariants", {}, check, reply_timeout)

    def precondition(self, event: str, when: str, *, check: bool = True, reply_timeout: float | None = None) -> R:
        """`precondition("save", "saveEnabled == true")`: the event is refused (`event_disabled`)
        where the condition does not hold, and explore tries it only where it does."""
        return self._call("precondition", {"name": event, "when": when}, check, reply_timeout)

    def history(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        """The session's steps so far (the reply's `steps`: `step`, `command`, `line`)."""
        return self._call("history", {}, check, reply_timeout)

    def undo(self, steps: int = 1, *, check: bool = True, reply_timeout: float | None = None) -> R:
        """Goes back `steps` steps: vmrepl replays the steps before in a fresh process and answers
        with the state there; `undo_diverged` when a step did not repeat, `nothing_to_undo` past the start."""
        return self._call("undo", {} if steps == 1 else {"steps": steps}, check, reply_timeout)

    def clear_invariants(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        # The human form: vmrepl (protocol 1, December 2026) refuses the JSON form
        # {"cmd":"invariant","clear":true} the protocol documents, asking for a path.
        return self._line("invariant clear", check, reply_timeout)

    def record(
        self,
        path: str,
        *,
        overwrite: bool = False,
        append: bool = False,
        check: bool = True,
        reply_timeout: float | None = None,
    ) -> R:
        """Saves the commands that follow as a script at `path` (`stop_recording()` ends it)."""
        members: dict[str, Any] = {"path": path}
        if overwrite:
            members["overwrite"] = True
        if append:
            members["append"] = True
        return self._call("record", members, check, reply_timeout)

    def stop_recording(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("record", {"path": "stop"}, check, reply_timeout)

    def help(self, topic: str | None = None, *, check: bool = True, reply_timeout: float | None = None) -> R:
        return self._call("help", _without_none(topic=topic), check, reply_timeout)

    def quit(self, *, check: bool = True, reply_timeout: float | None = None) -> R:
        """Ends the session once what is in flight finished; `close()` then returns its status."""
        return self._call("quit", {}, check, reply_timeout)


class Observed:
    """What a client has seen, read under its lock (the blocking client's reader thread writes it)."""

    _router: Router

    def _guard(self) -> ContextManager[Any]:
        return contextlib.nullcontext()

    @property
    def ready(self) -> Line:
        """The `ready` line (`version`, `screens`, `clock` are its members)."""
        with self._guard():
            if self._router.ready is None:
                raise RuntimeError("the client has not started")
            return self._router.ready

    @property
    def screen_names(self) -> list[str]:
        """The screens the ready line named."""
        names = self.ready.get("screens", [])
        return [name for name in names if isinstance(name, str)]

    @property
    def unsolicited(self) -> list[Line]:
        """Pushes that carry no request's tag: changes no command made (a timer, a detached task)."""
        with self._guard():
            return list(self._router.unsolicited)

    @property
    def anomalies(self) -> list[str]:
        """Lines that broke the correlation rules (a seq gap, a line for no request): empty when all is well."""
        with self._guard():
            return list(self._router.anomalies)

    @property
    def transcript(self) -> list[tuple[str, str]]:
        """The last lines sent (`"<"`, text) and read (`">"`, text), oldest first."""
        with self._guard():
            return list(self._router.transcript)

    def outputs(self, name: str, *, screen: str | None = None) -> list[JSON]:
        """The values output `name` sent so far (of `screen`, or of any), oldest first, as far as
        the client has read: what `@outputs.NAME` holds, over the whole session."""
        with self._guard():
            return [each.value for each in self._router.outputs if each.name == name and (screen is None or each.screen == screen)]

    @property
    def all_outputs(self) -> list[Output]:
        """Every output read so far, of every screen and request, oldest first."""
        with self._guard():
            return list(self._router.outputs)

    @property
    def requests(self) -> list[Request]:
        """Every request sent, in order, with its reply and pushes."""
        with self._guard():
            return list(self._router.requests.values())
