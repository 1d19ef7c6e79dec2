"""``banquise keys create|list|revoke``: API keys, managed on the server's own database; ``banquise keys
server``: the public key the server signs its exported records with (``GET /keys/server``)."""

from __future__ import annotations

import argparse
import os
import sys

from service.base.refusals import Refusal
from service.base.settings import Settings
from service.cli.commands.client import CliError
from service.games.keys import KeyNotFound
from service.runtime import Runtime


def check_database(args: argparse.Namespace, settings: Settings) -> None:
    """Keys live in the server's database. With the embedded one, a ``keys`` command run from another
    directory would make a second, empty database whose keys the server never sees: refuse that,
    unless the data directory was named (``BANQUISE_DATA_DIR``) or ``--init`` asks for a new one."""
    if settings.database_url is not None:
        return
    where = settings.data_dir.resolve()
    if not where.exists() and not os.environ.get("BANQUISE_DATA_DIR") and not args.init:
        raise CliError(
            f"no Banquise database in {where}: run this where `banquise serve` runs (or `make run`), "
            "set BANQUISE_DATA_DIR or DATABASE_URL to the server's, or pass --init to create a new one here"
        )
    print(f"banquise: keys in the embedded database under {where}", file=sys.stderr)


def run(args: argparse.Namespace, settings: Settings) -> int:
    check_database(args, settings)
    runtime = Runtime.open(settings)
    try:
        if args.keys_command == "server":
            described = runtime.store.server_key.described()
            print(described.public_key)
            print(f"{described.key_id}: the server's Ed25519 signing key (banquise verify --key)", file=sys.stderr)
            return 0
        api_keys = runtime.keys
        if args.keys_command == "create":
            try:
                made = api_keys.create(args.name, admin=args.admin)
            except Refusal as exc:
                raise CliError(exc.detail) from exc
            print(made.token)
            print(
                f"key {made.key.id} ({made.key.name}{', admin' if made.key.admin else ''}) created; "
                "the token above is shown once",
                file=sys.stderr,
            )
            return 0
        if args.keys_command == "list":
            print("id\tname\trole\tcreated\tstate")
            for key in api_keys.listing():
                state = f"revoked {key.revoked_at:%Y-%m-%d}" if key.revoked_at else "active"
                role = "admin" if key.admin else "recorder"
                print(f"{key.id}\t{key.name}\t{role}\t{key.created_at:%Y-%m-%d %H:%M}\t{state}")
            return 0
        try:
            api_keys.revoke(args.key_id)
        except KeyNotFound:
            print(f"banquise: no active key {args.key_id}", file=sys.stderr)
            return 1
        print(f"key {args.key_id} revoked: its token is refused from now on")
        return 0
    finally:
        runtime.close()


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("keys", help="create, list or revoke API keys")
    parser.add_argument(
        "--init", action="store_true", help="create the embedded database if there is none here (default: refuse)"
    )
    actions = parser.add_subparsers(dest="keys_command", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="create a key and print its token (shown once)")
    create.add_argument("--name", required=True, help="who or what the key is for")
    create.add_argument("--admin", action="store_true", help="may also void games")
    actions.add_parser("list", help="list keys (never their tokens)")
    revoke = actions.add_parser("revoke", help="revoke a key")
    revoke.add_argument("key_id")
    actions.add_parser("server", help="print the server's public signing key (it signs exported records)")
    parser.set_defaults(run=run)
