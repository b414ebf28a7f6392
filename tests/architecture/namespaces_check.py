#!/usr/bin/env python3
"""Fails when a file of harness/ declares a namespace its folder does not own (docs/architecture.md, "Layers").

What harness/FOLDER/ declares is in benchgate::FOLDER (or a namespace inside
it, e.g. benchgate::html::detail), with the exceptions of the table below:
the results file's schema in formats/ keeps benchgate::results, the case API
in suite/ is benchgate itself, support/SUB/ is benchgate::SUB, and the
settings a command's option table fills (FILE_options.hpp/.cpp, whatever the
folder) are benchgate::options. A namespace block that only declares names
of another folder ("namespace benchgate::process { class lockstep; }") is a
forward declaration, not a definition, and passes.

Usage: namespaces_check.py REPO_ROOT
"""
import os
import re
import sys

# folder (or folder/sub) -> the namespaces it may declare besides benchgate::FOLDER.
OWNS = {
    'formats': ['benchgate::results'],
    'suite': ['benchgate', 'benchgate::detail'],
    'support/errors': ['benchgate'],
    'alloc_preload': [],
}
SETTINGS = 'benchgate::options'

BLOCK = re.compile(r'^namespace (benchgate(?:::[a-z_]+)*) \{\n(.*?)^\}', re.M | re.S)
FORWARD = re.compile(r'^\s*(?:class|struct)\s+\w+;\s*$')


def owner(relative):
    """The namespace a file under harness/ is in by its folder (support/SUB: benchgate::SUB)."""
    parts = relative.split('/')
    if parts[0] == 'support' and len(parts) > 2:
        return 'support/' + parts[1], 'benchgate::' + parts[1]
    return parts[0], 'benchgate::' + parts[0]


def allowed(namespace, relative):
    key, own = owner(relative)
    if namespace == own or namespace.startswith(own + '::'):
        return True
    if namespace in OWNS.get(key, []):
        return True
    stem = os.path.splitext(os.path.basename(relative))[0]
    return namespace == SETTINGS and (stem.endswith('_options') or key == 'options')


def problems(root):
    harness = os.path.join(root, 'harness')
    found = []
    for folder, _, files in os.walk(harness):
        for name in sorted(files):
            if not name.endswith(('.hpp', '.cpp', '.cpp.in')):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, harness).replace(os.sep, '/')
            text = open(path, encoding='utf-8').read()
            for block in BLOCK.finditer(text):
                namespace, body = block.group(1), block.group(2)
                lines = [line for line in body.splitlines() if line.strip() and not line.strip().startswith('//')]
                if lines and all(FORWARD.match(line) for line in lines):
                    continue
                if not allowed(namespace, relative):
                    line = text.count('\n', 0, block.start()) + 1
                    found.append('harness/%s:%d: declares namespace %s, which harness/%s/ does not own '
                                 '(expected %s)' % (relative, line, namespace, owner(relative)[0], owner(relative)[1]))
    return found


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    found = problems(sys.argv[1])
    for problem in found:
        print('error: ' + problem)
    if found:
        print('%d problem(s); see tests/architecture/namespaces_check.py' % len(found))
        return 1
    print('namespaces follow folders')
    return 0


if __name__ == '__main__':
    sys.exit(main())
