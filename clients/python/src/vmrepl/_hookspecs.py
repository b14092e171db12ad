"""Hooks the vmrepl pytest plugin calls (implement them in a conftest.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from .client import Client


@pytest.hookspec
def pytest_vmrepl_failure(item: pytest.Item, client: Client, report: pytest.TestReport) -> None:
    """Called for each vmrepl client a failed test started, after its transcript was added to the
    report; `client.transcript` holds the lines sent and read. vmrepl writes the session's trace
    page when it ends, after this hook: `--vmrepl-trace=retain-on-failure` keeps it."""
