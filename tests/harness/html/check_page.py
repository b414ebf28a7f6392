#!/usr/bin/env python3
"""Checks a benchgate report page: well-formed XHTML, no script, and every
src/href a relative link to a file that exists (or an anchor of the page).
Usage: check_page.py PAGE; prints the problems and exits 1, else "ok N links"."""
import os
import sys
import urllib.parse
import xml.etree.ElementTree as ET

page = sys.argv[1]
folder = os.path.dirname(os.path.abspath(page))
try:
    root = ET.parse(page).getroot()
except ET.ParseError as e:
    print(f"not well-formed: {e}")
    sys.exit(1)
ns = "{http://www.w3.org/1999/xhtml}"
problems = []
if root.tag != ns + "html":
    problems.append(f"root element is {root.tag}, expected html")
ids = {e.get("id") for e in root.iter() if e.get("id")}
links = 0
for e in root.iter():
    if e.tag == ns + "script":
        problems.append("has a <script>")
    for attr in ("src", "href"):
        link = e.get(attr)
        if link is None:
            continue
        links += 1
        if link.startswith("#"):
            if link[1:] not in ids:
                problems.append(f"anchor {link} has no target")
            continue
        parts = urllib.parse.urlsplit(link)
        if parts.scheme or parts.netloc or link.startswith("/"):
            problems.append(f"{attr}={link} is not a relative link")
        elif not os.path.isfile(os.path.join(folder, urllib.parse.unquote(parts.path))):
            problems.append(f"{attr}={link} does not exist")
for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"ok {links} links")
