"""``python -m bench --against REV [--rounds N] ITEM ...``: the items measured in one run against two trees, the
code at ``REV`` (a git revision, checked out in a scratch worktree) and this one, in alternating rounds on
the same PostgreSQL server: what a change did to the figures, on a shared machine, without comparing runs
made at other times.

Each round of each item runs it once per tree, each on a fresh database of its own and a fresh server process
of that tree (the load generators and baselines are this tree's: the items talk to the servers over HTTP). A
row of the report is one figure of this tree, its baseline the same figure of ``REV``'s, as the median of the
rounds; higher is better for rates, lower for latencies.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from bench.core import Row, failed, ratio_row
from bench.env import ROOT, World

# Units whose lower figures are the better ones.
LOWER_IS_BETTER = {"ms", "s", "MB", "bytes"}


@contextmanager
def checked_out(revision: str, into: Path) -> Iterator[Path]:
    """``revision`` checked out (detached) at ``into``; the worktree removed at the end."""
    subprocess.run(["git", "worktree", "add", "--detach", str(into), revision], cwd=ROOT, check=True)
    try:
        yield into
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(into)], cwd=ROOT, check=False)


def _once(w: World, module: ModuleType, root: Path, database: str, quick: bool) -> list[Row]:
    """The item, once, against a fresh server of the tree at ``root`` on a fresh database."""
    world = w.fresh_database(database)
    world.server_root = root
    try:
        return list(module.run(world, quick))
    except Exception as exc:
        traceback.print_exc()
        return [failed(module.ITEM, module.TITLE, exc)]
    finally:
        world.stop_server()
        w.notes.extend(note for note in world.notes if note not in w.notes)


def _values(runs: list[list[Row]], i: int) -> list[float]:
    """The ``i``-th row's figure of each run that measured it."""
    return [value for rows in runs if i < len(rows) and (value := rows[i].value) is not None]


def _cpu(runs: list[list[Row]], i: int) -> float | None:
    """The median of the server's CPU per request of the ``i``-th row, where the runs measured it."""
    found = [cpu for rows in runs if i < len(rows) and (cpu := rows[i].cpu_ms) is not None]
    return statistics.median(found) if found else None


def compare(w: World, module: ModuleType, revision: str, other: Path, rounds: int, quick: bool) -> list[Row]:
    """This tree's figures of the item against ``revision``'s, each the median of ``rounds`` alternating runs."""
    runs: dict[str, list[list[Row]]] = {"before": [], "after": []}
    for n in range(rounds):
        order = [("before", other), ("after", ROOT)] if n % 2 == 0 else [("after", ROOT), ("before", other)]
        for side, root in order:
            print(f"bench:   round {n + 1}/{rounds}, {side} ({root})", file=sys.stderr, flush=True)
            runs[side].append(_once(w, module, root, f"bench_{side}_{n}", quick))
    rows: list[Row] = []
    for i, row in enumerate(runs["after"][0]):
        mine = _values(runs["after"], i)
        theirs = _values(runs["before"], i)
        if row.status != "ok" or not mine or not theirs:
            rows.append(row)
            continue
        lower = row.unit in LOWER_IS_BETTER
        now, then = statistics.median(mine), statistics.median(theirs)
        cpu_now, cpu_then = _cpu(runs["after"], i), _cpu(runs["before"], i)
        rows.append(
            ratio_row(
                row.item,
                row.what + f" — median of {len(mine)} (each: " + ", ".join(f"{v:.4g}" for v in mine) + ")",
                now,
                row.unit,
                f"the same at {revision} (each: " + ", ".join(f"{v:.4g}" for v in theirs) + ")",
                then,
                at_most=1.0 if lower else None,
                at_least=None if lower else 1.0,
                short=row.short,
                baseline_short=f"{row.short or row.what} at {revision}",
                cpu_ms=cpu_now,
                baseline_cpu_ms=cpu_then,
            )
        )
    return rows
