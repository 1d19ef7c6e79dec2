"""``make mutants``: are the property tests of the default run still big enough? Planted bugs say.

    python -m tests.mutants [--jobs N] [--list] [NAME ...]

Each mutant below is a bug a player would call a real rules or engine bug (a card duplicated, a score
counted wrong, a hand shown to another seat, a move listed that the rules refuse…), planted as one exact
text replacement in one domain source file. For each, the checkout's tracked files (as they are in the
working tree) are copied to a temporary directory, the replacement is applied there (the working tree is
never touched), and the Hypothesis tests named as its catchers run there at the sizes and with the
profile of the default run (``BANQUISE_HYPOTHESIS`` unset, ``-m "not soak"``). Caught: pytest fails a test
(exit status 1). First the unmutated copy must pass the same tests, else a catch would mean nothing.

A text not found exactly once fails the run before anything runs (so that a mutant never rots into a
no-op); ``tests/test_mutants.py`` checks the same on every ``make test``, and that each catcher is a
Hypothesis test. Only property tests are catchers: the question is whether their sizes find what they
found, not whether a fixed case pins the rule (every rule has its fixed cases too).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A run that takes longer has gone wrong (an infinite loop planted, say): it counts as an error.
TIMEOUT_SECONDS = 900

CONTRACT = "tests/domain/test_contract.py::test_random_games_keep_the_contract"
ARCTIC_PROPERTIES = "tests/domain/arctic/test_arctic_properties.py::test_simulated_games_keep_every_invariant"
ARCTICA_PROPERTIES = "tests/domain/arctica/test_arctica_properties.py::test_simulated_games_keep_every_invariant"
ARCTICA_LEGAL = "tests/domain/arctica/test_arctica_legal.py::test_property_over_simulated_games"
BUILDING = "tests/domain/test_building.py::test_a_random_walk_builds_a_legal_move"
ARCTIC_SAMPLE = (
    "tests/domain/analysis/test_arctic_analysis.py::test_a_sample_agrees_with_the_seat_and_deals_the_unseen_cards_anew"
)
ARCTICA_SAMPLE = (
    "tests/domain/analysis/test_arctica_analysis.py::test_a_sample_agrees_with_the_seat_and_deals_the_unseen_cards_anew"
)


@dataclass(frozen=True)
class Mutant:
    """A planted bug: ``old`` replaced by ``new`` in ``path``; ``catchers``: the Hypothesis tests (pytest
    node ids) expected to fail with it."""

    name: str
    bug: str
    path: str
    old: str
    new: str
    catchers: tuple[str, ...]


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        name="arctic-discard-stays-in-hand",
        bug="a discarded card reaches the penalty zone and stays in the hand too (a card duplicated)",
        path="domain/arctic/evolve.py",
        old="p = _penalty_add(_hand_remove(state.players[event.seat], card), card)",
        new="p = _penalty_add(state.players[event.seat], card)",
        catchers=(ARCTIC_PROPERTIES,),
    ),
    Mutant(
        name="arctic-puffin-swap-keeps-river-card",
        bug="Puffin A: the River card goes to the hand but stays in the River, the hand card is lost",
        path="domain/arctic/evolve.py",
        old="river=_set_at(state.river, event.river_slot, hand_card),",
        new="river=_set_at(state.river, event.river_slot, _CARD[event.river_card]),",
        catchers=(ARCTIC_PROPERTIES,),
    ),
    Mutant(
        name="arctic-totem-reads-wrong-token",
        bug="a totem scores the landscape under the token of the seat's number, not under its animal's",
        path="domain/arctic/scoring.py",
        old="totem = cat.LANDSCAPE[state.tokens[p.totem]] if p.totem != UNKNOWN else 0",
        new="totem = cat.LANDSCAPE[state.tokens[seat]] if p.totem != UNKNOWN else 0",
        catchers=(ARCTIC_PROPERTIES,),
    ),
    Mutant(
        name="arctic-penalty-counts-as-bonus",
        bug="penalty cards are added to the total instead of taken off",
        path="domain/arctic/scoring.py",
        old="total=runs + diversity + totem + penalty,",
        new="total=runs + diversity + totem - penalty,",
        catchers=(ARCTIC_PROPERTIES,),
    ),
    Mutant(
        name="arctic-lowest-total-wins",
        bug="the ranking puts the lowest total first",
        path="domain/arctic/scoring.py",
        old="order = sorted(range(n), key=lambda seat: (-totals[seat], sign * ((seat - start_seat) % n)))",
        new="order = sorted(range(n), key=lambda seat: (totals[seat], sign * ((seat - start_seat) % n)))",
        catchers=(CONTRACT,),
    ),
    Mutant(
        name="arctic-seat-sees-other-hands",
        bug="a seat's view shows every other seat's hand (hidden information leaked)",
        path="domain/arctic/view.py",
        old="hand=[_cid(c) for c in p.hand] + [None] * p.hand_unknown if own else None,",
        new='hand=[_cid(c) for c in p.hand] + [None] * p.hand_unknown if own or perspective.kind == "seat" else None,',
        catchers=(ARCTIC_SAMPLE,),
    ),
    Mutant(
        name="arctic-walrus-off-the-track",
        bug="Walrus: a step up is offered for a token already at the top of the track (the rules refuse it)",
        path="domain/arctic/legal.py",
        old="if pos < cat.TRACK_LAST:",
        new="if pos <= cat.TRACK_LAST:",
        catchers=(CONTRACT, ARCTIC_PROPERTIES),
    ),
    Mutant(
        name="arctic-fox-wild-any-animal",
        bug="the recorder offers to declare a face-down Fox card as any animal, not a neighbouring run's",
        path="domain/arctic/decision_paths.py",
        old="for a in wild_neighbours(p, position)",
        new="for a in range(len(cat.ANIMALS))",
        catchers=(BUILDING,),
    ),
    Mutant(
        name="arctica-migration-copies-token",
        bug="a migrating token arrives on its new circle space and stays on the old one (a token duplicated)",
        path="domain/arctica/evolve.py",
        old='    state = _take(state, event.seat, event.family, Loc("circle", event.src))\n',
        new="",
        catchers=(ARCTICA_PROPERTIES,),
    ),
    Mutant(
        name="arctica-fallen-token-counted-twice",
        bug="a token falling off a wheel lands in the release area twice",
        path="domain/arctica/evolve.py",
        old="release = _bump(release, fell, 1)",
        new="release = _bump(release, fell, 2)",
        catchers=(ARCTICA_PROPERTIES,),
    ),
    Mutant(
        name="arctica-nobody-ranked-first",
        bug="a seat counts itself among those who beat it (no one is ranked first)",
        path="domain/arctica/scoring.py",
        old="better = sum(1 for r in rows if (r[2], r[4]) > (total, fauna))",
        new="better = sum(1 for r in rows if (r[2], r[4]) >= (total, fauna))",
        catchers=(CONTRACT, ARCTICA_PROPERTIES),
    ),
    Mutant(
        name="arctica-seat-sees-the-deck",
        bug="a seat's view shows the deck's order (hidden information leaked)",
        path="domain/arctica/view.py",
        old='        data["deck"] = None\n',
        new="",
        catchers=(ARCTICA_SAMPLE,),
    ),
    Mutant(
        name="arctica-decline-all-not-listed",
        bug="legal_moves leaves out declining every offered action, a move the rules accept",
        path="domain/arctica/legal.py",
        old="return [mv.Skip(seat=seat), *(mv.Skip(seat=seat, action=a) for a in offered)]",
        new="return [*(mv.Skip(seat=seat, action=a) for a in offered)]",
        catchers=(ARCTICA_LEGAL,),
    ),
)


class MutantRotted(Exception):
    """A mutant's text is no longer found exactly once in its file: fix the mutant, not the check."""


def planted(mutant: Mutant, source: str) -> str:
    """``source`` with ``mutant`` applied; raises :class:`MutantRotted` unless its text occurs once."""
    count = source.count(mutant.old)
    if count != 1:
        raise MutantRotted(f"{mutant.name}: its text occurs {count} times in {mutant.path} (expected once)")
    return source.replace(mutant.old, mutant.new)


def catcher_files(mutant: Mutant) -> list[str]:
    return sorted({catcher.split("::")[0] for catcher in mutant.catchers})


def copy_checkout(into: Path) -> None:
    """The tracked files, as they are in the working tree (an uncommitted change to a size counts)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    for name in listed.decode().split("\0"):
        source = ROOT / name
        if not name or not source.is_file():  # deleted in the working tree, not yet committed
            continue
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)


@dataclass(frozen=True)
class Outcome:
    name: str
    files: list[str]
    code: int | None  # pytest's exit status; None: timed out
    seconds: float
    output: str

    @property
    def result(self) -> str:
        if self.code == 1:
            return "caught"
        if self.code == 0:
            return "MISSED"
        return "ERROR" if self.code is not None else "TIMEOUT"


def run_tests(tree: Path, catchers: Sequence[str]) -> tuple[int | None, str]:
    """pytest over ``catchers`` in ``tree``, as the default run runs them: its Hypothesis profile, not soak."""
    env = {k: v for k, v in os.environ.items() if k not in ("BANQUISE_HYPOTHESIS", "PYTHONPATH")}
    env["PYTHONPATH"] = str(tree)  # the copy's modules, never the checkout's (the venv's editable install)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-x",
        "-p",
        "no:cacheprovider",
        "-m",
        "not soak",
        f"--basetemp={tree / '.pytest-tmp'}",  # inside the copy: removed with it, failure or not
        *catchers,
    ]
    try:
        done = subprocess.run(
            command, cwd=tree, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
        )
    except subprocess.TimeoutExpired as timed_out:
        output = timed_out.stdout if isinstance(timed_out.stdout, str) else ""
        return None, output
    return done.returncode, done.stdout + done.stderr


def check_imports_from(tree: Path) -> None:
    """The copy's tests import the copy's domain (the venv holds an editable install of the checkout)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    probe = "import domain, tests; print(domain.__file__); print(tests.__file__)"
    out = subprocess.run([sys.executable, "-c", probe], cwd=tree, env=env, capture_output=True, text=True, check=True)
    for line in out.stdout.split():
        if not Path(line).resolve().is_relative_to(tree.resolve()):
            raise SystemExit(f"the copy imports {line}, not its own sources: the check would mean nothing")


def run_mutant(mutant: Mutant, base: Path, scratch: Path) -> Outcome:
    tree = scratch / mutant.name
    shutil.copytree(base, tree, symlinks=True)
    target = tree / mutant.path
    target.write_text(planted(mutant, target.read_text(encoding="utf-8")), encoding="utf-8")
    started = time.monotonic()
    code, output = run_tests(tree, mutant.catchers)
    seconds = time.monotonic() - started
    shutil.rmtree(tree, ignore_errors=True)
    outcome = Outcome(mutant.name, catcher_files(mutant), code, seconds, output)
    print(f"  {mutant.name}: {outcome.result} in {seconds:.0f} s", flush=True)
    return outcome


def table(outcomes: Sequence[Outcome]) -> str:
    rows = [("mutant", "caught by (property tests in)", "result", "seconds")]
    for o in outcomes:
        files = ", ".join(f.removeprefix("tests/domain/") for f in o.files)
        rows.append((o.name, files, o.result, f"{o.seconds:.0f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in rows]
    return "\n".join([lines[0], "  ".join("-" * w for w in widths), *lines[1:]])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="only these mutants (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants run at once (default: cores)")
    parser.add_argument("--list", action="store_true", help="print the mutants and exit")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.names or m.name in args.names]
    unknown = set(args.names) - {m.name for m in MUTANTS}
    if unknown:
        parser.error(f"no such mutant: {', '.join(sorted(unknown))}")
    if args.list:
        for m in chosen:
            print(f"{m.name}: {m.bug}\n    {m.path}; caught by {', '.join(m.catchers)}")
        return 0
    for m in chosen:  # every text found once, before anything runs
        planted(m, (ROOT / m.path).read_text(encoding="utf-8"))

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="banquise-mutants-") as scratch_name:
        scratch = Path(scratch_name)
        base = scratch / "checkout"
        copy_checkout(base)
        check_imports_from(base)
        catchers = sorted({c for m in chosen for c in m.catchers})
        print(f"unmutated: the {len(catchers)} property tests the mutants name...", flush=True)
        clean_started = time.monotonic()
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            # one process per test, as many at once as mutants will run
            clean = list(pool.map(lambda catcher: run_tests(base, [catcher]), catchers))
            for catcher, (code, output) in zip(catchers, clean, strict=True):
                if code != 0:
                    print(output)
                    print(f"the unmutated checkout fails {catcher} (pytest exit {code}): nothing to measure")
                    return 2
            print(f"unmutated: passed in {time.monotonic() - clean_started:.0f} s", flush=True)
            print(f"{len(chosen)} mutants, {args.jobs} at a time...", flush=True)
            outcomes = list(pool.map(lambda m: run_mutant(m, base, scratch), chosen))
    for o in outcomes:
        if o.result != "caught":
            print(f"\n--- {o.name}: {o.result} (pytest exit {o.code}) ---\n{o.output[-4000:]}")
    print()
    print(table(outcomes))
    caught = sum(o.result == "caught" for o in outcomes)
    print(f"\n{caught}/{len(outcomes)} caught in {time.monotonic() - started:.0f} s")
    return 0 if caught == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
