"""The lines vmrepl writes, as typed values (protocol version 1, docs/PROTOCOL.md)."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Line", "Output", "Request", "parse_line", "apply_patch", "format_path"]

_MISSING: Any = object()

JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]
"""A value as JSON holds it, as `json.loads` gives it: what a state, and each part of one, is."""


@dataclass(kw_only=True, eq=False, repr=False)
class Line:
    """One JSON object vmrepl wrote on stdout.

    The members every line may have are typed fields; the whole object is kept in `raw`, and
    `line["member"]` / `line.get("member")` read any other member (`now` of a clock line, `diff`
    of a failed expect, `events` of describe...).
    """

    type: str
    seq: int
    line: int | None = None
    """The input line number of the request this line answers (or was pushed for)."""
    id: Any = None
    """The `id` of the JSON request (None when it had none: see `has_id`)."""
    has_id: bool = False
    push: bool = False
    screen: str | None = None
    model: str | None = None
    state: JSON = None
    """The whole state of a state line (None on other lines). In diff mode the client rebuilds it from `patch`."""
    loading: bool = False
    pending: list[str] = field(default_factory=list)
    """What a `wait`'s reply names as still to come that vmrepl neither owns nor moves with its
    clock (a Timer no state holds); empty on other lines."""
    patch: list[Any] | None = None
    base: int | None = None
    code: str | None = None
    """An error line's code (drivers branch on it, not on `message`)."""
    message: str | None = None
    cmd: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    request: Request | None = field(default=None, repr=False)
    """The request this line belongs to, when the client sent it."""

    @property
    def is_error(self) -> bool:
        return self.type == "error"

    @property
    def pushes(self) -> list[Line]:
        """The lines pushed later for this line's request (empty for a line of no request)."""
        return self.request.pushes if self.request is not None else []

    @property
    def outputs(self) -> list[Output]:
        """What the view model told the app to do for this line's request, oldest first.

        The `output` lines of the request: those written before its reply, and those its work
        sent after it, as far as the client has read them (empty for a line of no request).
        """
        return self.request.outputs if self.request is not None else []

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def __contains__(self, key: object) -> bool:
        return key in self.raw

    def get(self, key: str, default: Any = None) -> Any:
        return self.raw.get(key, default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and other.raw == self.raw

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = self.raw
        if self.patch is not None and self.state is not None:
            shown = {**self.raw, "state": self.state}
        return f"Line({json.dumps(shown, ensure_ascii=False)})"


@dataclass(frozen=True)
class Output:
    """One thing a hosted view model told the app to do: an `output` line (navigate, dismiss,
    report a result), as `name` and `value` (`{}` for an output of no value).

    It carries its request's `line` and is never a push; `line` here is the whole `Line`.
    """

    name: str
    value: JSON
    screen: str | None = None
    line: Line | None = field(default=None, compare=False, repr=False)

    @staticmethod
    def of(line: Line) -> Output:
        """The output an `output` line carries."""
        name = line.get("name")
        return Output(name=name if isinstance(name, str) else "", value=line.get("value"), screen=line.screen, line=line)


@dataclass(eq=False, repr=False)
class Request:
    """A request the client sent and every line tagged with it.

    `lines` holds them all in order (including `change` lines of watches and `output` lines);
    `reply` is the one reply; `pushes` the lines with `"push": true` (a load's later states, an
    `invariant_violated` error, a `log` note). The reader adds to them as lines arrive.
    """

    line: int
    text: str
    id: Any = None
    has_id: bool = False
    reply: Line | None = None
    lines: list[Line] = field(default_factory=list)
    pushes: list[Line] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"Request(line={self.line}, text={self.text!r}, reply={self.reply!r}, pushes={len(self.pushes)})"

    @property
    def changes(self) -> list[Line]:
        """The `change` lines of watches this request caused."""
        return [each for each in self.lines if each.type == "change"]

    @property
    def outputs(self) -> list[Output]:
        """What the view model told the app to do for this request (its `output` lines), oldest
        first: those before the reply and those its work sent later, as far as they were read."""
        return [Output.of(each) for each in self.lines if each.type == "output"]


def parse_line(raw: dict[str, Any]) -> Line:
    """Reads one decoded line; raises ValueError when it is no protocol line."""
    get = raw.get
    kind, seq = get("type"), get("seq")
    if not isinstance(kind, str) or type(seq) is not int:
        raise ValueError("a line without a text `type` and an integer `seq`")
    line, patch, base = get("line"), get("patch"), get("base")
    screen, model, code, message, cmd = get("screen"), get("model"), get("code"), get("message"), get("cmd")
    return Line(
        type=kind,
        seq=seq,
        line=line if type(line) is int else None,
        id=get("id"),
        has_id="id" in raw,
        push=get("push") is True,
        screen=screen if isinstance(screen, str) else None,
        model=model if isinstance(model, str) else None,
        state=get("state"),
        loading=get("loading") is True,
        pending=[each for each in pending if isinstance(each, str)] if isinstance(pending := get("pending"), list) else [],
        patch=patch if isinstance(patch, list) else None,
        base=base if type(base) is int else None,
        code=code if isinstance(code, str) else None,
        message=message if isinstance(message, str) else None,
        cmd=cmd if isinstance(cmd, str) else None,
        raw=raw,
    )


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def apply_patch(document: Any, patch: list[Any]) -> Any:
    """Applies an RFC 6902 patch of `add`, `remove` and `replace` (what vmrepl writes).

    The document is not changed: only the containers along each path are copied, so a patch
    of one field of a large state costs the depth of that field, not the size of the state.
    """
    result = document
    for operation in patch:
        if not isinstance(operation, dict):
            raise ValueError(f"a patch operation is not an object: {operation!r}")
        op, path = operation.get("op"), operation.get("path")
        if op not in ("add", "remove", "replace") or not isinstance(path, str):
            raise ValueError(f"unsupported patch operation {operation!r}")
        if path == "":
            if op == "remove":
                raise ValueError("a patch removes the whole document")
            result = operation.get("value")
            continue
        if not path.startswith("/"):
            raise ValueError(f"a JSON pointer without a leading slash: {path!r}")
        tokens = [_unescape(token) for token in path[1:].split("/")]
        result = _apply_at(result, tokens, op, operation.get("value", _MISSING))
    return result


def _apply_at(node: Any, tokens: list[str], op: str, value: Any) -> Any:
    token, rest = tokens[0], tokens[1:]
    if isinstance(node, dict):
        copied: Any = dict(node)
        if rest:
            copied[token] = _apply_at(node[token], rest, op, value)
        elif op == "remove":
            del copied[token]
        else:
            if op == "replace" and token not in node:
                raise ValueError(f"replace of a missing member {token!r}")
            copied[token] = copy.deepcopy(value)
        return copied
    if isinstance(node, list):
        items = list(node)
        if token == "-":
            index = len(items)
        elif token.isdigit():
            index = int(token)
        else:
            raise ValueError(f"{token!r} is no array index")
        if rest:
            items[index] = _apply_at(items[index], rest, op, value)
        elif op == "add":
            if index > len(items):
                raise ValueError(f"add past the end of an array: {index}")
            items.insert(index, copy.deepcopy(value))
        elif op == "remove":
            del items[index]
        else:
            items[index] = copy.deepcopy(value)
        return items
    raise ValueError(f"the path goes through {node!r}, which is neither an object nor an array")


def format_path(keys: tuple[str | int, ...]) -> str:
    """A path as vmrepl writes one: `users.value[0].name`, `["a b"].c`."""
    text = ""
    for key in keys:
        if isinstance(key, int):
            text += f"[{key}]"
        elif key.isidentifier():
            text += f".{key}" if text else key
        else:
            text += '["' + key.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    return text
