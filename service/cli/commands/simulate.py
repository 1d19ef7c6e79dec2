"""``banquise simulate``: complete legal games from the engines' seeded simulators, as records.

Without ``--submit`` the records are printed as NDJSON (one per line), ready for ``banquise import``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from domain.kinds import game as game_kind
from domain.kinds import registered_games
from domain.registry import GamePlugin
from service.cli.commands.client import ApiError, CliError, check, connect

_json = msgspec.json.Encoder()


def simulated_record(
    game: str, players: int, seed: int, *, mode: str | None = None, names: list[str] | None = None
) -> dict[str, Any]:
    """A record of one simulated game, in one of its kind's simulation modes (by default the first,
    ``full``: every card known; e.g. Arctic's ``public``: recorded as at a real table, the cards shown
    after the end included).

    ``names`` replaces the simulators' ``player1``, ``player2``... (seats in order).
    """
    plugin = game_kind(game)
    if plugin is None:
        raise ValueError(f"unknown game {game!r}")
    mode = next(iter(plugin.simulations)) if mode is None else mode
    if mode not in plugin.simulations:
        raise ValueError(f"{plugin.title} is not simulated in mode {mode!r}")
    sim = plugin.simulations[mode](players, seed)
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
    plugin = _plugin(args.game)
    least, most = min(plugin.player_counts), max(plugin.player_counts)
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    if names is not None:
        if any(not n for n in names):
            raise CliError("--names: a name is empty (give them comma-separated: --names Ana,Bo,Cy)")
        if args.players is not None and args.players != len(names):
            raise CliError(f"--names gives {len(names)} players but --players says {args.players}")
        args.players = len(names)
    elif args.players is None:
        args.players = min(4, most)
    if args.players not in plugin.player_counts:
        raise CliError(f"{plugin.title} is played by {least} to {most} players, not {args.players}")
    if args.count < 1:
        raise CliError(f"--count must be at least 1, not {args.count}")
    if args.seed < 0:
        raise CliError(f"--seed must be 0 or more, not {args.seed}")
    if args.mode is None:
        args.mode = next(iter(plugin.simulations))
    if args.mode not in plugin.simulations:
        owners = " and ".join(p.title for p in registered_games() if args.mode in p.simulations)
        raise CliError(
            f"--mode {args.mode} is {owners}'s simulation mode; {plugin.title} records are simulated in "
            + " or ".join(plugin.simulations)
        )
    return names


def _plugin(kind: str) -> GamePlugin:
    plugin = game_kind(kind)
    if plugin is None:  # --game's choices were the registered kinds: only one unregistered since
        raise CliError(f"there is no game kind {kind}")
    return plugin


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
    games = registered_games()
    counts = ", ".join(f"{min(p.player_counts)} to {max(p.player_counts)} ({p.title})" for p in games)
    modes = list(dict.fromkeys(mode for p in games for mode in p.simulations))
    parser.add_argument("--game", choices=[p.kind for p in games], default=games[0].kind)
    parser.add_argument("--players", type=int, default=None, help=f"{counts}; default 4")
    parser.add_argument("--names", default=None, help="the players' handles in seat order, comma-separated")
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed+i")
    parser.add_argument(
        "--mode", choices=modes, default=None, help="how the game is recorded (default: its kind's first mode)"
    )
    parser.add_argument("--submit", metavar="URL", default=None, help="import into this server instead of printing")
    parser.add_argument("--key", default=None, help="API key for --submit (default: BANQUISE_API_KEY)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)
