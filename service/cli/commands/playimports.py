"""``banquise import-plays FILE --from bgstats|bgg``: a club's history from a BG Stats backup or BGG plays
into a running server, as result-only games. The server's plan is printed first (plays new and already
there, those left out and why, each player and the handle it counts under: created or merged); the
import is then sent confirmed with that plan's id, ``--yes`` without asking, with a progress bar while
the file goes up."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

from service.base.settings import Settings
from service.cli.commands.client import ApiError, CliError, add_connection_arguments, check, connect

CHUNK = 64 * 1024


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a play file") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot be read ({exc.strerror})") from None


def _params(args: argparse.Namespace, path: Path) -> list[tuple[str, str]]:
    params = [("file", path.name)]
    params += [("map", m) for m in args.map or []]
    params += [("tag", t) for t in args.tag or []]
    if args.tz:
        params.append(("tz", args.tz))
    return params


def _print_plan(plan: dict[str, Any]) -> None:
    print(
        f"{plan['file']}: {plan['plays_in_file']} plays, {plan['new']} new, {plan['already_here']} already here, "
        f"{plan['plays_of_other_games']} of other games"
    )
    for skipped in plan["skipped"]:
        print(f"  left out ({skipped['reason']}): {skipped['plays']}")
    for player in plan["players"]:
        into = "" if player["name"] == player["handle"] else f" as {player['handle']}"
        print(f"  {player['action']:<6} {player['name']}{into} ({player['plays']} plays)")


def _uploading(data: bytes, progress: Progress) -> Iterator[bytes]:
    task = progress.add_task("uploading", total=len(data))
    for start in range(0, len(data), CHUNK):
        chunk = data[start : start + CHUNK]
        yield chunk
        progress.advance(task, len(chunk))


def run_import_plays(args: argparse.Namespace, settings: Settings) -> int:
    path = Path(args.file)
    data = _read(path)
    route = f"/imports/{args.source}"
    params = _params(args, path)
    with connect(args.url, args.key) as client:
        try:
            plan = check(client.post(route, content=data, params=[*params, ("dry_run", "true")]))
        except ApiError as exc:
            print(f"banquise: {exc}", file=sys.stderr)
            return 1
        _print_plan(plan)
        if args.dry_run:
            return 0
        if plan["new"] and not args.yes:
            if not sys.stdin.isatty():
                raise CliError("confirm the plan with --yes (no terminal to ask on)")
            if input(f"import {plan['new']} plays? [y/N] ").strip().lower() not in ("y", "yes"):
                print("nothing imported")
                return 0
        with Progress(
            TextColumn("importing"), BarColumn(), DownloadColumn(), TransferSpeedColumn(), disable=args.quiet
        ) as progress:
            try:
                done = check(
                    client.post(
                        route,
                        content=_uploading(data, progress),
                        params=[*params, ("confirm", plan["plan_id"])],
                        timeout=None,
                    )
                )
            except ApiError as exc:
                print(f"banquise: {exc}", file=sys.stderr)
                return 1
    print(
        f"{done['new']} added, {done['already_here']} already here"
        + (f" (import {done['import_id']})" if done["import_id"] else "")
    )
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    cmd = sub.add_parser(
        "import-plays",
        help="import the plays of a BG Stats backup or of BGG plays (XML) as result-only games, after its plan",
    )
    cmd.add_argument("file", metavar="FILE")
    cmd.add_argument("--from", dest="source", choices=("bgstats", "bgg"), required=True, help="the file's app")
    cmd.add_argument("--map", action="append", metavar="NAME=HANDLE", help="count a name of the file as a handle")
    cmd.add_argument("--tag", action="append", metavar="NAME:VALUE", help="a tag every imported play carries")
    cmd.add_argument("--tz", default=None, help="the clock of the file's dates (Europe/Paris, +02:00); default UTC")
    cmd.add_argument("--dry-run", action="store_true", help="print the plan, import nothing")
    cmd.add_argument("--yes", action="store_true", help="import the plan without asking")
    cmd.add_argument("--quiet", action="store_true", help="no progress bar")
    add_connection_arguments(cmd)
    cmd.set_defaults(run=run_import_plays)
