"""The pytest plugin (entry point `pytest11`): a `vmrepl` fixture and failure reports.

The binary comes from `--vmrepl-bin`, else `$VMREPL_BIN`, else the `vmrepl_bin` ini option, else
`vmrepl` on the PATH. Arguments from `--vmrepl-arg` (repeatable) or the `vmrepl_args` ini
option; a screen to open before each test from `--vmrepl-screen` or `vmrepl_screen`. A test
can choose its own with `@pytest.mark.vmrepl(screen="users", args=["--seed=7"])`.

When a test using the fixture fails, its report gets a "vmrepl transcript" section (the last
lines sent and read), and the hook `pytest_vmrepl_failure(item, client, report)` is called.

Trace pages, as Playwright's `--tracing`: with `--vmrepl-trace=retain-on-failure` (or the
`vmrepl_trace` ini option) every client is started with vmrepl's `--trace=FILE.html`, and the
page of a failed test is kept in `--vmrepl-output` (default `vmrepl-traces`, in the folder pytest runs in)
as `TEST-ID.html` (`-2`, `-3`… for a test's later clients); `on` keeps every test's page, `off`
(the default) asks for none. The run's summary lists the pages kept (and each test's
`user_properties` its own, as "vmrepl trace").
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import tempfile
from typing import Any, Callable, Generator, Iterator, Sequence

import pytest

from . import _hookspecs
from ._errors import shorten
from .client import Client
from .diff import assert_state

__all__ = ["assert_state"]

_CLIENTS = pytest.StashKey[list[Client]]()
_FAILED = pytest.StashKey[bool]()
_KEPT = pytest.StashKey[list[str]]()
TRANSCRIPT_LINES = 40
TRACE_MODES = ("off", "on", "retain-on-failure")


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(_hookspecs)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("vmrepl", "vmrepl client")
    group.addoption("--vmrepl-bin", dest="vmrepl_bin", default=None, help="the vmrepl (or REPL) executable the vmrepl fixture starts")
    group.addoption(
        "--vmrepl-arg", dest="vmrepl_args", action="append", default=None, help="an argument for it (repeatable)"
    )
    group.addoption("--vmrepl-screen", dest="vmrepl_screen", default=None, help="a screen the vmrepl fixture opens first")
    group.addoption("--vmrepl-timeout", dest="vmrepl_timeout", type=float, default=None, help="seconds to wait for a reply")
    group.addoption(
        "--vmrepl-trace",
        dest="vmrepl_trace",
        choices=TRACE_MODES,
        default=None,
        help="keep each client's trace page: off (default), on, or retain-on-failure",
    )
    group.addoption("--vmrepl-output", dest="vmrepl_output", default=None, help="where trace pages are kept (default vmrepl-traces)")
    parser.addini("vmrepl_bin", "the vmrepl executable (after --vmrepl-bin and $VMREPL_BIN)", default="")
    parser.addini("vmrepl_args", "arguments for it", type="args", default=[])
    parser.addini("vmrepl_screen", "a screen the vmrepl fixture opens first", default="")
    parser.addini("vmrepl_timeout", "seconds to wait for a reply", default="30")
    parser.addini("vmrepl_trace", "keep trace pages: off, on or retain-on-failure", default="off")
    parser.addini("vmrepl_output", "where trace pages are kept", default="vmrepl-traces")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "vmrepl(screen=None, args=None): the screen the vmrepl fixture opens and the arguments it starts with"
    )


def binary_from(config: pytest.Config) -> str:
    option: str | None = config.getoption("vmrepl_bin")
    ini: str = config.getini("vmrepl_bin")
    if option:
        return option
    if os.environ.get("VMREPL_BIN"):
        return os.environ["VMREPL_BIN"]
    if ini:
        # A relative path in pytest.ini is relative to the folder it is in.
        return str(config.rootpath / ini) if os.sep in ini and not os.path.isabs(ini) else ini
    return "vmrepl"


def _args_from(config: pytest.Config) -> list[str]:
    option: list[str] | None = config.getoption("vmrepl_args")
    if option is not None:
        return [part for each in option for part in shlex.split(each)]
    return list(config.getini("vmrepl_args"))


def _timeout_from(config: pytest.Config) -> float:
    option: float | None = config.getoption("vmrepl_timeout")
    return option if option is not None else float(config.getini("vmrepl_timeout"))


def _trace_from(config: pytest.Config) -> str:
    mode: str = config.getoption("vmrepl_trace") or config.getini("vmrepl_trace") or "off"
    if mode not in TRACE_MODES:
        raise pytest.UsageError(f"vmrepl_trace is one of {', '.join(TRACE_MODES)}, not {mode!r}")
    return mode


def _output_from(config: pytest.Config) -> str:
    folder: str = config.getoption("vmrepl_output") or config.getini("vmrepl_output") or "vmrepl-traces"
    return folder if os.path.isabs(folder) else str(config.invocation_params.dir / folder)


def _keep_traces(item: pytest.Item, pages: list[str], folder: str) -> None:
    """Moves the pages vmrepl wrote into `folder`, named for the test; a report section names them."""
    os.makedirs(folder, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", item.nodeid).strip("-")[:180] or "test"
    for index, page in enumerate(pages):
        if not os.path.exists(page):
            continue
        kept = os.path.join(folder, f"{name}{'' if index == 0 else f'-{index + 1}'}.html")
        shutil.move(page, kept)
        item.user_properties.append(("vmrepl trace", kept))
        item.config.stash.setdefault(_KEPT, []).append(kept)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    kept = config.stash.get(_KEPT, [])
    if kept:
        terminalreporter.section("vmrepl trace pages")
        for page in kept:
            terminalreporter.write_line(page)


@pytest.fixture
def vmrepl_bin(pytestconfig: pytest.Config) -> str:
    """The executable the `vmrepl` fixture starts."""
    return binary_from(pytestconfig)


@pytest.fixture
def vmrepl_factory(request: pytest.FixtureRequest) -> Iterator[Callable[..., Client]]:
    """Starts more clients: `vmrepl_factory(args=[...], screen="users", binary=...)`; each is
    closed at the test's end (and a crash of one is reported there)."""
    config = request.config
    started: list[Client] = []
    request.node.stash.setdefault(_CLIENTS, [])
    trace = _trace_from(config)
    pages: list[str] = []
    scratch = tempfile.mkdtemp(prefix="vmrepl-trace-") if trace != "off" else None

    def start(
        *, args: Sequence[str] | None = None, screen: str | None = None, binary: str | None = None, **options: Any
    ) -> Client:
        options.setdefault("timeout", _timeout_from(config))
        arguments = _args_from(config) if args is None else list(args)
        if scratch is not None:
            page = os.path.join(scratch, f"{len(pages)}.html")
            pages.append(page)
            arguments.append(f"--trace={page}")
        client = Client(binary or binary_from(config), arguments, **options)
        started.append(client)
        request.node.stash[_CLIENTS].append(client)
        if screen:
            if screen not in client.screen_names:
                pytest.fail(f"no screen {screen!r} in {client.argv[0]}; it has {', '.join(client.screen_names)}", pytrace=False)
            client.use(screen)
        return client

    yield start
    failures: list[BaseException] = []
    for client in reversed(started):
        try:
            client.close()
        except Exception as error:  # every client is closed, then the first problem is reported
            failures.append(error)
    if scratch is not None:
        # The pages are written as the clients end, so they are kept (or not) after the test.
        if trace == "on" or request.node.stash.get(_FAILED, False):
            _keep_traces(request.node, pages, _output_from(config))
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        raise failures[0]


@pytest.fixture
def vmrepl(request: pytest.FixtureRequest, vmrepl_factory: Callable[..., Client]) -> Client:
    """A started vmrepl `Client`, on the screen the options or the `vmrepl` marker name."""
    marker = request.node.get_closest_marker("vmrepl")
    config = request.config
    screen: str | None = config.getoption("vmrepl_screen") or config.getini("vmrepl_screen") or None
    args: Sequence[str] | None = None
    if marker is not None:
        screen = marker.kwargs.get("screen", screen)
        args = marker.kwargs.get("args", None)
    return vmrepl_factory(args=args, screen=screen)


def transcript_text(client: Client, count: int = TRANSCRIPT_LINES) -> str:
    lines = client.transcript[-count:]
    text = "\n".join(f"{direction} {shorten(line, 1000)}" for direction, line in lines)
    stderr = client.stderr_text().strip()
    if stderr:
        text += "\n--- stderr (tail) ---\n" + stderr[-4000:]
    return text


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.failed:
        item.stash[_FAILED] = True
    if not report.failed:
        return
    for client in item.stash.get(_CLIENTS, []):
        report.sections.append((f"vmrepl transcript ({client.argv[0]}, pid {client.pid})", transcript_text(client)))
        item.config.hook.pytest_vmrepl_failure(item=item, client=client, report=report)
