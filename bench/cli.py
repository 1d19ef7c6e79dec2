"""``python -m bench [--quick] [ITEM ...]``: run the measurements, write the report."""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import subprocess
import sys
import time
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

from bench.core import Row, failed
from bench.env import ROOT, World, world

# The page whose table a full run rewrites (between the bench markers).
BENCH_PAGE = ROOT / "docs" / "development" / "benchmarks.md"

# Run order: the fold and the HTTP paths first (the follower lag beside the live appends), the rebuild
# and the read-model reads on what they stored, the 10,000-game memory run last (on a fresh server process).
ITEMS: dict[str, str] = {
    "fold": "bench.items.fold",
    "import": "bench.items.import_",
    "live": "bench.items.live",
    "lag": "bench.items.lag",
    "replay": "bench.items.replay",
    "rebuild": "bench.items.rebuild",
    "stats": "bench.items.stats",
    "workers": "bench.items.workers",
    "history": "bench.items.history",
    "watch": "bench.items.watch",
    "analysis": "bench.items.analysis",
    "analysis-workers": "bench.items.analysis_workers",
    "analysis-quality": "bench.items.analysis_quality",
    "memory": "bench.items.memory",
    "exports": "bench.items.exports",
}
NUMBERS = {
    "1": "import",
    "2": "live",
    "3": "replay",
    "4": "rebuild",
    "5": "stats",
    "6": "fold",
    "7": "memory",
    "8": "workers",
    "9": "history",
    "10": "watch",
    "11": "exports",
    "12": "analysis",
    "13": "analysis-workers",
    "14": "analysis-quality",
    "15": "lag",
}


def _git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "only",
        nargs="*",
        metavar="ITEM",
        help=f"items to run (default: all): {', '.join(ITEMS)} or their issue numbers 1-14",
    )
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run of a minute or two")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results", help="where the results go")
    parser.add_argument(
        "--no-readme",
        action="store_true",
        help="do not rewrite the table of docs/development/benchmarks.md (only full runs of all items do)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary database and server log")
    parser.add_argument(
        "--against",
        metavar="REV",
        help="measure the items against the code at this git revision too, in the same run (bench/against.py): "
        "each row is this tree's figure over REV's",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, metavar="N", help="with --against: alternating rounds, medians reported"
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=540.0,
        metavar="SECONDS",
        help="items not started after this many seconds are reported as skipped (default 540: the suite "
        "must finish within ten minutes)",
    )
    args = parser.parse_args(argv)
    chosen: list[str] = []
    for name in args.only:
        name = NUMBERS.get(name, name)
        if name not in ITEMS:
            parser.error(f"unknown item {name!r}; items: {', '.join(ITEMS)}")
        chosen.append(name)
    args.items = [name for name in ITEMS if name in chosen] if chosen else list(ITEMS)
    return args


def _measured(w: World, module: ModuleType, args: argparse.Namespace) -> list[Row]:
    """The item's rows: measured once against this tree, or against ``--against``'s too."""
    if args.against:
        from bench.against import checked_out, compare

        with checked_out(args.against, w.workdir / "against") as other:
            return compare(w, module, args.against, other, args.rounds, args.quick)
    try:
        made: list[Row] = module.run(w, args.quick)
    except Exception as exc:
        traceback.print_exc()
        made = [failed(module.ITEM, module.TITLE, exc)]
    return made


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    started = time.perf_counter()
    load_start = _load()
    rows: list[Row] = []
    postgres = "?"
    with world(keep=args.keep) as w:
        with w.connect() as conn:
            version = conn.execute("SHOW server_version").fetchone()
            postgres = str(version[0]) if version else "?"
        for name in args.items:
            module: ModuleType = importlib.import_module(ITEMS[name])
            t0 = time.perf_counter()
            if t0 - started > args.budget:
                note = f"not run: the time budget of {args.budget:.0f} s was spent"
                rows.append(Row(item=module.ITEM, what=module.TITLE, value=None, unit="", status="skipped", note=note))
                continue
            print(f"bench: {module.ITEM} — {module.TITLE} ...", file=sys.stderr, flush=True)
            made = _measured(w, module, args)
            for row in made:
                ratio = f"{row.ratio:.3f}" if row.ratio is not None else "-"
                print(
                    f"bench:   {row.item}: {row.value if row.value is None else round(row.value, 3)} {row.unit}"
                    f" / {row.baseline if row.baseline is None else round(row.baseline, 3)} -> {ratio}"
                    f" {row.target} {row.status} {row.note}",
                    file=sys.stderr,
                    flush=True,
                )
            rows.extend(made)
            print(f"bench:   ({time.perf_counter() - t0:.1f} s)", file=sys.stderr, flush=True)
        notes = list(w.notes)
        if args.keep:
            notes.append(f"kept: {w.workdir}")
    full = args.items == list(ITEMS)
    meta = {
        "finished_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "duration_s": time.perf_counter() - started,
        "quick": args.quick,
        "items": args.items,
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "postgres": postgres,
        "commit": _git_commit(),
        "load_start": load_start,
        "load_end": _load(),
        "notes": notes,
    }
    from bench import report

    rows.sort(key=lambda r: r.item.split(" ", 1)[0])
    # A run of some items writes its own file (``python -m bench history``: ``bench/results/history.md``).
    stem = "quick" if args.quick else ("latest" if full else "-".join(args.items))
    if args.against:
        stem = f"{stem}-against-{args.against}"
        full = False  # the docs' table holds the figures of one tree
    md, js = report.write(args.out, stem, rows, meta)
    print(f"bench: wrote {md} and {js}", file=sys.stderr)
    if full and not args.quick and not args.no_readme and report.update_readme(BENCH_PAGE, rows, meta):
        print("bench: updated the table of docs/development/benchmarks.md", file=sys.stderr)
    print(report.table(rows))
    return 1 if any(r.status == "error" for r in rows) else 0
