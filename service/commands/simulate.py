"""``banquise simulate``: complete legal games from the engines' seeded simulators, as records.

Without ``--submit`` the records are printed as NDJSON (one per line), ready for ``banquise import``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from service.commands.client import ApiError, check, connect

_json = msgspec.json.Encoder()


def simulated_record(game: str, players: int, seed: int, *, mode: str = "full") -> dict[str, Any]:
    """A record of one simulated game (``mode="public"``: Arctic recorded as at a real table)."""
    sim: Any
    if game == "arctic":
        from domain.arctic import simulator as arctic

        sim = arctic.simulate(players, seed)
        if mode == "public":
            sim = arctic.to_public(sim)
    elif game == "arctica":
        from domain.arctica import simulator as arctica

        sim = arctica.simulate(players, seed)
    else:
        raise ValueError(f"unknown game {game!r}")
    return {
        "format": "banquise-record",
        "version": 1,
        "kind": game,
        "id": f"sim:{game}:{mode}:{players}p:{seed}",
        "tags": {"source": "banquise simulate", "seed": str(seed)},
        "setup": msgspec.to_builtins(sim.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in sim.moves],
    }


def run(args: argparse.Namespace, settings: object) -> int:
    if args.game == "arctic" and not 2 <= args.players <= 4:
        print("banquise: Arctic is played by 2 to 4 players", file=sys.stderr)
        return 2
    if args.game == "arctica" and not 2 <= args.players <= 5:
        print("banquise: Arctica is played by 2 to 5 players", file=sys.stderr)
        return 2
    seeds = range(args.seed, args.seed + args.count)
    if args.submit is None:
        for seed in seeds:
            sys.stdout.buffer.write(_json.encode(simulated_record(args.game, args.players, seed, mode=args.mode)))
            sys.stdout.buffer.write(b"\n")
        return 0
    failures = 0
    with (
        connect(args.submit, args.key) as client,
        Progress(TextColumn("submitting"), BarColumn(), MofNCompleteColumn(), disable=args.quiet) as progress,
    ):
        task = progress.add_task("submit", total=args.count)
        for seed in seeds:
            body = _json.encode(simulated_record(args.game, args.players, seed, mode=args.mode))
            try:
                made = check(client.post("/games/import", content=body, headers={"content-type": "application/json"}))
                print(f"{seed}\t{made['id']}")
            except ApiError as exc:
                failures += 1
                print(f"seed {seed}: {exc}", file=sys.stderr)
            progress.advance(task)
    return 1 if failures else 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("simulate", help="play complete legal games from a seed")
    parser.add_argument("--game", choices=["arctic", "arctica"], default="arctic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed+i")
    parser.add_argument("--mode", choices=["full", "public"], default="full", help="Arctic information mode")
    parser.add_argument("--submit", metavar="URL", default=None, help="import into this server instead of printing")
    parser.add_argument("--key", default=None, help="API key for --submit (default: BANQUISE_API_KEY)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)
