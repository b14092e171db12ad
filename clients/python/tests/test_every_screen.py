"""Every example screen driven through the client, blocking and asyncio alike: opened, described,
loaded (pushes kept with the load), and every event sent with arguments made from their types."""

from __future__ import annotations

import asyncio
from typing import Any

from vmrepl import AsyncClient, Client, Line

ARGUMENTS = {"int": 1, "string": "a", "bool": True, "double": 1.5}
POSTS = [{"id": 1, "title": "a", "body": "b", "userId": 1}]


def arguments(event: dict[str, Any]) -> dict[str, Any]:
    return {argument["name"]: ARGUMENTS[argument["type"]] for argument in event["args"]}


def fetches_posts(described: Line) -> bool:
    # The posts screen fetches over the network; its dependency is stubbed, as a test would.
    return any(each["name"] == "fetch" and each["output"] == "Array<Post>" for each in described.get("dependencies", []))


def check_load(screen: str, load: Line, waited: Line) -> None:
    assert load.type == "state" and load.loading, (screen, load)
    assert load.pushes, f"{screen}: its load pushed nothing"
    assert all(push.id == load.id for push in load.pushes)
    assert load.pushes[-1].state == waited.state and not waited.loading, (screen, load.pushes[-1], waited)


def test_every_screen_blocking(binary: str) -> None:
    with Client(binary, ["--seed=1"]) as repl:
        assert len(repl.screen_names) >= 7
        for screen in repl.screen_names:
            assert repl.use(screen).screen == screen
            described = repl.describe()
            if fetches_posts(described):
                repl.stub("fetch", value=POSTS)
            if described["loads"]:
                load = repl.load()
                check_load(screen, load, repl.wait())
            for event in described["events"]:
                assert repl.event(event["name"], arguments(event)).type == "state", (screen, event)
            repl.wait()
        assert repl.anomalies == [] and repl.unsolicited == []
    assert repl.close() == 0  # not one error reply


def test_every_screen_asyncio(binary: str) -> None:
    async def main() -> int:
        async with AsyncClient(binary, ["--seed=1"]) as repl:
            for screen in repl.screen_names:
                assert (await repl.use(screen)).screen == screen
                described = await repl.describe()
                if fetches_posts(described):
                    await repl.stub("fetch", value=POSTS)
                if described["loads"]:
                    load = await repl.load()
                    check_load(screen, load, await repl.wait())
                for event in described["events"]:
                    assert (await repl.event(event["name"], arguments(event))).type == "state", (screen, event)
                await repl.wait()
            assert repl.anomalies == [] and repl.unsolicited == []
        return await repl.close()

    assert asyncio.run(main()) == 0
