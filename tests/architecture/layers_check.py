#!/usr/bin/env python3
"""Fails when a folder of harness/ includes a folder above it (docs/architecture.md, "Layers").

Each folder below may include itself, support/ and the folders listed for it,
and what those may include (the list is transitive). The table is the
layering: a stage never includes the option engine (options/) or the
commands with their option tables (app/),
formats/ includes no statistics, history/ gives data to charts/ and html/
and includes neither. A folder missing from the table fails too, so a new
folder must be placed in it. The table must have no cycle.

Usage: layers_check.py REPO_ROOT
"""
import os
import re
import sys

# folder: the folders it builds on directly (bottom of the pipeline first).
LAYERS = {
    'support': [],
    'suite': [],
    'stats': ['suite'],
    'formats': ['suite'],
    'environment': ['formats'],
    'report': ['formats', 'stats'],
    'compare': ['report', 'environment', 'stats', 'formats'],
    'run': ['suite', 'environment', 'report', 'stats', 'formats'],
    'cases': ['run', 'suite'],
    'alloc_preload': [],  # loaded into other programs: only support/allocations/, header-only
    'paired': ['compare', 'run'],
    'explain': ['run', 'report'],
    'gate': ['paired', 'explain', 'compare'],
    'calibrate': ['gate', 'run'],
    'charts': ['compare', 'report'],
    'history': ['report', 'stats', 'formats'],
    'html': ['charts', 'history', 'gate', 'explain'],
    'options': ['formats'],  # the engine only: tables, option kinds, help
    'app': ['options', 'html', 'calibrate', 'gate', 'cases'],
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"harness/([^/"]+)/', re.M)


def closure(table):
    allowed = {}

    def visit(folder, path):
        if folder in path:
            raise SystemExit('layers_check: the table has a cycle: ' + ' -> '.join(path + [folder]))
        if folder not in allowed:
            below = set()
            for d in table[folder]:
                below |= {d} | visit(d, path + [folder])
            allowed[folder] = below
        return allowed[folder]

    for folder in table:
        visit(folder, [])
    return allowed


def main():
    root = os.path.join(sys.argv[1], 'harness')
    allowed = closure(LAYERS)
    problems = []
    for folder in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, folder)):
            continue
        if folder not in LAYERS:
            problems.append(f'harness/{folder}/: not in the layer table of {sys.argv[0]}: place it there')
            continue
        ok = allowed[folder] | {folder, 'support'}
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith(('.hpp', '.cpp', '.h')):
                    continue
                path = os.path.join(dirpath, name)
                text = open(path, encoding='utf-8').read()
                for m in INCLUDE.finditer(text):
                    if m.group(1) not in ok:
                        line = text.count('\n', 0, m.start()) + 1
                        problems.append(f'{os.path.relpath(path, sys.argv[1])}:{line}: includes harness/{m.group(1)}/, '
                                        f'which is not below harness/{folder}/')
    for p in problems:
        print('error: ' + p)
    if problems:
        print(f'{len(problems)} problem(s): includes that point up or sideways, or folders not in the table')
        return 1
    print(f'layers: {len(LAYERS)} folders, every include points down')
    return 0


if __name__ == '__main__':
    sys.exit(main())
