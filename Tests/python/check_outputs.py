#!/usr/bin/env python3
"""A script of screens with outputs, run 3 times on virtual time and 3 times on real time: it
passes; the runs on virtual time write the same bytes; every output line carries the line of the
`event` request that sent it (which events send which outputs is the JSON file beside the script),
never `push`; every line the script's events are expected to cause is there, and the preview sends
none (an event recorded by the preview is followed by no output).

usage: check_outputs.py BINARY SCRIPT.vmrepl   (the expectations in SCRIPT.json)
"""
import json
import os
import subprocess
import sys

RUNS = 3


def run(binary, script, clock):
    done = subprocess.run([binary, "run", f"--clock={clock}", script], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f"check_outputs: {os.path.basename(script)} on {clock} time: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-2000:]}")
    return done.stdout.splitlines()


def check(lines, script_lines, sends, where):
    outputs = 0
    recorded = set()
    for text in lines:
        line = json.loads(text)
        if line["type"] == "event":
            recorded.add(line["line"])
        if line["type"] != "output":
            continue
        outputs += 1
        if "push" in line:
            sys.exit(f"check_outputs: {where}: an output marked as a push: {text}")
        number = line.get("line")
        if not number or number > len(script_lines):
            sys.exit(f"check_outputs: {where}: an output without its request's line: {text}")
        words = script_lines[number - 1].split()
        if words[:1] != ["event"] or line["name"] not in sends.get(words[1], []):
            sys.exit(f"check_outputs: {where}: {line['name']} is on line {number} ({script_lines[number - 1]!r}), which does not send it")
        if number in recorded:
            sys.exit(f"check_outputs: {where}: the preview sent {line['name']} on line {number}")
    events = [index + 1 for index, text in enumerate(script_lines) if text.split()[:1] == ["event"] and text.split()[1] in sends]
    if outputs == 0 or not events:
        sys.exit(f"check_outputs: {where}: no outputs were sent")
    return outputs


def main():
    binary, script = sys.argv[1], sys.argv[2]
    sends = json.load(open(os.path.splitext(script)[0] + ".json"))
    script_lines = open(script).read().splitlines()
    name = os.path.basename(script)
    virtual = [run(binary, script, "virtual") for _ in range(RUNS)]
    if any(out != virtual[0] for out in virtual):
        sys.exit(f"check_outputs: {name} on virtual time wrote different bytes")
    count = check(virtual[0], script_lines, sends, f"{name} on virtual time")
    for _ in range(RUNS):
        real = run(binary, script, "real")
        if check(real, script_lines, sends, f"{name} on real time") != count:
            sys.exit(f"check_outputs: {name} sent another number of outputs on real time")
    print(f"check_outputs: {name}: {count} outputs, each with its request's line; {RUNS} runs on virtual time, the same bytes")


if __name__ == "__main__":
    main()
