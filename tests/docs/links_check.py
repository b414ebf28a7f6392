#!/usr/bin/env python3
"""Checks every relative link of the project's Markdown.

A link [text](target) or [text]: target in README.md or any *.md under
docs/, harness/, examples/, include/, cores/, baselines/, scripts/ or tests/
must name a file or folder that exists, relative to the page; a #fragment
of a Markdown page must be one of its headings as GitHub spells the anchor
(lower case, punctuation dropped, spaces as hyphens, -1, -2, ... for
repeats) or an explicit <a id>/<a name>. Links inside code blocks and code
spans are text, not links; http(s) and mailto links are not fetched
(nothing here uses the network). Folders named fixtures are left out: they
hold pages broken on purpose, such as this check's own test.

Usage: links_check.py SOURCE_DIR
Prints each broken link as FILE:LINE: TARGET: why, and exits 1 if any.
"""
import os
import re
import sys

# Folders whose Markdown is the project's own (build/ and reports/ hold
# generated output).
FOLDERS = ("docs", "harness", "examples", "include", "cores", "baselines", "scripts", "tests")

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def markdown_files(root):
    files = [os.path.join(root, "README.md")]
    for folder in FOLDERS:
        for directory, subfolders, names in os.walk(os.path.join(root, folder)):
            # fixtures/ hold pages broken on purpose (this check's own test)
            subfolders[:] = sorted(s for s in subfolders if not s.startswith(".") and s != "fixtures")
            files += [os.path.join(directory, n) for n in sorted(names) if n.endswith(".md")]
    return [f for f in files if os.path.isfile(f)]


def prose_lines(text, blank_code_spans=True):
    """(line number, line) outside fenced code blocks; code spans blanked
    unless blank_code_spans is False (a heading keeps its code's text)."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        opening = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        yield number, re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), line) if blank_code_spans else line


def github_slug(heading):
    # GitHub's anchor of a heading: its rendered text (code spans keep their
    # text, links their text), lower case, every character but letters,
    # digits, spaces, hyphens and underscores dropped, spaces as hyphens.
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache):
    """The anchors of a Markdown page, read once per run into `cache`."""
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        seen = {}
        found = set(EXPLICIT_ANCHOR.findall(text))
        for _, line in prose_lines(text, blank_code_spans=False):
            match = HEADING.match(line)
            if match:
                slug = github_slug(match.group(2))
                count = seen.get(slug, 0)
                seen[slug] = count + 1
                found.add(slug if count == 0 else f"{slug}-{count}")
        cache[path] = found
    return cache[path]


def check(root, path, anchor_cache):
    problems = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    targets = []
    for number, line in prose_lines(text):
        targets += [(number, t) for t in INLINE_LINK.findall(line)]
        definition = REFERENCE_DEFINITION.match(line)
        if definition:
            targets.append((number, definition.group(1)))
    for number, target in targets:
        if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # empty, or a URL with a scheme (https:, mailto:)
        where = f"{os.path.relpath(path, root)}:{number}: {target}"
        file_part, _, fragment = target.partition("#")
        linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(linked):
            problems.append(f"{where}: no such file or folder")
        elif fragment and linked.endswith(".md") and fragment not in anchors(linked, anchor_cache):
            problems.append(f"{where}: no heading with anchor #{fragment} in {os.path.relpath(linked, root)}")
    return problems, len(targets)


def main():
    if len(sys.argv) != 2:
        print("usage: links_check.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    files = markdown_files(root)
    problems = []
    links = 0
    anchor_cache = {}
    for path in files:
        found, count = check(root, path, anchor_cache)
        problems += found
        links += count
    for problem in problems:
        print(problem)
    print(f"links_check: {links} links in {len(files)} Markdown files, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
