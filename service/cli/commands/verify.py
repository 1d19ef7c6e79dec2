"""``banquise verify RECORD [--key PUBLIC_KEY]``: check a sealed record offline, with no database and no
server: its signature, its events' chain and a replay through the engine (docs/RECORDS.md).

Exit statuses: 0 verified; 1 refused (the record differs from what was signed, the chain is broken, the
signature does not hold or is not by ``--key``, or it lost events an ``--earlier`` export of the game
holds); 2 unreadable (no such file, not a sealed record, a bad key, or JSON an import refuses: malformed,
nested too deep, a member twice in an object; a UTF-8 byte order mark is skipped, as ``banquise import``
does).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from service.base import signing
from service.base.settings import Settings
from service.base.store.kinds import Registry
from service.cli.commands.client import CliError
from service.games import sealing


def read_key(text: str) -> bytes:
    """``--key``: the key itself (base64 or hex), or a file holding it (or ``GET /keys/server``'s answer)."""
    path = Path(text)
    try:
        if len(text) < 200 and path.is_file():
            text = path.read_text()
    except OSError:
        pass
    try:
        return signing.parse_public_key(text)
    except signing.BadKey as exc:
        raise CliError(f"--key: {exc}", status=2) from exc


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes() if path != "-" else sys.stdin.buffer.read()
    except OSError as exc:
        raise CliError(f"{path}: {exc.strerror or exc}", status=2) from exc


def _check(path: str, body: bytes, trusted: list[bytes] | None) -> sealing.Verdict:
    try:
        return sealing.check(body, Registry.default(), trusted)
    except sealing.Unreadable as exc:
        raise CliError(f"{path}: {exc}", status=2) from exc
    except RecursionError as exc:  # never met: the JSON's depth is bounded before anything recurses
        raise CliError(f"{path}: nested too deep to read", status=2) from exc


def _refusals(path: str, verdict: sealing.Verdict) -> list[str]:
    lines: list[str] = []
    first = verdict.first()
    if first is not None:
        lines.append(f"refused: {path} differs from what was signed at {first}")
    lines += [f"refused: {problem}" for problem in verdict.problems]
    lines += [f"  also {other}" for other in sorted(verdict.differences, key=lambda d: d.step) if other is not first]
    return lines


def run(args: argparse.Namespace, settings: Settings) -> int:
    trusted = [read_key(args.key)] if args.key else None
    verdict = _check(args.record, _read(args.record), trusted)
    lines = _refusals(args.record, verdict)
    if args.earlier:
        earlier = _check(args.earlier, _read(args.earlier), trusted)
        lines += [
            f"refused: the earlier export {line.removeprefix('refused: ')}" for line in _refusals(args.earlier, earlier)
        ]
        try:
            lines += [f"refused: {args.record}: {lost}" for lost in sealing.lost_since(earlier, verdict)]
        except sealing.Unreadable as exc:
            raise CliError(f"{args.record}, {args.earlier}: {exc}", status=2) from exc
    if trusted is None:
        print(
            f"banquise: warning: no --key: checked against the key the record carries ({verdict.key_id}); "
            "that only proves the record is unchanged since that key sealed it, not who holds the key "
            "(get the server's from GET /keys/server or `banquise keys server`)",
            file=sys.stderr,
        )
    if not lines:
        who = "the trusted key" if verdict.trusted else "the key it carries"
        since = f"; it holds every event of {args.earlier}" if args.earlier else ""
        print(f"verified: {args.record}: signed by {verdict.key_id} ({who}); chain, record and replay agree{since}")
        return 0
    for line in lines:
        print(f"banquise: {line}", file=sys.stderr)
    return 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "verify",
        help="check a sealed record offline: signature, event chain, replay (no database)",
        description=(__doc__ or "").split("\n\n", 1)[1].strip(),
    )
    parser.add_argument(
        "record", metavar="RECORD", help="the record's file (an export of GET /games/{id}/record), or -"
    )
    parser.add_argument(
        "--key",
        metavar="PUBLIC_KEY",
        help="the signer's public key (base64 or hex, or a file holding it); without it the record's own key "
        "is used, which proves integrity only",
    )
    parser.add_argument(
        "--earlier",
        metavar="EARLIER_RECORD",
        help="an export of the same game made before: every event it holds must be in RECORD, unchanged (a "
        "game is only ever added to; a lost tail, re-signed, verifies alone but not against it)",
    )
    parser.set_defaults(run=run)
