"""``banquise chain``: how many games and events the event chain covers, checked (docs/RECORDS.md).

Reads every stored event in the primary key's order, a chunk at a time, and checks each game's chain as
``service.base.store.chain`` defines it (``chain.survey``). Exit status 1 when a chain is broken (each
one named on stderr).
"""

from __future__ import annotations

import argparse
import sys

from service.base.settings import Settings
from service.base.store import chain
from service.cli.commands.keys import check_database
from service.runtime import Runtime


def run(args: argparse.Namespace, settings: Settings) -> int:
    check_database(args, settings)
    runtime = Runtime.open(settings)
    try:
        store = runtime.store
        applied, games, events, broken = chain.report(
            runtime.params.conninfo(), store.schema, store.game_recorder.events_table_name
        )
    finally:
        runtime.close()
    since = f" (migration 0018 applied {applied:%Y-%m-%d %H:%M})" if applied else ""
    print(f"{games} games, {events} events chained{since}; {len(broken)} broken")
    for exc in broken:
        print(f"banquise: {exc}", file=sys.stderr)
    return 1 if broken else 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("chain", help="count and check every game's event chain (tamper evidence)")
    parser.add_argument("--init", action="store_true", help=argparse.SUPPRESS)
    parser.set_defaults(run=run)
