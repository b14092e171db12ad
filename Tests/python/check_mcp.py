#!/usr/bin/env python3
"""Drive `vmrepl --mcp` with the official MCP Python SDK, a client none of vmrepl's code wrote.

    .build/venv/bin/python Tests/python/check_mcp.py path/to/vmrepl

Connects in the handshake era (mode="legacy") and in mode="auto" (server/discover, the 2026-07-28
revision), lists the tools and checks every input schema against JSON Schema's metaschema, then
uses the screens the way an agent would. Also speaks raw JSON-RPC to check what a broken client
gets, and to outputs-repl (beside the binary) to check that a call's result carries the outputs it caused. Exits 0 when every check holds; prints the first that failed and exits 1 otherwise.
"""

import asyncio
import http.server
import json
import os
import subprocess
import sys
import queue
import threading

import anyio
import jsonschema
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/vmrepl"
TOOLS = {"use", "screens", "describe", "state", "event", "load", "reload", "retry", "cancel", "mock", "real",
         "wait", "advance", "expect", "watch", "record", "stub", "unstub", "calls", "undo", "history"}


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def structured(result):
    check(result.structured_content is not None, f"no structuredContent: {result}")
    return result.structured_content


def text(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


async def agent_session(mode, posts_url):
    server = StdioServerParameters(command=BINARY, args=["--mcp", f"--posts-url={posts_url}"])
    async with Client(server, mode=mode) as client:
        expected_version = "2025-11-25" if mode == "legacy" else "2026-07-28"
        check(client.protocol_version == expected_version, f"{mode}: negotiated {client.protocol_version}")

        tools = (await client.list_tools()).tools
        names = {tool.name for tool in tools}
        check(TOOLS <= names, f"{mode}: tools missing: {TOOLS - names}")
        check(len(tools) < 40, f"{mode}: {len(tools)} tools")
        check({"help", "quit", "sleep", "set"}.isdisjoint(names), f"{mode}: session-only commands offered: {names}")
        for tool in tools:
            jsonschema.Draft202012Validator.check_schema(tool.input_schema)
            check(tool.input_schema.get("type") == "object", f"{tool.name}: schema is not an object")
            check(tool.description and "Example" in tool.description, f"{tool.name}: description {tool.description!r}")
        # The list does not grow with the screens' events: each screen's are in describe's reply.
        listed = len(json.dumps([tool.model_dump(mode="json", exclude_none=True) for tool in tools]))
        # 13,000 since undo and history became tools (December 2026); 12,000 before.
        check(listed < 13_000, f"{mode}: tools/list is {listed} bytes")
        event_schema = next(tool.input_schema for tool in tools if tool.name == "event")
        check("oneOf" not in event_schema and "enum" not in event_schema["properties"]["name"], f"{mode}: event schema merges screens: {event_schema}")
        validator = jsonschema.Draft202012Validator(event_schema)
        check(validator.is_valid({"name": "select", "args": {"id": 3}}), "select with an integer id is refused")
        check(validator.is_valid({"name": "hello"}), "hello without arguments is refused")

        result = await client.call_tool("use", {"screen": "foo"})
        check(not result.is_error and structured(result)["reply"]["screen"] == "foo", f"use foo: {result}")

        result = await client.call_tool("event", {"name": "hello"})
        check(not result.is_error, f"event hello: {result}")
        check(structured(result)["reply"]["state"]["text"] == "👋", f"event hello: {structured(result)}")
        check("👋" in text(result), f"event hello text: {text(result)!r}")

        result = await client.call_tool("state", {})
        check(structured(result)["reply"]["state"]["text"] == "👋", f"state: {structured(result)}")

        # Going back: a fresh process replays the steps before and serves the rest of the session.
        result = await client.call_tool("history", {})
        check([step["command"] for step in structured(result)["reply"]["steps"]] == ['{"cmd":"use","screen":"foo"}', '{"cmd":"event","name":"hello"}'],
              f"history: {structured(result)}")
        result = await client.call_tool("undo", {})
        check(not result.is_error and structured(result)["reply"]["state"]["text"] == "Nothing has happened yet.", f"undo: {structured(result)}")
        result = await client.call_tool("undo", {"steps": 5})
        check(result.is_error and structured(result)["reply"]["code"] == "nothing_to_undo", f"undo 5: {structured(result)}")
        result = await client.call_tool("event", {"name": "hello"})
        check(structured(result)["reply"]["state"]["text"] == "👋", f"event hello after undo: {structured(result)}")

        result = await client.call_tool("event", {"name": "helo"})
        check(result.is_error, f"a bad event is not an error: {result}")
        reply = structured(result)["reply"]
        check(reply["code"] == "unknown_event", f"bad event: {reply}")
        check(set(reply["known"]) == {"hello", "goodbye", "present", "dismiss"}, f"bad event known: {reply}")
        check(reply["didYouMean"] == "hello", f"bad event suggestion: {reply}")
        check("hello" in text(result), f"bad event text: {text(result)!r}")

        result = await client.call_tool("mock", {"set": {"text": "mocked"}})
        check(structured(result)["reply"]["model"] == "preview", f"mock: {structured(result)}")
        result = await client.call_tool("event", {"name": "goodbye"})
        reply = structured(result)["reply"]
        check(reply["type"] == "event" and reply["recorded"] == 1, f"an event in preview is not recorded: {reply}")
        result = await client.call_tool("real", {})
        check(structured(result)["reply"]["state"]["text"] == "👋", f"real: {structured(result)}")

        result = await client.call_tool("describe", {})
        events = {event["name"]: event for event in structured(result)["reply"]["events"]}
        check(events["hello"]["schema"]["type"] == "object", f"describe has no schemas: {events}")

        result = await client.call_tool("use", {"screen": "posts"})
        check(not result.is_error, f"use posts: {result}")
        result = await client.call_tool("load", {})
        content = structured(result)
        check(content["reply"]["loading"] is True, f"load reply: {content['reply']}")
        states = [line for line in content["lines"] if line["type"] == "state"]
        check(states and states[-1]["state"]["posts"]["phase"] == "loaded", f"load did not return the loaded posts: {content}")
        check(len(states[-1]["state"]["posts"]["value"]) == 3, f"loaded posts: {states[-1]}")

        describe = structured(await client.call_tool("describe", {}))["reply"]
        select_schema = next(event["schema"] for event in describe["events"] if event["name"] == "select")
        check(jsonschema.Draft202012Validator(select_schema).is_valid({"id": 3}), f"describe select schema: {select_schema}")
        check(not jsonschema.Draft202012Validator(select_schema).is_valid({"id": "x"}), f"describe select schema: {select_schema}")

        result = await client.call_tool("expect", {"path": "posts.phase", "op": "==", "value": "failed"})
        reply = structured(result)["reply"]
        check(result.is_error, f"a failing expect is not an error: {result}")
        check(reply["code"] == "expectation_failed" and reply["expected"] == "failed" and reply["actual"] == "loaded", f"expect: {reply}")

        result = await client.call_tool("expect", {"path": "posts.phase", "value": "loaded"})
        check(not result.is_error, f"a holding expect: {result}")

        result = await client.call_tool("advance", {"duration": "bad"})
        check(result.is_error and structured(result)["reply"]["code"] == "bad_arguments", f"bad duration: {result}")

        result = await client.call_tool("use", {"screen": "users"})
        await client.call_tool("stub", {"name": "fetch", "error": "offline"})
        result = await client.call_tool("load", {})
        states = [line for line in structured(result)["lines"] if line["type"] == "state"]
        check(states and states[-1]["state"]["users"]["phase"] == "failed", f"a failing stub: {structured(result)}")


async def progress_and_real_time():
    """On real time a call returns at once; wait returns what happened since, with progress."""
    server = StdioServerParameters(command=BINARY, args=["--mcp", "--clock=real"])
    async with Client(server, mode="legacy") as client:
        await client.call_tool("use", {"screen": "users"})
        await client.call_tool("stub", {"name": "fetch", "value": [], "delay": "1500ms"})
        result = await client.call_tool("load", {})
        check(structured(result)["reply"]["loading"] is True and structured(result)["lines"] == [], f"real-time load: {structured(result)}")
        progress = []

        async def on_progress(value, total, message):
            progress.append((value, message))

        result = await client.call_tool("wait", {}, progress_callback=on_progress)
        content = structured(result)
        states = [line for line in content["lines"] if line["type"] == "state"]
        check(states and states[-1]["state"]["users"]["phase"] == "loaded", f"wait: {content}")
        check(progress and "users" in progress[0][1], f"no progress for a long wait: {progress}")

        # A call the client gives up on is cancelled: its load ends, and the next call returns what it left.
        await client.call_tool("stub", {"name": "fetch", "value": [], "delay": "1h"})
        await client.call_tool("reload", {})
        with anyio.move_on_after(0.5):
            await client.call_tool("wait", {})
            raise AssertionError("a wait for a load of an hour returned")
        result = await client.call_tool("state", {})
        reply = structured(result)["reply"]
        check(reply.get("loading") is None and reply["state"]["users"]["phase"] == "loaded", f"after a cancelled wait: {reply}")
        calls = structured(await client.call_tool("calls", {"name": "fetch"}))["reply"]["calls"]
        check(calls[-1]["outcome"] == "cancelled", f"the cancelled call's load: {calls}")


def raw_session():
    """A broken client: every bad message gets an error answer and the server keeps serving."""
    process = subprocess.Popen([BINARY, "--mcp", "--max-line-bytes=4096"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    answers = queue.Queue()
    reader = threading.Thread(target=lambda: [answers.put(line) for line in process.stdout], daemon=True)
    reader.start()

    def exchange(line):
        process.stdin.write(line + "\n")
        process.stdin.flush()
        try:
            return json.loads(answers.get(timeout=30))
        except queue.Empty:
            raise AssertionError(f"no answer to {line[:80]}") from None

    answer = exchange('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
    check(answer["error"]["code"] == -32600 and "initialize" in answer["error"]["message"], f"before initialize: {answer}")
    check(exchange("{not json")["error"]["code"] == -32700, "malformed JSON")
    check(exchange("[]")["error"]["code"] == -32600, "a batch")
    check(exchange('{"id":2,"method":"ping"}')["error"]["code"] == -32600, "no jsonrpc member")
    huge = exchange('{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"' + "x" * 10000 + '"}}')
    check(huge["error"]["code"] == -32700 and "4096" in huge["error"]["message"], f"a huge message: {huge}")
    answer = exchange('{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}')
    check(answer["result"]["protocolVersion"] == "2025-11-25", f"an unknown version is answered with the newest: {answer}")
    check(exchange('{"jsonrpc":"2.0","id":5,"method":"ping"}') == {"jsonrpc": "2.0", "id": 5, "result": {}}, "ping")
    check(exchange('{"jsonrpc":"2.0","id":6,"method":"resources/list"}')["error"]["code"] == -32601, "an unknown method")
    answer = exchange('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"evnt"}}')
    check(answer["error"]["code"] == -32602 and "event" in answer["error"]["message"], f"an unknown tool: {answer}")
    answer = exchange('{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"use","arguments":[1]}}')
    check(answer["error"]["code"] == -32602, f"arguments not an object: {answer}")
    answer = exchange('{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2030-01-01"}}}')
    check(answer["error"]["code"] == -32022 and "2026-07-28" in answer["error"]["data"]["supported"], f"an unsupported version: {answer}")
    answer = exchange('{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"use","arguments":{"screen":"foo","id":1}}}')
    check(answer["result"]["isError"] is True, f"a reserved member: {answer}")
    # A member given twice, in a tool's arguments, its params or the message: refused, never a guess.
    answer = exchange('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"use","arguments":{"screen":"foo","screen":"users"}}}')
    check(answer["id"] == 12 and answer["error"]["code"] == -32600 and '"screen" is given twice' in answer["error"]["message"], f"an argument twice: {answer}")
    answer = exchange('{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"use","name":"screens"}}')
    check(answer["id"] == 13 and answer["error"]["code"] == -32600, f"a param twice: {answer}")
    answer = exchange('{"jsonrpc":"2.0","id":14,"id":15,"method":"ping"}')
    check(answer["id"] is None and answer["error"]["code"] == -32600 and '"id"' in answer["error"]["message"], f"an id twice: {answer}")
    answer = exchange('{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"screens"}}')
    check(answer["result"]["isError"] is False and len(answer["result"]["structuredContent"]["reply"]["screens"]) == 7, f"still serving: {answer}")
    # A cancellation that arrives after the answer (a common race) must not skip a later request.
    process.stdin.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":11}}\n')
    answer = exchange('{"jsonrpc":"2.0","id":11,"method":"ping"}')
    check(answer == {"jsonrpc": "2.0", "id": 11, "result": {}}, f"a late cancellation skipped a request: {answer}")
    # An older revision: no titles, and the structured result as a second text block.
    answer = exchange('{"jsonrpc":"2.0","id":12,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}')
    check(answer["result"]["protocolVersion"] == "2025-03-26", f"an older revision: {answer}")
    tools = exchange('{"jsonrpc":"2.0","id":13,"method":"tools/list"}')["result"]["tools"]
    check(tools and all("title" not in tool for tool in tools), "titles offered to 2025-03-26")
    result = exchange('{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"screens"}}')["result"]
    check("structuredContent" not in result and len(result["content"]) == 2, f"2025-03-26 result: {result}")
    check(json.loads(result["content"][1]["text"])["reply"]["type"] == "screens", f"2025-03-26 JSON block: {result}")
    process.stdin.close()
    check(process.wait(timeout=30) == 0, "exit status")
    reader.join(timeout=30)
    check(answers.empty(), "nothing after the last answer")


def outputs_session():
    """outputs-repl (beside the binary) over MCP: a tool call's result carries the output lines its
    command caused, never as its reply, and its text shows each as → NAME value."""
    outputs_repl = os.path.join(os.path.dirname(BINARY), "outputs-repl")
    check(os.access(outputs_repl, os.X_OK), f"no outputs-repl beside {BINARY} (swift build --build-tests builds it)")
    requests = [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}',
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"use","arguments":{"screen":"checkout"}}}',
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"event","arguments":{"name":"cancel"}}}',
        '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"event","arguments":{"name":"pay"}}}',
        '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"wait","arguments":{}}}',
    ]
    done = subprocess.run([outputs_repl, "--mcp"], input="\n".join(requests) + "\n", capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, f"outputs-repl --mcp exited {done.returncode}: {done.stderr[-2000:]}")
    results = {answer["id"]: answer["result"] for answer in map(json.loads, done.stdout.splitlines()) if "result" in answer}

    def outputs(call):
        content = results[call]["structuredContent"]
        check(content["reply"]["type"] == "state", f"call {call}: an output taken as the reply: {content['reply']}")
        return [(line["line"], line["name"], line["value"]) for line in content["lines"] if line["type"] == "output"]

    check(outputs(3) == [(2, "onCancel", {})], f"the cancel call's outputs: {results[3]}")
    check("→ onCancel {}" in results[3]["content"][0]["text"], f"the cancel call's text: {results[3]}")
    check(outputs(4) == [(3, "onFinished", {"id": 7, "total": 30})], f"the pay call's outputs: {results[4]}")
    check("→ onFinished {id: 7, total: 30}" in results[4]["content"][0]["text"], f"the pay call's text: {results[4]}")
    check(outputs(2) == [] and outputs(5) == [], f"outputs on calls that sent none: {results[2]}, {results[5]}")
    lines = [line for result in results.values() if "structuredContent" in result for line in result["structuredContent"].get("lines", [])]
    check(not any(line["type"] == "output" and "push" in line for line in lines), "an output marked as a push")


class PostsHandler(http.server.BaseHTTPRequestHandler):
    """Three posts, as a real HTTP server on 127.0.0.1 serves them to URLSession."""

    def do_GET(self):
        body = json.dumps([{"id": n, "title": f"Post {n}", "body": "text"} for n in (1, 2, 3)]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PostsHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    posts_url = f"http://127.0.0.1:{server.server_address[1]}/posts"
    try:
        for mode in ("legacy", "auto"):
            asyncio.run(agent_session(mode, posts_url))
        asyncio.run(progress_and_real_time())
        raw_session()
        outputs_session()
    except* AssertionError as failures:
        # The SDK's task groups wrap a failed check in exception groups, one inside another.
        pending = list(failures.exceptions)
        while pending:
            failure = pending.pop(0)
            if isinstance(failure, BaseExceptionGroup):
                pending.extend(failure.exceptions)
            else:
                print(f"check_mcp: {failure}", file=sys.stderr)
        sys.exit(1)
    finally:
        server.shutdown()
    print("check_mcp: every check held (handshake and per-request eras, schemas, errors, progress)")


if __name__ == "__main__":
    main()
