#!/usr/bin/env python3
"""Checks that action.yml calls benchgate-ci as a given command line does.

Parses action.yml (python3-yaml), turns the benchgate-ci arguments given
here into the action's inputs, runs the action's "run" step (its shell
script, with its env: mapping evaluated) against a stub bin/benchgate-ci
that records its arguments, and compares the two calls option by option.
The options that say where files go on a runner (--repo, --work-dir,
--markdown) are the action's own and are not compared. Also checks that
the comment step looks for the marker benchgate-ci writes, reads the file
the run step wrote, that the last step exits with benchgate-ci's code, and
(when shellcheck is installed) that every step's script is shellcheck-clean.

Usage: action_check.py ACTION_YML MARKER_FILE MODE [BENCHGATE_CI_ARGS...]
MARKER_FILE: a Markdown file benchgate-ci wrote (its first line is the marker).
"""
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

import yaml

# Where a runner puts files: the action chooses these, not the user.
LOCATION_OPTIONS = {"--repo", "--work-dir", "--markdown"}
REPEATABLE = {"--bench-arg", "--ab-arg"}
# benchgate-ci option -> the action input that carries it.
INPUT_OF = {"--build": "build", "--executable": "executable", "--filter": "filter",
            "--min-time": "min-time", "--max-regression": "max-regression", "--rules": "rules",
            "--base": "base", "--repetitions": "repetitions", "--rounds": "rounds",
            "--metric": "metric", "--history": "history", "--window": "window",
            "--min-change": "min-change"}


def fail(message):
    print(f"action_check: {message}", file=sys.stderr)
    sys.exit(1)


def parse_call(argv):
    """A benchgate-ci command line as {option: value}, the mode under 'mode'."""
    call = {"mode": argv[0]}
    args = argv[1:]
    if len(args) % 2:
        fail(f"odd argument list (every option takes one value): {args}")
    for option, value in zip(args[::2], args[1::2]):
        if option in REPEATABLE:
            call.setdefault(option, []).append(value)
        elif option in call:
            fail(f"{option} given twice: {argv}")
        else:
            call[option] = value
    return call


def user_options(call):
    return {k: v for k, v in call.items() if k not in LOCATION_OPTIONS}


def inputs_for(call, action):
    """The action inputs (defaults, then those the call sets)."""
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs["mode"] = call["mode"]
    for option, value in user_options(call).items():
        if option == "mode":
            continue
        if option == "--bench-arg":
            if any(re.search(r"\s", v) for v in value):
                fail(f"--bench-arg values with spaces cannot go through benchmark-args: {value}")
            inputs["benchmark-args"] = " ".join(value)
        elif option in INPUT_OF:
            inputs[INPUT_OF[option]] = value
        else:
            fail(f"{option}: the action has no input for it")
    return inputs


def evaluate(text, context):
    """Replaces each ${{ expression }} by its value; unknown ones fail."""
    def value(match):
        expression = match.group(1).strip()
        if expression not in context:
            fail(f"expression '{expression}' is not one this check knows")
        return context[expression]
    return re.sub(r"\$\{\{(.*?)\}\}", value, str(text))


def step(action, predicate, what):
    steps = [s for s in action["runs"]["steps"] if predicate(s)]
    if len(steps) != 1:
        fail(f"expected exactly one {what} step, found {len(steps)}")
    return steps[0]


def main():
    if len(sys.argv) < 4:
        fail("usage: action_check.py ACTION_YML MARKER_FILE MODE [BENCHGATE_CI_ARGS...]")
    with open(sys.argv[1]) as f:
        action = yaml.safe_load(f)
    with open(sys.argv[2]) as f:
        marker = f.readline().strip()
    expected = parse_call(sys.argv[3:])
    if action["runs"]["using"] != "composite":
        fail(f"runs.using is {action['runs']['using']!r}, expected 'composite'")

    inputs = inputs_for(expected, action)
    run_step = step(action, lambda s: s.get("id") == "run", "'run'")
    with tempfile.TemporaryDirectory() as temp:
        prefix_bin = os.path.join(temp, ".cache", "benchgate", "prefix", "bin")
        os.makedirs(prefix_bin)
        stub = os.path.join(prefix_bin, "benchgate-ci")
        record = os.path.join(temp, "argv.json")
        with open(stub, "w") as f:
            f.write("#!/usr/bin/env python3\nimport json, sys\n"
                    f"json.dump(sys.argv[1:], open({record!r}, 'w'))\nsys.exit(1)\n")
        os.chmod(stub, os.stat(stub).st_mode | stat.S_IEXEC)
        context = {f"inputs.{name}": value for name, value in inputs.items()}
        context.update({"github.event_name": "pull_request",
                        "github.event.pull_request.base.sha": "0" * 40})
        env = {name: evaluate(value, context) for name, value in run_step.get("env", {}).items()}
        output = os.path.join(temp, "github_output")
        env.update(PATH=os.environ["PATH"], GITHUB_OUTPUT=output, HOME=temp, RUNNER_TEMP=temp)
        done = subprocess.run(["bash", "-c", run_step["run"]], env=env)
        if done.returncode != 0:
            fail(f"the run step exited {done.returncode}; it must record the code and go on")
        with open(record) as f:
            actual = parse_call(json.load(f))
        with open(output) as f:
            outputs = dict(line.rstrip("\n").split("=", 1) for line in f)

    if user_options(actual) != user_options(expected):
        fail(f"the action calls benchgate-ci with {user_options(actual)}\n"
             f"  but the command line given was {user_options(expected)}")
    if outputs.get("exit-code") != "1":
        fail(f"the run step recorded exit-code {outputs.get('exit-code')!r}; the stub exited 1")
    # main writes no summary: no --markdown, and an empty output.
    if outputs.get("markdown", "") != actual.get("--markdown", ""):
        fail(f"the run step's markdown output {outputs.get('markdown')!r} is not the file "
             f"benchgate-ci writes ({actual.get('--markdown')!r})")

    comment = step(action, lambda s: str(s.get("uses", "")).startswith("actions/github-script@"),
                   "actions/github-script")
    if "steps.run.outputs.markdown" not in comment.get("env", {}).get("MARKDOWN", ""):
        fail("the comment step does not read the run step's Markdown")
    if not marker.startswith("<!--") or marker not in comment["with"]["script"]:
        fail(f"the comment step does not look for the marker benchgate-ci writes, {marker!r}")
    step(action, lambda s: str(s.get("uses", "")).startswith("actions/cache@"), "actions/cache")

    if shutil.which("shellcheck"):
        for each in action["runs"]["steps"]:
            if "run" in each:
                done = subprocess.run(["shellcheck", "-s", "bash", "-"], input=each["run"], text=True,
                                      capture_output=True)
                if done.returncode != 0:
                    fail(f"shellcheck on step '{each.get('name')}':\n{done.stdout}")

    last = action["runs"]["steps"][-1]
    for code in ("1", "2", "3"):
        done = subprocess.run(["bash", "-c", last["run"]], env={"PATH": os.environ["PATH"], "CODE": code},
                              stdout=subprocess.DEVNULL)
        if str(done.returncode) != code:
            fail(f"the last step exits {done.returncode} for benchgate-ci's exit {code}")
    print(f"action_check: action.yml calls benchgate-ci {expected['mode']} with the same "
          f"{len(user_options(expected)) - 1} options; comment marker and exit codes match")


if __name__ == "__main__":
    main()
