#!/usr/bin/env python3
"""Diff mode reproduces full mode: every demo, and a seeded random session over all the example
screens, run twice through the built vmrepl -- with --states=full and with --states=diff -- and
the diff-mode patches, applied in order by an independent RFC 6902 implementation (jsonpatch),
must give exactly the whole states full mode prints, line for line.

usage: check_patches.py VMREPL [COMMANDS]
"""
import json
import pathlib
import random
import subprocess
import sys

import jsonpatch

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(binary, lines, mode):
    result = subprocess.run(
        [binary, f"--states={mode}", "--seed=7"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=900)
    return [json.loads(line) for line in result.stdout.splitlines()]


def check(binary, name, lines):
    full, diff = run(binary, lines, "full"), run(binary, lines, "diff")
    if len(full) != len(diff):
        sys.exit(f"{name}: {len(full)} lines in full mode, {len(diff)} in diff mode")
    shown, patches, patch_bytes, full_bytes = {}, 0, 0, 0
    for whole, patched in zip(full, diff):
        if whole["type"] != "state":
            if whole != patched:
                sys.exit(f"{name}: a line differs that is not a state:\n  {whole}\n  {patched}")
            continue
        if "state" in patched:
            state = patched["state"]
        else:
            if patched["base"] not in shown:
                sys.exit(f"{name}: seq {patched['seq']} patches seq {patched['base']}, which showed no state")
            state = jsonpatch.apply_patch(shown[patched["base"]], patched["patch"])
            patches += 1
            patch_bytes += len(json.dumps(patched["patch"]))
            full_bytes += len(json.dumps(whole["state"]))
        if state != whole["state"]:
            sys.exit(f"{name}: seq {whole['seq']} patched to\n  {json.dumps(state)}\nbut full mode shows\n  {json.dumps(whole['state'])}")
        rest = {key: value for key, value in patched.items() if key not in ("state", "base", "patch")}
        if rest != {key: value for key, value in whole.items() if key != "state"}:
            sys.exit(f"{name}: seq {whole['seq']} differs outside the state:\n  {whole}\n  {patched}")
        shown[patched["seq"]] = state
    return len(full), patches, patch_bytes, full_bytes


SCREENS = {
    "foo": ["event hello", "event goodbye", "event present", "event dismiss", 'mock text="t{n}"', "mock sheetIsPresented=true"],
    "users": ["event loadTapped", "load", "reload", "retry", "cancel", 'mock users.phase="failed"'],
    "greeting": ["event appeared", "event retryTapped", "load", "retry", "cancel", 'mock phase="loaded" value="hi {n}"'],
    "posts": ["load", "event select id={n}", "event filter query=s{n}", "event deselect", "event refresh", "cancel", 'mock query="q{n}"'],
}


def random_session(seed, count):
    rng = random.Random(seed)
    screen, lines = None, []
    while len(lines) < count:
        roll = rng.random()
        if screen is None or roll < 0.05:
            screen = rng.choice(sorted(SCREENS))
            lines.append(f"use {screen}")
        elif roll < 0.12:
            lines.append("real")
        elif roll < 0.18:
            lines.append(f"advance {rng.choice(['100ms', '500ms', '1s', '2s'])}")
        elif roll < 0.21:
            lines.append("wait")
        elif roll < 0.24:
            lines.append("state")
        else:
            lines.append(rng.choice(SCREENS[screen]).format(n=rng.randrange(12)))
    return lines


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    sessions = [(path.name, path.read_text().splitlines()) for path in sorted((ROOT / "Examples/demos").glob("*.vmrepl"))]
    sessions.append((f"random session of {count} commands", random_session(20261202, count)))
    for name, lines in sessions:
        total, patches, patch_bytes, full_bytes = check(binary, name, lines)
        print(f"check_patches: {name}: {total} lines, {patches} patches reproduce the full states"
              f" ({patch_bytes} bytes of patches for {full_bytes} of states)")


if __name__ == "__main__":
    main()
