"""``banquise verify RECORD [--key PUBLIC_KEY]``: check a sealed record offline, with no database and no
server: its signature, its events' chain and a replay through the engine (docs/RECORDS.md).

Exit statuses: 0 verified; 1 refused (the record differs from what was signed, the chain is broken, the
signature does not hold or is not by ``--key``); 2 unreadable (no such file, not a sealed record, a bad key).
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


def run(args: argparse.Namespace, settings: Settings) -> int:
    trusted = [read_key(args.key)] if args.key else None
    try:
        body = Path(args.record).read_bytes() if args.record != "-" else sys.stdin.buffer.read()
    except OSError as exc:
        raise CliError(f"{args.record}: {exc.strerror or exc}", status=2) from exc
    try:
        verdict = sealing.check(body, Registry.default(), trusted)
    except sealing.Unreadable as exc:
        raise CliError(f"{args.record}: {exc}", status=2) from exc
    if trusted is None:
        print(
            f"banquise: warning: no --key: checked against the key the record carries ({verdict.key_id}); "
            "that only proves the record is unchanged since that key sealed it, not who holds the key "
            "(get the server's from GET /keys/server or `banquise keys server`)",
            file=sys.stderr,
        )
    if verdict.ok:
        who = "the trusted key" if verdict.trusted else "the key it carries"
        print(f"verified: {args.record}: signed by {verdict.key_id} ({who}); chain, record and replay agree")
        return 0
    first = verdict.first()
    if first is not None:
        print(f"banquise: refused: {args.record} differs from what was signed at {first}", file=sys.stderr)
    for problem in verdict.problems:
        print(f"banquise: refused: {problem}", file=sys.stderr)
    for other in sorted(verdict.differences, key=lambda d: d.step):
        if other is not first:
            print(f"banquise:   also {other}", file=sys.stderr)
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
    parser.set_defaults(run=run)
