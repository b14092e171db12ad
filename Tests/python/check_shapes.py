#!/usr/bin/env python3
"""Every screen of shapes-repl (view models holding hostile shapes, hosted as written) opened,
its state printed, described, mocked back, diffed and driven, under whatever build it is given
(make test gives it the address sanitizer's): the process ends cleanly and every line is strictly
valid JSON by Python's own parser, which here refuses NaN and the infinities.

usage: check_shapes.py SHAPES_REPL
"""
import json
import os
import subprocess
import sys


def strict(text):
    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")
    return json.loads(text, parse_constant=refuse)


def session(binary, lines):
    # The address sanitizer's own exit status is 1 unless told otherwise, which would pass for an error reply.
    env = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "exitcode=86"))
    done = subprocess.run([binary], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300, env=env)
    # 1 says a request got an error reply (a refused mock, an event that needs a state); anything else
    # (a signal, a usage error) is a failure.
    if done.returncode not in (0, 1):
        sys.exit(f"check_shapes: {lines[0]}: exit {done.returncode}\n{done.stderr[-2000:]}")
    out = []
    for text in done.stdout.splitlines():
        try:
            out.append(strict(text))
        except ValueError as error:
            sys.exit(f"check_shapes: {lines[0]}: {error}: {text[:300]}")
    return out


def main():
    binary = sys.argv[1]
    ready = session(binary, ["screens"])[0]
    checked = 0
    for screen in ready["screens"]:
        first = session(binary, [f"use {screen}", "describe"])
        state = first[1]["state"]
        events = [event["name"] for event in first[2]["events"] if not event["args"]]
        lines = [f"use {screen}", "state", "mock state=" + json.dumps(state, separators=(",", ":")), "real",
                 "set states=diff"] + [f"event {name}" for name in events] + ["state", "set states=full", "state"]
        out = session(binary, lines)
        mocked = next((line for line in out if line.get("line") == 3), None)
        if mocked is None or (mocked["type"] == "state" and mocked["state"] != state):
            sys.exit(f"check_shapes: {screen}: mock of the printed state did not come back exactly: {mocked}")
        if mocked["type"] == "error" and not mocked.get("message"):
            sys.exit(f"check_shapes: {screen}: a refused mock says nothing")
        checked += len(out)
    print(f"check_shapes: {len(ready['screens'])} screens, {checked} lines, all valid JSON")


if __name__ == "__main__":
    main()
