#!/usr/bin/env python3
"""Fails unless every CTest test of a build folder has a TIMEOUT.

Reads `ctest --show-only=json-v1` of BUILD_DIR (so the tests that
gtest_discover_tests found are included) and lists any test without a
positive TIMEOUT property. Usage: check_timeouts.py BUILD_DIR
"""
import json
import subprocess
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: check_timeouts.py BUILD_DIR", file=sys.stderr)
        return 2
    shown = subprocess.run(["ctest", "--test-dir", sys.argv[1], "--show-only=json-v1"],
                           capture_output=True, text=True, check=True)
    tests = json.loads(shown.stdout)["tests"]
    missing = []
    for test in tests:
        timeout = next((p["value"] for p in test.get("properties", []) if p["name"] == "TIMEOUT"), None)
        if timeout is None or float(timeout) <= 0:
            missing.append(test["name"])
    if not tests:
        print("error: ctest lists no tests in " + sys.argv[1], file=sys.stderr)
        return 1
    if missing:
        print(f"error: {len(missing)} of {len(tests)} tests have no TIMEOUT: " + ", ".join(missing),
              file=sys.stderr)
        return 1
    print(f"all {len(tests)} tests have a TIMEOUT")
    return 0


if __name__ == "__main__":
    sys.exit(main())
