"""``banquise editions add|list|show|validate``: the editions of the kinds whose plug-in declares them,
on the server's own database (``--kind``: which kind; by default the only one with editions).

``validate FILE`` needs no database: it checks a document against the schema and the consistency
rules and prints its fingerprint, so a club can fix its file before adding it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import msgspec

from service.base.refusals import Refusal
from service.base.settings import Settings
from service.games.editions import EditionSummary, capability, check
from service.runtime import Runtime


def _line(s: EditionSummary) -> str:
    return f"{s.kind}\t{s.id}\t{s.version}\t{s.source}\t{s.sha256}\t{s.label}"


def _problem(exc: Refusal) -> int:
    print(f"banquise: {exc.code}: {exc.detail}", file=sys.stderr)
    for problem in exc.extra.get("problems") or ():
        print(f"  - {problem}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.editions_command == "validate":
        try:
            kind, editions = capability(args.kind)
            edition = check(editions, args.file.read_bytes())
        except Refusal as exc:
            return _problem(exc)
        print(f"{kind}\t{edition.id}\t{edition.version}\t{editions.fingerprint(edition)}\tvalid")
        return 0
    runtime = Runtime.open(settings)
    try:
        if args.editions_command == "add":
            summary, added = runtime.editions.add(args.file.read_bytes(), None, args.kind)
            print(_line(summary))
            print(
                f"edition {summary.id} {summary.version} {'added' if added else 'was already stored'}", file=sys.stderr
            )
            return 0
        if args.editions_command == "list":
            for summary in runtime.editions.listing(args.kind):
                print(_line(summary))
            return 0
        detail = runtime.editions.show(args.edition_id, args.version, args.kind)
        print(json.dumps(msgspec.to_builtins(detail.edition), indent=1, ensure_ascii=False))
        return 0
    except Refusal as exc:
        return _problem(exc)
    finally:
        runtime.close()


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("editions", help="add, list, show or validate editions (of the kinds that have them)")
    actions = parser.add_subparsers(dest="editions_command", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="store an edition file (a new id or version; never a replacement)")
    add.add_argument("file", type=Path)
    listing = actions.add_parser("list", help="list editions: kind, id, version, source, sha256, label")
    show = actions.add_parser("show", help="print an edition's document")
    show.add_argument("edition_id")
    show.add_argument("--version", default=None, help="default: the latest added")
    validate = actions.add_parser("validate", help="check an edition file (no database needed)")
    validate.add_argument("file", type=Path)
    for action, default in (
        (add, "the only kind with editions"),
        (listing, "every kind"),
        (show, None),
        (validate, None),
    ):
        action.add_argument(
            "--kind", default=None, help=f"the game kind (default: {default or 'the only kind with editions'})"
        )
    parser.set_defaults(run=run)
