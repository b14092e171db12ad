#!/usr/bin/env python3
"""scheduling-repl's scripts (an observer started in init, a completion on the main queue, timers,
tasks off the main actor and detached ones), each run 5 times on virtual time and 5 times with
--clock=real: every run passes, and the runs on one clock write the same bytes. On real time the
state lines pushed while work runs depend on when the session looks (every 50 ms), so there the
replies to the requests are compared, and every line must be JSON.

usage: check_scheduling.py SCHEDULING_REPL SCRIPTS_DIR
"""
import glob
import json
import os
import subprocess
import sys

RUNS = 5


def run(binary, script, clock):
    done = subprocess.run([binary, "run", f"--clock={clock}", script], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f"check_scheduling: {os.path.basename(script)} on {clock} time: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-2000:]}")
    lines = done.stdout.splitlines()
    for line in lines:
        json.loads(line)
    return lines


def replies(lines):
    return [line for line in lines if not json.loads(line).get("push")]


def main():
    binary, folder = sys.argv[1], sys.argv[2]
    scripts = sorted(glob.glob(os.path.join(folder, "*.vmrepl")))
    if not scripts:
        sys.exit(f"check_scheduling: no scripts in {folder}")
    for script in scripts:
        name = os.path.basename(script)
        virtual = [run(binary, script, "virtual") for _ in range(RUNS)]
        if any(out != virtual[0] for out in virtual):
            differing = next(out for out in virtual if out != virtual[0])
            sys.exit(f"check_scheduling: {name} on virtual time wrote different bytes:\n" + "\n".join(virtual[0]) + "\n---\n" + "\n".join(differing))
        real = [replies(run(binary, script, "real")) for _ in range(RUNS)]
        if any(out != real[0] for out in real):
            differing = next(out for out in real if out != real[0])
            sys.exit(f"check_scheduling: {name} on real time replied differently:\n" + "\n".join(real[0]) + "\n---\n" + "\n".join(differing))
        print(f"check_scheduling: {name}: {RUNS} runs on each clock, {len(virtual[0])} lines, the same every run")


if __name__ == "__main__":
    main()
