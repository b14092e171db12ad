#!/usr/bin/env python3
"""describe's stateSchema holds for every state a screen goes through: the state JSON Schemas of
values-repl's trip (every value form) and of the example screens, read from their types, are
checked by an independent validator (jsonschema, draft 2020-12) against each state line.

usage: check_state_schema.py BIN_DIR
"""
import json
import pathlib
import subprocess
import sys

import jsonschema

SESSIONS = {
    "values-repl": ["use trip", "describe", "event book seats=2", "event cancel reason=x", "event move",
                    "event annotate note=\"hi\"", "event annotate note=null", "event depart at=\"2027-01-01T10:00:00Z\""],
    "vmrepl": ["use foo", "describe", "event hello", "event present", "use users", "describe", "load", "wait",
               "use greeting", "describe", "load", "wait", "use posts", "describe"],
}


def main():
    bin_dir = pathlib.Path(sys.argv[1])
    checked = 0
    for binary, lines in SESSIONS.items():
        out = subprocess.run([str(bin_dir / binary)], input="\n".join(lines) + "\n", capture_output=True, text=True,
                             timeout=120, check=True).stdout
        schemas = {}
        for line in map(json.loads, out.splitlines()):
            if line["type"] == "describe" and "stateSchema" in line:
                jsonschema.Draft202012Validator.check_schema(line["stateSchema"])
                schemas[line["screen"]] = jsonschema.Draft202012Validator(line["stateSchema"])
            elif line["type"] == "state" and line["screen"] in schemas:
                errors = list(schemas[line["screen"]].iter_errors(line["state"]))
                if errors:
                    sys.exit(f"check_state_schema: {binary} {line['screen']} seq {line['seq']}: {errors[0].message}")
                checked += 1
        if binary == "values-repl" and "trip" not in schemas:
            sys.exit("check_state_schema: trip's describe has no stateSchema")
    if checked < 8:
        sys.exit(f"check_state_schema: only {checked} states checked")
    print(f"check_state_schema: {checked} states hold to their screen's stateSchema")


main()
