"""Comparing states path by path, for assertion messages a person can read."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ._lines import Line, format_path

__all__ = ["Difference", "MISSING", "state_diff", "format_diff", "assert_state", "select"]


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


MISSING: Any = _Missing()
"""Stands for a member or element that is not there."""


@dataclass(frozen=True)
class Difference:
    path: str
    expected: Any
    actual: Any

    def describe(self) -> str:
        where = self.path or "(the whole state)"
        if self.expected is MISSING:
            return f"{where}: not expected, actual {_show(self.actual)}"
        if self.actual is MISSING:
            return f"{where}: expected {_show(self.expected)}, actual missing"
        return f"{where}: expected {_show(self.expected)}, actual {_show(self.actual)}"


def _show(value: Any, limit: int = 120) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _same(expected: Any, actual: Any) -> bool:
    # JSON's view: true is not 1, and 1 is 1.0.
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return bool(expected == actual)


def state_diff(expected: Any, actual: Any, *, partial: bool = False) -> list[Difference]:
    """Where two JSON values differ, deepest paths first found, in key order.

    With `partial`, members of objects that `expected` does not name are not compared (at every
    depth); arrays are always compared whole, element by element.
    """
    found: list[Difference] = []
    _walk(expected, actual, (), partial, found)
    return found


def _walk(expected: Any, actual: Any, path: tuple[str | int, ...], partial: bool, found: list[Difference]) -> None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        keys = sorted(expected) if partial else sorted(set(expected) | set(actual))
        for key in keys:
            _walk(expected.get(key, MISSING), actual.get(key, MISSING), (*path, key), partial, found)
    elif isinstance(expected, list) and isinstance(actual, list):
        for index in range(max(len(expected), len(actual))):
            _walk(
                expected[index] if index < len(expected) else MISSING,
                actual[index] if index < len(actual) else MISSING,
                (*path, index),
                partial,
                found,
            )
    elif expected is MISSING or actual is MISSING or not _same(expected, actual):
        found.append(Difference(format_path(path), expected, actual))


def format_diff(differences: list[Difference], limit: int = 40) -> str:
    lines = [f"  {each.describe()}" for each in differences[:limit]]
    if len(differences) > limit:
        lines.append(f"  … and {len(differences) - limit} more")
    count = len(differences)
    return f"the state differs at {count} path{'s' if count != 1 else ''} (expected vs actual):\n" + "\n".join(lines)


_STEP = re.compile(r'\.?([A-Za-z_@][A-Za-z0-9_]*)|\[(-?\d+)\]|\["((?:[^"\\]|\\.)*)"\]')


def select(value: Any, path: str) -> Any:
    """The value at a vmrepl path (`users.value[0].name`, `posts.value[-1]`, `["a b"].c`);
    MISSING when it leads nowhere."""
    position = 0
    while position < len(path):
        step = _STEP.match(path, position)
        if step is None:
            raise ValueError(f"cannot read the path {path!r} at {position}")
        position = step.end()
        name, index, quoted = step.groups()
        key: str | None = name if name is not None else (json.loads(f'"{quoted}"') if quoted is not None else None)
        if key is not None:
            if not isinstance(value, dict) or key not in value:
                return MISSING
            value = value[key]
        else:
            number = int(index)
            if not isinstance(value, list) or not -len(value) <= number < len(value):
                return MISSING
            value = value[number]
    return value


def assert_state(actual: Line | Any, expected: Any, *, path: str | None = None, partial: bool = False) -> None:
    """Asserts a state (a state line, or a JSON value) equals `expected`; the AssertionError
    names every path that differs, with the expected and the actual value.

    `path` compares only the part of the state there; `partial` compares only the members
    `expected` names (at every depth).
    """
    __tracebackhide__ = True
    if isinstance(actual, Line):
        if actual.type != "state":
            raise AssertionError(f"a {actual.type} line, not a state line: {actual.raw}")
        actual = actual.state
    if path is not None:
        actual = select(actual, path)
        if actual is MISSING:
            raise AssertionError(f"the state has nothing at {path}")
    differences = state_diff(expected, actual, partial=partial)
    if path is not None:
        differences = [
            Difference(path + ("" if not each.path or each.path.startswith("[") else ".") + each.path if each.path else path, each.expected, each.actual)
            for each in differences
        ]
    if differences:
        raise AssertionError(format_diff(differences))
