"""Tests of the vmrepl client against a real vmrepl binary, found through $VMREPL_BIN."""

from __future__ import annotations

import os
import stat
import sys
import textwrap
from pathlib import Path
from typing import Callable

import pytest

pytest_plugins = ["pytester"]


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.has_plugin("vmrepl"):
        raise pytest.UsageError(
            "the vmrepl pytest plugin is not installed: pip install -e clients/python (its tests use its entry point)"
        )


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("VMREPL_BIN")
    if not path:
        pytest.fail("set VMREPL_BIN to the vmrepl binary these tests drive", pytrace=False)
    if not os.access(path, os.X_OK):
        pytest.fail(f"VMREPL_BIN={path} is not an executable", pytrace=False)
    return path


@pytest.fixture(scope="session")
def outputs_binary(binary: str) -> str:
    """The test app of outputs (TestApps/OutputsREPL): $VMREPL_OUTPUTS_BIN, else `outputs-repl`
    beside $VMREPL_BIN (`swift build --build-tests` builds both). Missing, the tests fail."""
    path = os.environ.get("VMREPL_OUTPUTS_BIN") or os.path.join(os.path.dirname(binary), "outputs-repl")
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} is not an executable: build outputs-repl or set VMREPL_OUTPUTS_BIN", pytrace=False)
    return path


@pytest.fixture(scope="session")
def scheduling_binary(binary: str) -> str:
    """The test app of schedulers (TestApps/SchedulingREPL): $VMREPL_SCHEDULING_BIN, else
    `scheduling-repl` beside $VMREPL_BIN. Missing, the tests fail."""
    path = os.environ.get("VMREPL_SCHEDULING_BIN") or os.path.join(os.path.dirname(binary), "scheduling-repl")
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} is not an executable: build scheduling-repl or set VMREPL_SCHEDULING_BIN", pytrace=False)
    return path


Fake = Callable[[str], str]
"""Makes a stand-in executable from a Python body."""

READY = '{"type":"ready","seq":0,"protocol":"vmrepl","version":1,"screens":["fake"],"clock":"virtual"}'


@pytest.fixture
def fake(tmp_path: Path) -> Fake:
    """Writes a stand-in for vmrepl: a Python script with the given body (READY is defined in it)."""

    def make(body: str) -> str:
        script = tmp_path / "fake-vmrepl"
        script.write_text(
            f"#!{sys.executable}\nimport os, sys, json, signal, threading\nREADY = {READY!r}\n" + textwrap.dedent(body)
        )
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
        return str(script)

    return make


def reaped(pid: int) -> bool:
    """True when no process (not even a zombie) with this id is our child any more."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False
