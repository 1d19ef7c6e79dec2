"""``make test``: the whole suite on every core, then the tests that need the machine to themselves.

    python -m tests.suite [--workers N] [--record] [pytest arguments...]

Two passes of pytest over the same selection (any pytest arguments are given to both, e.g. a folder):
1. ``--phase shared``: every test not marked ``alone``, in ``--workers`` processes (pytest-xdist; default:
   one more than the machine's cores, ``BANQUISE_TEST_WORKERS`` overrides). A module stays in one process (its fixtures
   are module-scoped) and the longest modules start first (``tests/durations.json``).
2. ``--phase alone``: the tests marked ``alone`` (fault injection with one-second budgets, the nemesis),
   one at a time, with nothing else running.
Then the slowest tests of each pass and the time by folder; each pass's JUnit report stays in .cache/suite/.
``--record`` also writes the time by folder into docs/development/testing.md and each module's time into
tests/durations.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DURATIONS = ROOT / "tests" / "durations.json"
TESTING_PAGE = ROOT / "docs" / "development" / "testing.md"
# The last run's JUnit reports (every test's time), kept for a look after the run (a run inside a run, as
# tests/test_suite_runner.py's, keeps its own elsewhere).
REPORTS = Path(os.environ.get("BANQUISE_SUITE_REPORTS", ROOT / ".cache" / "suite"))
BEGIN, END = "<!-- suite-times:begin -->", "<!-- suite-times:end -->"
NO_TESTS = 5  # pytest's exit code when the selection holds no test


def workers() -> int:
    """One process more than the cores: the browser and process tests spend part of their time waiting."""
    raw = os.environ.get("BANQUISE_TEST_WORKERS")
    return int(raw) if raw else (os.cpu_count() or 1) + 1


def run_phase(phase: str, args: list[str], junit: Path, n: int) -> tuple[int, float]:
    command = [sys.executable, "-m", "pytest", "--phase", phase, f"--junitxml={junit}", "--durations=25", *args]
    if phase == "shared" and n > 1:
        command += ["-n", str(n), "--dist", "loadfile", "--no-loadscope-reorder"]
    elif phase == "alone" and n > 1 and os.environ.get("BANQUISE_ALONE_LANES", "2") == "2":
        command += ["-n", "2", "--dist", "loadgroup"]
    print(f"\n=== {phase}: {' '.join(command[1:])}", flush=True)
    started = time.monotonic()
    code = subprocess.call(command, cwd=ROOT)
    print(f"=== {phase}: pytest exited with {code}", flush=True)
    return code, time.monotonic() - started


def times(junit: Path) -> tuple[dict[str, float], dict[str, int]]:
    """Each test module's time (set-up and teardown included) and test count, from a JUnit report."""
    seconds: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    if not junit.exists():
        return seconds, counts
    for case in ET.parse(junit).iter("testcase"):
        module = case.get("classname", "").replace(".", "/") + ".py"
        if not module.startswith("tests/"):
            continue
        # classname names a class inside the module for a test method: keep the module's path
        while not (ROOT / module).exists() and "/" in module:
            module = module.rsplit("/", 1)[0] + ".py"
        seconds[module] += float(case.get("time", 0))
        counts[module] += 1
    return seconds, counts


def folder(module: str) -> str:
    parts = module.split("/")
    return "/".join(parts[:2]) + "/" if len(parts) > 2 else "tests/ (top level)"


def table(modules: dict[str, float], counts: dict[str, int], walls: dict[str, float], n: int) -> str:
    by_folder: dict[str, float] = defaultdict(float)
    tests: dict[str, int] = defaultdict(int)
    for module, seconds in modules.items():
        by_folder[folder(module)] += seconds
        tests[folder(module)] += counts[module]
    lines = [
        "| folder | tests | time in its process (s) |",
        "|---|---:|---:|",
        *(f"| `{f}` | {tests[f]} | {s:.0f} |" for f, s in sorted(by_folder.items(), key=lambda kv: -kv[1])),
        f"| **all** | **{sum(tests.values())}** | **{sum(by_folder.values()):.0f}** |",
        "",
        f"Wall time: shared pass {walls.get('shared', 0):.0f} s on {n} processes, "
        f"alone pass {walls.get('alone', 0):.0f} s, in all {sum(walls.values()):.0f} s "
        f"({os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}).",
    ]
    return "\n".join(lines)


def record(modules: dict[str, float], text: str) -> None:
    known = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    known.update({m: round(s, 1) for m, s in modules.items()})
    DURATIONS.write_text(json.dumps(dict(sorted(known.items())), indent=1) + "\n")
    page = TESTING_PAGE.read_text()
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        TESTING_PAGE.write_text(f"{head}{BEGIN}\n{text}\n{END}{rest.split(END, 1)[1]}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--workers", type=int, default=workers())
    parser.add_argument("--record", action="store_true")
    ours, pytest_args = parser.parse_known_args(argv)
    codes: dict[str, int] = {}
    walls: dict[str, float] = {}
    modules: dict[str, float] = {}
    counts: dict[str, int] = {}
    REPORTS.mkdir(parents=True, exist_ok=True)
    for phase in ("shared", "alone"):
        junit = REPORTS / f"{phase}.xml"
        junit.unlink(missing_ok=True)
        codes[phase], walls[phase] = run_phase(phase, pytest_args, junit, ours.workers)
        seconds, found = times(junit)
        modules.update(seconds)
        counts.update(found)
    text = table(modules, counts, walls, ours.workers)
    print(f"\n=== time by folder\n{text}")
    if ours.record:
        record(modules, text)
    if all(code == NO_TESTS for code in codes.values()):
        return NO_TESTS
    failed = [code for code in codes.values() if code not in (0, NO_TESTS)]
    return failed[0] if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
