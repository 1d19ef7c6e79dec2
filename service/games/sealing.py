"""Sealed records: what a server signs when it exports a game, and how anyone checks it without a database.

The seal (``service.games.record_format.Seal``; docs/RECORDS.md) carries the game's stored events, the head of
their chain (``service.base.store.chain``), the state hash after the setup and after each move, and an
Ed25519 signature over ``"banquise-seal-1\\0"`` followed by the record's canonical JSON (every key sorted,
no space) with the seal's ``signature`` left out. ``check`` tells whether a record is what its signer
stored: the signature, the chain, the record against the events (setup, each move, its time and comment)
and a replay of the record through the engine to the signed state hashes. A difference is named by the
first step where it is: the setup, or move N (``$.moves[N-1]``).
"""

from __future__ import annotations

import base64
from codecs import BOM_UTF8
from functools import partial
from typing import Any
from uuid import UUID

import msgspec

from domain.errors import RuleViolation
from domain.game import decide_and_evolve, state_hash
from service.base import signing
from service.base.refusals import Refusal
from service.base.store import chain
from service.base.store.kinds import Kind, Registry
from service.base.store.mapper import recorded
from service.games import codecs, limits
from service.games.base import rules_versions
from service.games.game_records import record_of
from service.games.record_format import FORMAT, FORMAT_VERSION, GameRecord

DOMAIN = b"banquise-seal-1\x00"
_json = msgspec.json.Encoder()
_canonical = msgspec.json.Encoder(order="deterministic")
SETUP = -1  # the step of the setup (and of the record's header), before move 1


def canonical(value: Any) -> bytes:
    """A JSON value's canonical bytes: as plain JSON types (times as their text), keys sorted, no space."""
    return _canonical.encode(msgspec.json.decode(_json.encode(value)))


def signed_bytes(document: dict[str, Any]) -> bytes:
    """What the seal's signature is over: the record, its seal included but for the signature itself."""
    seal = {k: v for k, v in document["seal"].items() if k != "signature"}
    return DOMAIN + canonical({**document, "seal": seal})


def state_hashes(kind: Kind, record: GameRecord[Any, Any]) -> list[str]:
    """The state hash after the record's setup, then after each of its moves (the engine's own replay, as an
    import plays it). Raises ``StepRefused`` at the first step the rules refuse."""
    rules = kind.rules
    if record.rules_version is not None and record.rules_version != rules.rules_version:
        rules = rules.for_version(record.rules_version)  # type: ignore[attr-defined]
    try:
        # The setup as stored (an import normalised it then; a game stored before a bound still replays).
        state = rules.fold(rules.start(record.setup), rules.initial_state())
    except RuleViolation as exc:
        raise StepRefused(SETUP, f"the rules refuse the setup: {exc}") from exc
    hashes = [state_hash(state)]
    step = getattr(rules, "decide_and_evolve", None) or partial(decide_and_evolve, rules)
    for index, entry in enumerate(record.moves):
        try:
            _, state = step(state, entry.move)
        except RuleViolation as exc:
            raise StepRefused(index, f"the rules refuse it: {exc}", hashes) from exc
        hashes.append(state_hash(state))
    return hashes


def seal(
    document: dict[str, Any],
    game_id: UUID,
    events: list[tuple[str, bytes]],
    head: bytes,
    states: list[str],
    key: signing.SigningKey,
) -> dict[str, Any]:
    """``document`` (an exported record) with its seal, signed by ``key``."""
    sealed = {
        **document,
        "seal": {
            "algorithm": signing.ALGORITHM,
            "key_id": key.id,
            "public_key": signing.public_key_text(key.public),
            "game_id": str(game_id),
            "events": [[topic, base64.b64encode(state).decode()] for topic, state in events],
            "head": head.hex(),
            "version": len(events),
            "states": states,
        },
    }
    sealed["seal"]["signature"] = base64.b64encode(key.sign(signed_bytes(sealed))).decode()
    return sealed


class StepRefused(Exception):
    def __init__(self, step: int, detail: str, hashes: list[str] | None = None) -> None:
        super().__init__(detail)
        self.step = step
        self.detail = detail
        self.hashes = hashes or []  # the states reached before it


def step_name(step: int) -> str:
    return "the setup" if step == SETUP else f"move {step + 1} ($.moves[{step}])"


class Difference(msgspec.Struct, frozen=True):
    step: int  # SETUP, or a move's index
    what: str

    def __str__(self) -> str:
        return f"{step_name(self.step)}: {self.what}"


class Verdict(msgspec.Struct, kw_only=True):
    """What ``check`` found. ``ok``: the signature holds (by a trusted key when one was given), the chain's
    head is the signed one, and the record is its events, replayed to the signed state hashes."""

    game_id: UUID | None = None  # the stream the seal's chain is of
    events: list[tuple[str, bytes]] = []  # the seal's events (topic, stored state), version 1 on
    key_id: str | None = None
    signature: bool = False
    trusted: bool = False  # signed by the key the caller gave (else only by the key the record carries)
    chain: bool = False
    differences: list[Difference] = []
    problems: list[str] = []  # what is wrong beyond a step (no seal, another key, a broken chain)

    @property
    def ok(self) -> bool:
        return self.signature and self.chain and not self.differences and not self.problems

    def first(self) -> Difference | None:
        return min(self.differences, key=lambda d: d.step) if self.differences else None


class Unreadable(ValueError):
    """Not a record this code reads (not JSON, no kind we know, no seal where one is needed)."""


def signature_of(document: dict[str, Any], trusted: list[bytes] | None) -> tuple[str, bool, bool, str | None]:
    """The signer's key id, whether the signature holds, whether the key is a trusted one, and what is wrong."""
    raw = document.get("seal")
    if not isinstance(raw, dict):
        raise Unreadable("the record has no seal: it was not exported by a Banquise server that signs")
    try:
        public = signing.parse_public_key(str(raw.get("public_key", "")))
        signature = base64.b64decode(str(raw.get("signature", "")), validate=True)
    except ValueError as exc:
        raise Unreadable(f"the seal's key or signature does not read: {exc}") from exc
    key_id = signing.key_id(public)
    if raw.get("key_id") != key_id:
        return key_id, False, False, f"the seal names key {raw.get('key_id')!r} but carries {key_id}"
    valid = signing.verify(public, signature, signed_bytes(document))
    if trusted is None:
        return key_id, valid, False, None if valid else "the signature does not hold: the record was changed"
    if public not in trusted:
        wanted = ", ".join(signing.key_id(k) for k in trusted)
        return key_id, valid, False, f"signed by {key_id}, not by the trusted key ({wanted})"
    return key_id, valid, True, None if valid else "the signature does not hold: the record was changed"


def read_json(body: bytes) -> tuple[bytes, Any]:
    """A record file's JSON under the rules an import holds it to (``limits.check_json``: well formed,
    nested at most ``limits.MAX_NESTING`` deep, no member twice in an object), after a UTF-8 byte order
    mark, which ``banquise import`` skips too (Windows editors write one). Raises ``Unreadable`` with the
    import's code."""
    body = body.removeprefix(BOM_UTF8)
    try:
        limits.check_json(body, "the record")
    except Refusal as exc:
        raise Unreadable(f"{exc.detail} ({exc.code})") from exc
    return body, msgspec.json.decode(body)


def check(body: bytes, registry: Registry, trusted: list[bytes] | None = None) -> Verdict:
    """Everything ``banquise verify`` checks, in memory. ``trusted``: the public keys to accept (None: the
    key the record carries, which proves its integrity only). Raises ``Unreadable``: a record an import
    would refuse as malformed (its JSON, its format, a kind or rules version not played here)."""
    body, document = read_json(body)
    if not isinstance(document, dict):
        raise Unreadable("a record is a JSON object")
    if (document.get("format", FORMAT), document.get("version", FORMAT_VERSION)) != (FORMAT, FORMAT_VERSION):
        raise Unreadable(
            f"this program reads {FORMAT} version {FORMAT_VERSION}, not {document.get('format')!r} version "
            f"{document.get('version')!r} (unsupported_record_format)"
        )
    verdict = Verdict()
    key_id, verdict.signature, verdict.trusted, problem = signature_of(document, trusted)
    verdict.key_id = key_id
    if problem:
        verdict.problems.append(problem)
    kind = registry.get(str(document.get("kind")))
    if kind is None:
        raise Unreadable(f"no game kind {document.get('kind')!r} here")
    try:
        record: GameRecord[Any, Any] = codecs.record(kind).decode(body)
    except msgspec.MsgspecError as exc:
        raise Unreadable(f"not a {kind.name} record: {exc}") from exc
    if record.rules_version is not None and record.rules_version not in rules_versions(kind):
        plays = ", ".join(repr(v) for v in rules_versions(kind))
        raise Unreadable(
            f"the record follows rules {record.rules_version!r}; this program plays {plays} (unsupported_rules_version)"
        )
    assert record.seal is not None
    sealed = record.seal
    verdict.game_id = sealed.game_id
    try:
        events = [(topic, base64.b64decode(state, validate=True)) for topic, state in sealed.events]
    except ValueError as exc:
        raise Unreadable(f"the seal's events do not read: {exc}") from exc
    verdict.events = events
    # The chain: the events hash to the signed head.
    links = list(chain.hashes(sealed.game_id, events))
    head = links[-1] if links else chain.GENESIS
    verdict.chain = head.hex() == sealed.head and sealed.version in (None, len(events))
    if head.hex() != sealed.head:
        verdict.problems.append("the seal's events do not hash to its chain's head: an event was changed")
    elif not verdict.chain:
        verdict.problems.append(f"the seal counts {sealed.version} events but carries {len(events)}: events were lost")
    # The record against its events: what the server would export from them.
    try:
        stream = [recorded(sealed.game_id, v, topic, state) for v, (topic, state) in enumerate(events, start=1)]
        stored = record_of(sealed.game_id, kind.name, record.rules_version, stream)
    except Exception as exc:
        verdict.problems.append(f"the seal's events do not decode: {exc}")
        stored = None
    if stored is not None:
        verdict.differences.extend(_differences(document, stored))
    # The replay: the record's moves through the engine, to the signed state hashes.
    whole = True
    try:
        replayed = state_hashes(kind, msgspec.structs.replace(record, seal=None))
    except StepRefused as refused:
        verdict.differences.append(Difference(refused.step, refused.detail))
        replayed, whole = refused.hashes, False
    except Exception as exc:  # a record no server stored (a setup its rules cannot even start)
        verdict.problems.append(f"the record does not replay: {type(exc).__name__}: {exc}")
        replayed, whole = [], False
    for step, (got, signed) in enumerate(zip(replayed, sealed.states, strict=False)):
        if got != signed:
            verdict.differences.append(Difference(step - 1, "the replay reaches another state than the signed one"))
            break
    else:
        if whole and len(replayed) != len(sealed.states):
            step = min(len(replayed), len(sealed.states)) - 1
            verdict.differences.append(Difference(step, "the record and its seal have different lengths"))
    return verdict


def lost_since(earlier: Verdict, later: Verdict) -> list[str]:
    """What a record exported ``later`` lost of the same game's ``earlier`` export (both checked): a game's
    events are only ever added to, so every event of the earlier one must be in the later one, unchanged.
    A stored game whose tail was removed, then re-signed, verifies on its own: only the earlier export,
    kept elsewhere, tells. Raises ``Unreadable`` for records of two games."""
    if earlier.game_id != later.game_id:
        raise Unreadable(f"the records are of two games ({earlier.game_id} and {later.game_id})")
    for version, (before, now) in enumerate(zip(earlier.events, later.events, strict=False), start=1):
        if before != now:
            return [f"event {version} is not the one the earlier export holds: the stored game was changed"]
    if len(later.events) < len(earlier.events):
        return [
            f"the record has {len(later.events)} events where the earlier export has {len(earlier.events)}: "
            f"the game's events from version {len(later.events) + 1} on were lost (a broken chain)"
        ]
    return []


def _differences(document: dict[str, Any], stored: dict[str, Any]) -> list[Difference]:
    """Where the record differs from the one its events give (the header and setup, then each move)."""
    found: list[Difference] = []
    for field in ("kind", "id", "rules_version", "tags", "setup", "started_at"):
        if canonical(document.get(field)) != canonical(stored.get(field)):
            found.append(Difference(SETUP, f"its {field} is not the stored game's"))
            break
    mine, theirs = document.get("moves") or [], stored["moves"]
    for index, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        label = next((label for field, label in _MOVE_FIELDS if _differs(a, b, field)), None)
        if label is not None:
            found.append(Difference(index, f"{label} is not the one stored"))
            return found
    if len(mine) != len(theirs):
        fewer = len(mine) < len(theirs)
        found.append(Difference(min(len(mine), len(theirs)), f"the record has {'fewer' if fewer else 'more'} moves"))
    return found


_MOVE_FIELDS = (("move", "the move"), ("at", "its time"), ("comment", "its comment"))


def _differs(mine: Any, stored: dict[str, Any], field: str) -> bool:
    """Whether a record's move entry (anything the JSON held) differs from the stored one in ``field``."""
    return canonical(mine.get(field) if isinstance(mine, dict) else None) != canonical(stored.get(field))
