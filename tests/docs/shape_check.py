#!/usr/bin/env python3
"""Checks the shape of the project's documentation (docs/architecture.md,
"Documentation"): README.md is a front page of at most 150 lines, and every
file in docs/measurements/ is a dated log, named YYYY-MM-DD-topic.md, so a
log never shares a name with a reference page.

Usage: shape_check.py SOURCE_DIR
Prints each problem as FILE: why, and exits 1 if any.
"""
import os
import re
import sys

README_MAX_LINES = 150
LOG_NAME = re.compile(r"^\d{4}-\d{2}-\d{2}-[a-z0-9][a-z0-9.-]*\.md$")


def problems(root):
    found = []
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        lines = sum(1 for _ in f)
    if lines > README_MAX_LINES:
        found.append("README.md: %d lines, expected at most %d (a front page; the reference goes in docs/)"
                     % (lines, README_MAX_LINES))
    logs = os.path.join(root, "docs", "measurements")
    for name in sorted(os.listdir(logs)) if os.path.isdir(logs) else []:
        if not LOG_NAME.match(name):
            found.append("docs/measurements/%s: expected a dated log name, YYYY-MM-DD-topic.md" % name)
    return found


def main(argv):
    if len(argv) != 2:
        print("usage: shape_check.py SOURCE_DIR", file=sys.stderr)
        return 2
    found = problems(argv[1])
    for line in found:
        print(line)
    print("shape_check: %d problem(s)" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
