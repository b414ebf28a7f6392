#!/usr/bin/env python3
"""Checks a differential flame graph of benchgate explain: the SVG parses as
XML (xml.etree), every frame has a <title> tooltip and a fill colour, and the
reddest frame (the largest red minus green of the red frames) is the function
named on the command line.

Usage: check_flamegraph.py FILE.svg EXPECTED_SUBSTRING
Exit 0 when all hold, 1 with the reason otherwise."""
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def main():
    path, expected = sys.argv[1], sys.argv[2]
    root = ET.parse(path).getroot()  # raises on a document that is not well-formed
    if root.tag != SVG + "svg":
        print(f"{path}: the root is {root.tag}, expected svg")
        return 1
    frames = []
    for group in root.iter(SVG + "g"):
        title, rect = group.find(SVG + "title"), group.find(SVG + "rect")
        if title is None or rect is None:
            print(f"{path}: a frame without a <title> or a <rect>")
            return 1
        match = re.fullmatch(r"rgb\((\d+),(\d+),(\d+)\)", rect.get("fill", ""))
        if not match:
            print(f"{path}: frame {title.text!r} has fill {rect.get('fill')!r}, expected rgb(R,G,B)")
            return 1
        r, g, b = (int(v) for v in match.groups())
        frames.append((r - g if r > g and g == b else 0, title.text.split("\n")[0]))
    if not frames:
        print(f"{path}: no frames")
        return 1
    redness, name = max(frames)
    if redness == 0:
        print(f"{path}: no red frame")
        return 1
    if expected not in name:
        print(f"{path}: the reddest frame is {name!r}, expected one naming {expected!r}")
        return 1
    print(f"{path}: {len(frames)} frames; the reddest: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
