"""Hooks the vmrepl pytest plugin calls (implement them in a conftest.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from .client import Client


@pytest.hookspec
def pytest_vmrepl_failure(item: pytest.Item, client: Client, report: pytest.TestReport) -> None:
    """Called for each vmrepl client a failed test started, after its transcript was added to the
    report. The place to save a trace page of the session once vmrepl writes one (issue 37,
    `--trace=FILE.html`, not built yet); `client.transcript` holds the lines sent and read."""
