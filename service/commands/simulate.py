"""``banquise simulate``: complete legal games from the engines' seeded simulators, as records.

Without ``--submit`` the records are printed as NDJSON (one per line), ready for ``banquise import``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from service.commands.client import ApiError, CliError, check, connect

_json = msgspec.json.Encoder()


def simulated_record(
    game: str, players: int, seed: int, *, mode: str = "full", names: list[str] | None = None
) -> dict[str, Any]:
    """A record of one simulated game (``mode="public"``: Arctic recorded as at a real table, the cards
    shown after the end included: ``RevealCard``/``RevealPileCard`` after the totems).

    ``names`` replaces the simulators' ``player1``, ``player2``... (seats in order).
    """
    sim: Any
    if game == "arctic":
        from domain.arctic import simulator as arctic

        sim = arctic.simulate(players, seed)
        if mode == "public":
            # with the hands, penalty zones and face-down cards the table shows after the end
            sim = arctic.to_public(sim, shown_at_end=True)
    elif game == "arctica":
        from domain.arctica import simulator as arctica

        sim = arctica.simulate(players, seed)
    else:
        raise ValueError(f"unknown game {game!r}")
    setup = msgspec.to_builtins(sim.setup)
    if names:
        setup["players"] = list(names)
    return {
        "format": "banquise-record",
        "version": 1,
        "kind": game,
        "id": f"sim:{game}:{mode}:{players}p:{seed}" + (f":{','.join(names)}" if names else ""),
        "tags": {"source": "banquise simulate", "seed": str(seed)},
        "setup": setup,
        "moves": [{"move": msgspec.to_builtins(m)} for m in sim.moves],
    }


def check_arguments(args: argparse.Namespace) -> list[str] | None:
    """Refuse what would silently do nothing or something else than asked; the names, if given."""
    most = {"arctic": 4, "arctica": 5}[args.game]
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    if names is not None:
        if any(not n for n in names):
            raise CliError("--names: a name is empty (give them comma-separated: --names Ana,Bo,Cy)")
        if args.players is not None and args.players != len(names):
            raise CliError(f"--names gives {len(names)} players but --players says {args.players}")
        args.players = len(names)
    elif args.players is None:
        args.players = 4
    if not 2 <= args.players <= most:
        raise CliError(f"{args.game.capitalize()} is played by 2 to {most} players, not {args.players}")
    if args.count < 1:
        raise CliError(f"--count must be at least 1, not {args.count}")
    if args.seed < 0:
        raise CliError(f"--seed must be 0 or more, not {args.seed}")
    if args.mode == "public" and args.game != "arctic":
        raise CliError("--mode public is Arctic's table recording mode; Arctica records are seeded or name their draws")
    return names


def run(args: argparse.Namespace, settings: object) -> int:
    names = check_arguments(args)
    seeds = range(args.seed, args.seed + args.count)
    if args.submit is None:
        for seed in seeds:
            record = simulated_record(args.game, args.players, seed, mode=args.mode, names=names)
            sys.stdout.buffer.write(_json.encode(record))
            sys.stdout.buffer.write(b"\n")
        return 0
    failures = 0
    with (
        connect(args.submit, args.key) as client,
        Progress(TextColumn("submitting"), BarColumn(), MofNCompleteColumn(), disable=args.quiet) as progress,
    ):
        task = progress.add_task("submit", total=args.count)
        for seed in seeds:
            body = _json.encode(simulated_record(args.game, args.players, seed, mode=args.mode, names=names))
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
    parser.add_argument("--players", type=int, default=None, help="2 to 4 (Arctic) or 5 (Arctica); default 4")
    parser.add_argument("--names", default=None, help="the players' handles in seat order, comma-separated")
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed+i")
    parser.add_argument("--mode", choices=["full", "public"], default="full", help="Arctic information mode")
    parser.add_argument("--submit", metavar="URL", default=None, help="import into this server instead of printing")
    parser.add_argument("--key", default=None, help="API key for --submit (default: BANQUISE_API_KEY)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)
