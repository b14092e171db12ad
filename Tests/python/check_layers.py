#!/usr/bin/env python3
"""Checks that ViewModelREPL's folders are layers: a file names only types declared in its own
folder or in a folder below it, in the order docs/ARCHITECTURE.md draws (bottom first).

A type is named when its capitalised name appears outside comments and string literals; a name
declared in more than one folder (a nested `Value`) is nobody's. Prints every reference that goes
up and exits 1 if there is one, or if a folder is missing from the order.

    python3 Tests/python/check_layers.py [Sources/ViewModelREPL]
"""
import os
import re
import sys

# Bottom first. Folders on one line of ARCHITECTURE.md's picture are listed one after another here:
# the check is stricter than the picture (a folder may not name one beside it that comes later).
LAYERS = [
    "Reflection",
    "JSON",
    "Vocabulary",
    "Messages",
    "Files",
    "Input",
    "Screens",
    "Replies",
    "Evaluation",
    "Commands",
    "Parsing",
    "Output",
    "Workers",
    "Session",
    "Terminal",
    "MCP",
    "Main",
]

DECLARATION = re.compile(r"\b(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)")
GENERIC_PARAMETERS = re.compile(r"(?:func\s+\w+|(?:class|struct|enum|actor)\s+\w+|init)\s*<([^>]*)>")


def code_of(text):
    """The text without comments and string literals (multi-line strings' lines included)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"""(?:\\.|[^\\])*?"""', '""', text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "Sources/ViewModelREPL"
    files = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, root)
                top = relative.split(os.sep)[0] if os.sep in relative else "."
                with open(path, encoding="utf-8") as file:
                    files[relative] = (top, code_of(file.read()))
    problems = []
    folders = sorted({top for top, _ in files.values()})
    for folder in folders:
        if folder not in LAYERS:
            problems.append(f"{folder}/ is not in the layer order (Tests/python/check_layers.py, docs/ARCHITECTURE.md)")
    owners = {}
    for top, text in files.values():
        for name in DECLARATION.findall(text):
            owners.setdefault(name, set()).add(top)
    owner = {name: next(iter(tops)) for name, tops in owners.items() if len(tops) == 1}
    rank = {folder: index for index, folder in enumerate(LAYERS)}
    for relative, (top, text) in sorted(files.items()):
        words = set(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b", text))
        for parameters in GENERIC_PARAMETERS.findall(text):
            for part in parameters.split(","):
                match = re.match(r"\s*([A-Z]\w*)", part)
                if match:
                    words.discard(match.group(1))
        for word in sorted(words):
            other = owner.get(word)
            if other and other != top and rank.get(other, -1) > rank.get(top, len(LAYERS)):
                problems.append(f"{relative} names {word}, declared in {other}/, a layer above {top}/")
    for problem in problems:
        print(problem)
    print(f"{len(folders)} folders, {len(files)} files: " + ("layered" if not problems else f"{len(problems)} references go up"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
