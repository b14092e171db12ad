"""The pytest plugin, run on test files of its own (pytester), against the real vmrepl."""

from __future__ import annotations

import pytest

from conftest import Fake

pytest_plugins = ["pytester"]


def test_the_fixture_opens_the_marked_screen_and_the_options_choose_the_binary(pytester: pytest.Pytester, binary: str) -> None:
    pytester.makepyfile(
        """
        import pytest
        from vmrepl import Client, assert_state

        @pytest.mark.vmrepl(screen="foo")
        def test_hello(vmrepl: Client) -> None:
            assert vmrepl.transcript[1] == ("<", '{"id":1,"cmd":"use","screen":"foo"}')
            assert_state(vmrepl.event("hello"), {"text": "👋"}, partial=True)

        def test_no_screen(vmrepl: Client) -> None:
            assert [direction for direction, _ in vmrepl.transcript] == [">"]  # the ready line only

        @pytest.mark.vmrepl(args=["--states=diff"], screen="users")
        def test_args(vmrepl: Client) -> None:
            vmrepl.load()
            assert vmrepl.wait().patch is not None
        """
    )
    result = pytester.runpytest_subprocess("--vmrepl-bin", binary)
    result.assert_outcomes(passed=3)


def test_a_failed_state_assertion_shows_the_diff_and_the_transcript(
    pytester: pytest.Pytester, binary: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("VMREPL_BIN")  # the binary comes from pytest.ini alone
    pytester.makepyfile(
        """
        from vmrepl import Client, assert_state

        def test_users(vmrepl: Client) -> None:
            vmrepl.load()
            assert_state(vmrepl.wait(), {"users": {"phase": "failed", "value": [{"name": "Ada"}, {"name": "Muralla"}]}}, partial=True)
        """
    )
    pytester.makeini(f"[pytest]\nvmrepl_bin = {binary}\nvmrepl_screen = users\nvmrepl_args = --seed=1\n")
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*the state differs at 2 paths (expected vs actual):",
            '*users.phase: expected "failed", actual "loaded"',
            '*users.value[[]0[]].name: expected "Ada", actual "Manu"',
            "*vmrepl transcript*",
            '< {"id":2,"cmd":"load"}',
            '> {"type":"state","seq":3,"id":2,"line":2,"push":true,*',
        ]
    )


def test_an_unknown_screen_and_a_crash_fail_the_test(pytester: pytest.Pytester, binary: str, fake: Fake) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.vmrepl(screen="nosuch")
        def test_unknown(vmrepl) -> None:
            pass
        """
    )
    result = pytester.runpytest_subprocess("--vmrepl-bin", binary)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*no screen 'nosuch' in *; it has foo, users*"])


def test_a_child_that_dies_when_closed_is_an_error_at_teardown(pytester: pytest.Pytester, fake: Fake) -> None:
    binary = fake(
        """
        print(READY, flush=True)
        sys.stdin.read()
        sys.stderr.write("fatal: out of memory\\n")
        sys.exit(134)
        """
    )
    pytester.makepyfile(
        """
        def test_nothing_asked(vmrepl) -> None:
            pass
        """
    )
    result = pytester.runpytest_subprocess("--vmrepl-bin", binary)
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*ProcessExited: the process ended badly (exit status 134)*", "*fatal: out of memory*"])


def test_the_failure_hook_is_called_with_the_client(pytester: pytest.Pytester, binary: str) -> None:
    pytester.makeconftest(
        """
        seen = []

        def pytest_vmrepl_failure(item, client, report):
            seen.append((item.name, client.transcript[-1][0], report.when))

        def pytest_sessionfinish(session):
            print("HOOK", seen)
        """
    )
    pytester.makepyfile(
        """
        def test_fails(vmrepl) -> None:
            vmrepl.use("foo")
            assert False

        def test_passes(vmrepl) -> None:
            vmrepl.use("foo")
        """
    )
    result = pytester.runpytest_subprocess("--vmrepl-bin", binary, "-s")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*HOOK [[]('test_fails', '>', 'call')[]]*"])



def test_command_line_options_give_the_arguments_screen_and_timeout(pytester: pytest.Pytester, binary: str) -> None:
    pytester.makepyfile(
        """
        def test_options(vmrepl) -> None:
            assert vmrepl.timeout == 7
            assert vmrepl.argv[1:] == ["--seed=1", "--states=diff"]
            assert vmrepl.requests[0].reply.screen == "users"
            vmrepl.load()
            assert vmrepl.wait().patch is not None
        """
    )
    pytester.makeini("[pytest]\nvmrepl_args = --seed=9\nvmrepl_screen = foo\n")
    result = pytester.runpytest_subprocess(
        "--vmrepl-bin", binary, "--vmrepl-arg=--seed=1 --states=diff", "--vmrepl-screen=users", "--vmrepl-timeout=7"
    )
    result.assert_outcomes(passed=1)


def test_retain_on_failure_keeps_the_trace_page_of_a_failed_test_only(pytester: pytest.Pytester, binary: str) -> None:
    pytester.makepyfile(
        """
        import pytest
        from vmrepl import Client

        @pytest.mark.vmrepl(screen="foo")
        def test_passes(vmrepl: Client) -> None:
            vmrepl.event("hello")

        @pytest.mark.vmrepl(screen="foo")
        def test_fails(vmrepl: Client) -> None:
            vmrepl.event("hello")
            assert vmrepl.state().state == {}
        """
    )
    result = pytester.runpytest_subprocess("--vmrepl-bin", binary, "--vmrepl-trace=retain-on-failure", "--vmrepl-output=traces")
    result.assert_outcomes(passed=1, failed=1)
    kept = sorted(path.name for path in (pytester.path / "traces").iterdir())
    # The page is named after the test's node id, whose prefix depends on where pytest puts its root.
    assert len(kept) == 1 and kept[0].endswith("test_retain_on_failure_keeps_the_trace_page_of_a_failed_test_only.py-test_fails.html")
    page = (pytester.path / "traces" / kept[0]).read_text(encoding="utf-8")
    assert r'\"name\":\"hello\"' in page  # the request, as the page keeps it
    result.stdout.fnmatch_lines(["*vmrepl trace pages*", "*traces/*test_fails.html"])
