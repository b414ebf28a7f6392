#!/usr/bin/env python3
"""Checks the copy-paste workflows of docs/ci.md against action.yml.

Every ```yaml block must parse (python3-yaml); in each GitHub workflow (a
block with `jobs`), every step that uses benchgate's action may set only
inputs action.yml declares, and must set `build` and `executable` (the two
inputs a newcomer sets). In each GitLab job that calls benchgate-ci, its
mode must be one benchgate-ci has.

Usage: docs_check.py DOCS_CI_MD ACTION_YML
"""
import re
import sys

import yaml

MODES = {"pr", "main", "nightly"}


def fail(message):
    print(f"docs_check: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        fail("usage: docs_check.py DOCS_CI_MD ACTION_YML")
    with open(sys.argv[1]) as f:
        blocks = re.findall(r"```yaml\n(.*?)```", f.read(), re.S)
    with open(sys.argv[2]) as f:
        inputs = set(yaml.safe_load(f)["inputs"])
    workflows = action_steps = gitlab_calls = 0
    for number, text in enumerate(blocks, 1):
        try:
            block = yaml.safe_load(text)
        except yaml.YAMLError as error:
            fail(f"yaml block {number} does not parse: {error}")
        if not isinstance(block, dict):
            continue
        if "jobs" in block:
            workflows += 1
            for job in block["jobs"].values():
                for step in job["steps"]:
                    if "/benchgate@" not in str(step.get("uses", "")):
                        continue
                    action_steps += 1
                    given = set(step.get("with", {}))
                    if given - inputs:
                        fail(f"yaml block {number}: inputs the action does not have: {sorted(given - inputs)}")
                    if not {"build", "executable"} <= given:
                        fail(f"yaml block {number}: the action step does not set build and executable")
        for name, job in block.items():
            for line in job.get("script", []) if isinstance(job, dict) else []:
                found = re.search(r"benchgate-ci (\S+)", line)
                if found:
                    gitlab_calls += 1
                    if found.group(1) not in MODES:
                        fail(f"yaml block {number}, job {name}: benchgate-ci mode {found.group(1)!r}")
    if not (workflows and action_steps and gitlab_calls):
        fail(f"expected GitHub workflows using the action and GitLab jobs calling benchgate-ci; found "
             f"{workflows} workflows, {action_steps} action steps, {gitlab_calls} benchgate-ci calls")
    print(f"docs_check: {len(blocks)} yaml blocks parse; {action_steps} action steps use only its inputs; "
          f"{gitlab_calls} GitLab calls of benchgate-ci")


if __name__ == "__main__":
    main()
