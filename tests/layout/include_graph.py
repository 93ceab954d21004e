#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The adjudicator's folders include one another one way (docs/conventions.md, "Layout").

Every `#include "..."` of the library's sources and headers is an edge from the including
file's folder to the included file's folder. A folder is a top folder of `adjudicator/` (the
public `include/` copy of a folder counts as the folder itself: `include/variant/variant.h` is
`variant`), each rule module is a folder of its own (`rules/supply`), and the files at the top
of the library (the entry point) are `(entry)`. The check fails, naming the includes that close
it, when the folders form a cycle: a folder that needs another must not be needed by it, or by
anything it needs, so each folder can be read and changed from the folders below it.

Usage: include_graph.py ADJUDICATOR_DIR
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(path):
    parts = path.split("/")
    if parts[0] == "include":
        parts = parts[1:]
    if len(parts) == 1:
        return "(entry)"
    if parts[0] == "rules" and len(parts) > 2:
        return "rules/" + parts[1]
    return parts[0]


def resolve(root, including_dir, name):
    """The included file's path relative to `root`, or None for a file outside the library."""
    for base in (root, os.path.join(root, "include"), including_dir):
        candidate = os.path.join(base, name)
        if os.path.isfile(candidate):
            relative = os.path.relpath(candidate, root)
            return relative
    return None


def edges_of(root):
    edges = {}
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(directory, name)
            source = os.path.relpath(path, root)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for included in INCLUDE.findall(text):
                target = resolve(root, directory, included)
                if target is None:
                    continue
                a, b = folder_of(source), folder_of(target)
                if a != b:
                    edges.setdefault(a, {}).setdefault(b, f"{source} includes {included}")
    return edges


def find_cycle(edges):
    """One cycle as a list of folders, or None (depth-first search, in sorted order)."""
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(edges.get(node, {})):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = sys.argv[1]
    edges = edges_of(root)
    if not edges:
        print(f"no includes found under {root}", file=sys.stderr)
        return 1
    cycle = find_cycle(edges)
    if cycle:
        print("the adjudicator's folders include one another in a cycle:")
        for a, b in zip(cycle, cycle[1:]):
            print(f"  {a} -> {b}: {edges[a][b]}")
        return 1
    count = sum(len(targets) for targets in edges.values())
    print(f"{len(edges)} folders, {count} folder-to-folder includes, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
