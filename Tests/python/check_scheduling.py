#!/usr/bin/env python3
"""scheduling-repl's scripts (an observer started in init, a completion on the main queue, the main
run loop and operation queue, a notification, timers held and not, tasks off the main actor and
detached ones), each run 5 times on virtual time (with `run`, and piped on stdin as a driver sends
it, with no error line) and 5 times with --clock=real: every run passes, and the runs on one clock
write the same bytes. On real time the state lines pushed while work
runs depend on when the session looks (every 50 ms), so there the replies to the requests are
compared, and every line must be JSON. A `wait` names a Timer no state holds (`pending`, and a
log line) where PENDING_TIMER says, and nowhere else.

usage: check_scheduling.py SCHEDULING_REPL SCRIPTS_DIR
"""
import glob
import json
import os
import subprocess
import sys

RUNS = 5

# The scripts whose `wait` on this line must name a Timer no state holds (its reply's "pending",
# and a log line with its line); every other reply must name nothing.
PENDING_TIMER = {"autosave.vmrepl": 5}


def check_pending(name, lines, clock):
    parsed = [json.loads(line) for line in lines]
    named = [p for p in parsed if p.get("type") == "state" and not p.get("push") and p.get("pending")]
    logged = [p for p in parsed if p.get("type") == "log" and "no state holds" in p.get("message", "")]
    want = PENDING_TIMER.get(name)
    if want is None:
        if named or logged:
            sys.exit(f"check_scheduling: {name} on {clock} time named pending work it should not:\n" + "\n".join(lines))
        return
    if [p["line"] for p in named] != [want] or "a Timer on the main run loop" not in named[0]["pending"][0]:
        sys.exit(f"check_scheduling: {name} on {clock} time: the reply to line {want} should name the Timer no state holds:\n" + "\n".join(lines))
    if [p.get("line") for p in logged] != [want]:
        sys.exit(f"check_scheduling: {name} on {clock} time: one log line with line {want} should name the Timer:\n" + "\n".join(lines))


def run(binary, script, clock):
    done = subprocess.run([binary, "run", f"--clock={clock}", script], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f"check_scheduling: {os.path.basename(script)} on {clock} time: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-2000:]}")
    lines = done.stdout.splitlines()
    for line in lines:
        json.loads(line)
    return lines


def piped(binary, script):
    """The script on stdin, as a driver's pipe gives it: lines read in batches, none an error."""
    with open(script, "rb") as given:
        done = subprocess.run([binary, "--clock=virtual"], stdin=given, capture_output=True, text=True, timeout=120)
    lines = done.stdout.splitlines()
    errors = [line for line in lines if json.loads(line).get("type") == "error"]
    if done.returncode != 0 or errors:
        sys.exit(f"check_scheduling: {os.path.basename(script)} piped on virtual time: exit {done.returncode}\n" + "\n".join(errors or lines[-5:]))
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
        check_pending(name, virtual[0], "virtual")
        pipes = [piped(binary, script) for _ in range(RUNS)]
        if any(out != pipes[0] for out in pipes):
            differing = next(out for out in pipes if out != pipes[0])
            sys.exit(f"check_scheduling: {name} piped on virtual time wrote different bytes:\n" + "\n".join(pipes[0]) + "\n---\n" + "\n".join(differing))
        real_runs = [run(binary, script, "real") for _ in range(RUNS)]
        check_pending(name, real_runs[0], "real")
        real = [replies(out) for out in real_runs]
        if any(out != real[0] for out in real):
            differing = next(out for out in real if out != real[0])
            sys.exit(f"check_scheduling: {name} on real time replied differently:\n" + "\n".join(real[0]) + "\n---\n" + "\n".join(differing))
        print(f"check_scheduling: {name}: {RUNS} runs on each clock and piped, {len(virtual[0])} lines, the same every run")


if __name__ == "__main__":
    main()
