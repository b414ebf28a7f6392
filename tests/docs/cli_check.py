#!/usr/bin/env python3
"""Checks docs/cli.md against the driver's --help, command by command.

Each `## \`benchgate CMD\`` section of the page is `benchgate CMD --help`
turned into Markdown: the usage lines, the description, the examples, one
table row per option (the "(default: ...)" of its help moved into a column
of its own) and the exit codes. This check makes each section again from the
built driver and fails, with a diff, where the page says something else, so
the reference cannot drift from the options (README's hand-made tables did).
The rest of the page (its introduction, the scripts) is hand-written and
left alone.

Usage: cli_check.py BENCHGATE CLI_MD           check
       cli_check.py BENCHGATE CLI_MD --write   rewrite the command sections
"""
import difflib
import re
import subprocess
import sys

SECTION = re.compile(r"^## `benchgate ([a-z]+)`$", re.M)


# An option's default is its row's default field (option_text::default_value),
# which --help shows last, as " (default: X)".
DEFAULT_LAST = re.compile(r"^(.*) \(default: (.*)\)$")
# A default said anywhere else in an option's help.
STRAY_DEFAULT = re.compile(r"\(default\b|\bdefault:|; default\b")


class StrayDefault(ValueError):
    """An option's help that says its default elsewhere than last."""


def split_default(name, text):
    """(the help line without its default, the default). A default said
    elsewhere in the line is refused: it belongs in the row's field, so that
    the page's column cannot miss it."""
    last = DEFAULT_LAST.match(text)
    meaning, default = (last.group(1), last.group(2)) if last else (text, "")
    if STRAY_DEFAULT.search(meaning):
        raise StrayDefault(f"{name}: its help says a default other than last, as '(default: X)'; "
                         "give it in the row's default field (option_text::default_value)")
    return meaning, default


def cell(text):
    """Text as one Markdown table cell: one line, pipes escaped."""
    return re.sub(r"\s+", " ", text).strip().replace("|", "\\|")


def parse_help(text):
    """A command's --help (usage, description, examples, options, exit codes:
    the layout every command's help_text has) as lists of lines and pairs."""
    lines = text.rstrip("\n").split("\n")
    i = 0

    def skip_blank():
        nonlocal i
        while i < len(lines) and not lines[i].strip():
            i += 1

    usage = []
    while lines[i].strip():
        usage.append(lines[i])
        i += 1
    skip_blank()
    description = []
    while not re.match(r"^(Examples?|Options):$", lines[i]):
        description.append(lines[i])
        i += 1
    examples = []
    if lines[i].startswith("Example"):
        i += 1
        while lines[i].strip():
            examples.append(lines[i][2:])
            i += 1
        skip_blank()
    if lines[i] != "Options:":
        raise ValueError(f"expected 'Options:' at line {i + 1} of the help, found {lines[i]!r}")
    i += 1
    options = []
    while not lines[i].startswith("Exit codes:"):
        line = lines[i]
        i += 1
        named = re.match(r"^  (-\S.*?)\s{2,}(\S.*)$", line)
        if named:
            options.append([named.group(1), named.group(2)])
        elif line.strip():
            options[-1][1] += " " + line.strip()  # Boost wraps long help lines
    i += 1
    codes = []
    for line in lines[i:]:
        numbered = re.match(r"^  (\d+)\s+(.*)$", line)
        if numbered:
            codes.append([numbered.group(1), numbered.group(2)])
        elif line.strip():
            codes[-1][1] += " " + line.strip()
    return usage, description, examples, options, codes


def section(binary, command):
    """The Markdown section of docs/cli.md for `binary command --help`."""
    help_text = subprocess.run([binary, command, "--help"], capture_output=True, text=True, check=True).stdout
    usage, description, examples, options, codes = parse_help(help_text)
    md = [f"## `benchgate {command}`", "", "```text", *usage, "```", ""]
    # A description with indented lines (history's subcommands) keeps its
    # layout in a block; plain paragraphs stay prose.
    if any(line.startswith("  ") for line in description):
        md += ["```text", *description, "```", ""]
    else:
        md += "\n".join(description).strip().split("\n") + [""]
    if examples:
        md += ["```sh", *examples, "```", ""]
    md += ["| option | default | meaning |", "|---|---|---|"]
    for name, text in options:
        if name.startswith("-h ["):
            continue  # --help: said once for every command at the top
        meaning, default = split_default(f"benchgate {command} {name}", cell(text))
        md.append(f"| `{cell(name)}` | {default or '-'} | {meaning} |")
    md += ["", "| exit code | meaning |", "|---|---|"]
    md += [f"| {code} | {cell(text)} |" for code, text in codes]
    return "\n".join(md) + "\n"


def sections(text):
    """{command: (start, end)} of each command section of the page."""
    found = list(SECTION.finditer(text))
    spans = {}
    for i, match in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        following = re.search(r"^## ", text[match.end():end], re.M)
        if following:
            end = match.end() + following.start()
        spans[match.group(1)] = (match.start(), end)
    return spans


def commands(binary):
    """The commands `benchgate --help` lists under "Commands:"."""
    help_text = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    block = help_text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  ([a-z]+) ", block, re.M)


def main():
    args = sys.argv[1:]
    write = "--write" in args
    args = [a for a in args if a != "--write"]
    if len(args) != 2:
        print("usage: cli_check.py BENCHGATE CLI_MD [--write]", file=sys.stderr)
        return 2
    binary, page = args
    with open(page, encoding="utf-8") as f:
        text = f.read()
    listed = commands(binary)
    spans = sections(text)
    problems = []
    missing = [c for c in listed if c not in spans]
    extra = [c for c in spans if c not in listed]
    if missing or extra:
        problems.append(f"commands of `{binary} --help` without a section: {missing}; sections of no command: {extra}")
    refused = []  # help lines the page cannot be made from
    replaced = text
    for command in sorted(spans, key=lambda c: -spans[c][0]):
        if command not in listed:
            continue
        start, end = spans[command]
        try:
            want = section(binary, command) + "\n"
        except StrayDefault as problem:
            refused.append(str(problem))
            continue
        have = text[start:end]
        if have != want:
            problems.append(f"section `benchgate {command}` differs from `benchgate {command} --help`:\n" +
                            "".join(difflib.unified_diff(have.splitlines(True), want.splitlines(True),
                                                         "cli.md", "--help", n=1)))
            replaced = replaced[:start] + want + replaced[end:]
    for problem in refused:
        print(problem)
    if refused:
        print(f"cli_check: {len(refused)} help lines say their default elsewhere than last")
        return 1
    if write:
        with open(page, "w", encoding="utf-8") as f:
            f.write(replaced)
        print(f"cli_check: rewrote {len(spans)} command sections of {page}")
        return 0
    for problem in problems:
        print(problem)
    if problems:
        print(f"cli_check: {page} is out of date; after changing a --help, run: "
              f"python3 tests/docs/cli_check.py {binary} {page} --write")
        return 1
    print(f"cli_check: {len(spans)} command sections of {page} match --help")
    return 0


if __name__ == "__main__":
    sys.exit(main())
