#!/usr/bin/env python3
"""Drive vmrepl over pipes the way a test harness does (Python 3 standard library only).

Starts vmrepl, waits for its ready line, sends JSON requests with ids, reads lines until each
request's reply, collects the state a load pushes later, and asserts on the states it sees.

    python3 Examples/client/drive_vmrepl.py [path/to/vmrepl]

Exits 0 when every check holds; prints what differed and exits 1 otherwise.
"""

import json
import subprocess
import sys


class VMRepl:
    """A vmrepl process and the lines it writes."""

    def __init__(self, binary, *arguments):
        self.process = subprocess.Popen(
            [binary, *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self.next_id = 0
        self.pushes = []
        self.ready = self.read_line()
        assert self.ready["type"] == "ready", self.ready

    def read_line(self):
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("vmrepl ended early: " + self.process.stderr.read())
        return json.loads(line)

    def request(self, cmd, **members):
        """Sends one request and returns its reply; lines pushed meanwhile are kept in self.pushes."""
        self.next_id += 1
        request_id = f"r{self.next_id}"
        self.process.stdin.write(json.dumps({"id": request_id, "cmd": cmd, **members}) + "\n")
        self.process.stdin.flush()
        while True:
            line = self.read_line()
            if line.get("push"):
                self.pushes.append(line)
            elif line.get("id") == request_id:
                return line
            else:
                raise AssertionError(f"a line for another request arrived: {line}")

    def close(self):
        self.process.stdin.close()
        rest = [json.loads(line) for line in self.process.stdout]
        status = self.process.wait()
        return rest, status


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "vmrepl"
    repl = VMRepl(binary, "--seed=7")
    check(repl.ready["version"] == 1, f"protocol version {repl.ready['version']}")
    check("users" in repl.ready["screens"], f"screens {repl.ready['screens']}")

    # foo: an event changes the real state; a mock shows exactly the state given and records events.
    repl.request("use", screen="foo")
    reply = repl.request("event", name="hello")
    check(reply["state"] == {"text": "👋", "sheetIsPresented": False}, f"after hello: {reply}")
    reply = repl.request("mock", state={"text": "preview", "sheetIsPresented": True})
    check(reply["model"] == "preview", f"mock: {reply}")
    reply = repl.request("event", name="goodbye")
    check(reply["type"] == "event" and reply["event"] == {"goodbye": {}}, f"preview event: {reply}")
    reply = repl.request("real")
    check(reply["state"]["text"] == "👋", f"real kept its state: {reply}")

    # A bad request gets one error and changes nothing.
    reply = repl.request("event", name="helo")
    check(reply["type"] == "error" and reply["code"] == "unknown_event", f"bad event: {reply}")
    check("hello" in reply["message"], f"suggestion: {reply['message']}")
    check(repl.request("state")["state"]["text"] == "👋", "state changed after an error")

    # users: a load's later states are pushed, tagged with the request that started it.
    repl.request("use", screen="users")
    reply = repl.request("load")
    check(reply["state"]["users"]["phase"] == "loading", f"load: {reply}")
    load_id = reply["id"]
    reply = repl.request("wait")
    phase = reply["state"]["users"]["phase"]
    check(phase in ("loaded", "failed"), f"wait: {reply}")
    check(any(p["id"] == load_id for p in repl.pushes), f"no push for {load_id}: {repl.pushes}")
    reply = repl.request("expect", path="users.phase", value=phase)
    check(reply["type"] == "ok", f"expect: {reply}")

    rest, status = repl.close()
    check(rest == [], f"lines after the last reply: {rest}")
    # One request above was deliberately bad, and vmrepl reports that in its exit status.
    check(status == 1, f"exit status {status}")
    print(f"drive_vmrepl: {repl.next_id} requests, {len(repl.pushes)} pushed lines, all checks passed")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"drive_vmrepl: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
