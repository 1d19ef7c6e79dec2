"""``banquise projections rebuild [NAME]``, ``banquise projections status`` and ``banquise projections retry``."""

from __future__ import annotations

import argparse
import sys
import time

from projections import schema, standard
from projections.runner import DEFAULT_BATCH
from service.base.settings import Settings
from service.runtime import Runtime


def run(args: argparse.Namespace, settings: Settings) -> int:
    runtime = Runtime.open(settings)
    try:
        names = [args.name] if getattr(args, "name", None) else list(schema.NAMES)
        runner = standard.runner(runtime.store, runtime.games.registry, names=names, batch_size=args.batch_size)
        try:
            if args.projections_command == "rebuild":
                started = time.monotonic()
                n = runner.rebuild()
                elapsed = time.monotonic() - started
                rate = n / elapsed if elapsed > 0 else 0.0
                print(
                    f"rebuilt {', '.join(names)} from {n} notifications in {elapsed:.1f} s ({rate:,.0f}/s)",
                    file=sys.stderr,
                )
                return 0
            if args.projections_command == "retry":
                retried = runner.retry()
                for game in retried:
                    outcome = "released" if game.error is None else f"still quarantined: {game.error}"
                    print(f"{game.game_id}\t{game.position}\t{outcome}")
                released = sum(game.error is None for game in retried)
                print(f"{released} of {len(retried)} quarantined games released", file=sys.stderr)
                return 0 if released == len(retried) else 1
            head = runtime.store.max_notification_id()
            for name, position in runner.positions():
                print(f"{name}\t{position}\t{head - position} behind")
            for game in runner.quarantine():
                print(f"quarantined\t{game.game_id}\t{game.position}\t{game.error}")
            return 0
        finally:
            runner.close()
    finally:
        runtime.close()


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "projections", help="rebuild the read models, show how far they are, retry quarantined games"
    )
    actions = parser.add_subparsers(dest="projections_command", required=True, metavar="ACTION")
    rebuild = actions.add_parser("rebuild", help="replay the whole log into new tables, swapped in at the end")
    rebuild.add_argument("name", nargs="?", choices=schema.NAMES, help="one projection (default: all)")
    rebuild.add_argument("--batch-size", type=int, default=DEFAULT_BATCH)
    status = actions.add_parser("status", help="each projection's position and lag, and the quarantined games")
    status.set_defaults(batch_size=DEFAULT_BATCH)
    retry = actions.add_parser(
        "retry", help="apply the quarantined games' skipped events (after a fix); release those that succeed"
    )
    retry.set_defaults(batch_size=DEFAULT_BATCH)
    parser.set_defaults(run=run)
