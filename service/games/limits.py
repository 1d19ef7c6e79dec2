"""Bounds on everything a client writes, checked before anything is decided or stored.

Each limit answers a fast 4xx problem with a stable ``code`` and the JSON ``path`` of the value at
fault (``$.setup.players[1]``, ``$.tags["site"]``, ``$.moves[12].comment``). The limits exist because
every written value is kept forever and served back publicly, and because a value PostgreSQL cannot
index or a number the read models cannot encode would otherwise fail far from the request that sent it.

The bounds are checked here, at the edge, and not in the domain's types: games stored before a bound
existed must still decode, fold and replay.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from functools import cache
from importlib import resources
from typing import Any, TypeVar

import msgspec

from domain.players import handle_key, normalise_handle
from service.base.refusals import Category, Refusal
from service.games.decoding import InvalidJson

MAX_HANDLE = 64
MAX_RECORD_ID = 128
MAX_TAGS = 32
MAX_TAG_KEY = 64
MAX_TAG_VALUE = 512
MAX_COMMENT = 2000
MAX_REASON = 2000
MAX_NESTING = 32
MAX_SEED = 2**63 - 1
# How far ahead of the server's clock a play time may be: a phone's clock drifts, a future game is a typo.
MAX_CLOCK_AHEAD = timedelta(minutes=5)

# Format characters that real text needs: joiners inside emoji and Indic or Persian words, emoji tag
# sequences (subdivision flags). Every other format character (bidirectional overrides, zero-width
# spaces, invisible operators) can only disguise text.
_ALLOWED_FORMAT = frozenset({"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))})
# Control, surrogate, private-use and unassigned code points, and line or paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
# The general categories a handle needs one character of: letters, numbers, punctuation, symbols.
_VISIBLE = frozenset("LNPS")

T = TypeVar("T")


class DuplicateJsonKey(Refusal):
    """An object naming a member twice (checked before the route)."""

    category = Category.INVALID
    code = "duplicate_json_key"

    def __init__(self, detail: str, member: str) -> None:
        super().__init__(detail, member=member)


class FieldRefusal(Refusal):
    """A value at ``path`` (``$.players[2]``) that the service's bounds refuse; the detail starts with it."""

    def __init__(self, path: str, detail: str, *, title: str | None = "Invalid request") -> None:
        super().__init__(f"{path}: {detail}", title=title, path=path)


class TextTooLong(FieldRefusal):
    """A text longer than its field takes."""

    code = "text_too_long"


class InvalidText(FieldRefusal):
    """A text with characters the service does not store (controls, unpaired surrogates)."""

    code = "invalid_text"


class InvalidHandle(FieldRefusal):
    """A handle the service does not take (characters, spaces)."""

    code = "invalid_handle"


class DuplicatePlayer(FieldRefusal):
    """A player named twice at one table."""

    code = "duplicate_player"
    category = Category.UNPROCESSABLE


class ConfusableHandles(FieldRefusal):
    """Two handles that look alike: at one table, or a rename to one that looks like another's."""

    code = "confusable_handles"
    category = Category.UNPROCESSABLE


class SeedOutOfRange(FieldRefusal):
    """A seed outside the 64-bit range."""

    code = "seed_out_of_range"


class InvalidRecordId(FieldRefusal):
    """A record id the service does not take."""

    code = "invalid_record_id"


class TooManyTags(FieldRefusal):
    """More tags than a game holds."""

    code = "too_many_tags"


class JsonTooDeep(FieldRefusal):
    """JSON nested deeper than any request needs."""

    code = "json_too_deep"


class TimeOutOfRange(FieldRefusal):
    """A time outside 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once in UTC."""

    code = "time_out_of_range"


class PlayTimeInFuture(FieldRefusal):
    """A play time later than now."""

    code = "play_time_in_future"
    category = Category.UNPROCESSABLE


class PlayTimeOutOfOrder(FieldRefusal):
    """A play time before the game's last one."""

    code = "play_time_out_of_order"
    category = Category.UNPROCESSABLE


# A body's JSON as the service reads it (checked before its route: ``service.http.bodies``).
JSON_BOUNDS = (DuplicateJsonKey, JsonTooDeep)
# A text field, a played time.
TEXTS = (TextTooLong, InvalidText)
TIMES = (TimeOutOfRange, PlayTimeInFuture, PlayTimeOutOfOrder)
# A table's players, a setup, a record's id and tags.
TABLE = (InvalidHandle, DuplicatePlayer, ConfusableHandles, *TEXTS)
SETUP = (*TABLE, SeedOutOfRange, InvalidRecordId, TooManyTags, *TIMES)


def _bad_character(text: str) -> str | None:
    """The first character free text may not contain, if any."""
    if text.isascii() and text.isprintable():
        return None
    for char in text:
        category = unicodedata.category(char)
        if category in _REFUSED_CATEGORIES or (category == "Cf" and char not in _ALLOWED_FORMAT):
            return char
    return None


def check_text(path: str, text: str, limit: int, *, what: str = "text") -> str:
    """Free text: at most ``limit`` characters, no control, format or unassigned characters."""
    if len(text) > limit:
        raise TextTooLong(path, f"{what} is {len(text)} characters long; at most {limit} are kept")
    bad = _bad_character(text)
    if bad is not None:
        raise InvalidText(
            path,
            f"{what} may not contain the character U+{ord(bad):04X} ({unicodedata.name(bad, 'unnamed')})",
        )
    return text


def check_handle(path: str, handle: str) -> str:
    """A player handle as it will be kept: NFKC-normalised, 1 to 64 characters, printable, no "/", not
    only dots."""
    normal = normalise_handle(handle)
    if not normal:
        raise InvalidHandle(path, "a player handle may not be empty")
    if len(normal) > MAX_HANDLE:
        raise InvalidHandle(path, f"a player handle has at most {MAX_HANDLE} characters, not {len(normal)}")
    if "/" in normal:
        # A handle is a path segment of /players/{handle}: a slash would make its own links unreachable.
        raise InvalidHandle(path, 'a player handle may not contain "/"')
    if not normal.lower().replace("%2e", ".").strip("."):
        # "." and ".." (or "%2e", as URL parsers read it) are dot segments, which every URL parser removes:
        # /players/.. is /. A handle of dots alone is refused whole, longer ones too: no name is only dots.
        raise InvalidHandle(path, "a player handle may not be only dots (/players/.. is no player's path)")
    bad = _bad_character(normal)
    if bad is not None:
        raise InvalidHandle(
            path,
            f"a player handle may not contain U+{ord(bad):04X} ({unicodedata.name(bad, 'unnamed')})",
        )
    if not any(unicodedata.category(char)[0] in _VISIBLE for char in normal):
        # Combining marks, joiners and spaces alone draw nothing of their own (or pile onto whatever is
        # printed before them): no one could read, say or type such a name.
        raise InvalidHandle(path, "a player handle needs a letter, digit, punctuation or symbol, not only marks")
    if unicodedata.category(normal[0]).startswith("M"):
        raise InvalidHandle(
            path,
            f"a player handle may not start with the combining mark U+{ord(normal[0]):04X} "
            f"({unicodedata.name(normal[0], 'unnamed')}): it joins the character printed before it",
        )
    return normal


def check_table(path: str, handles: list[str]) -> list[str]:
    """The handles of one table, normalised; refused when two name one person or look alike."""
    normal = [check_handle(f"{path}[{i}]", h) for i, h in enumerate(handles)]
    seen: dict[str, int] = {}
    for i, handle in enumerate(normal):
        key = handle_key(handle)
        if key in seen:
            raise DuplicatePlayer(
                f"{path}[{i}]",
                f"{handle!r} is the same player as {normal[seen[key]]!r} (handles are case-insensitive)",
            )
        seen[key] = i
    skeletons: dict[str, int] = {}
    for i, handle in enumerate(normal):
        skeleton = confusable_skeleton(handle)
        if skeleton in skeletons:
            other = normal[skeletons[skeleton]]
            raise ConfusableHandles(
                f"{path}[{i}]",
                f"{handle!r} looks like {other!r}: players at one table must be told apart at a glance",
            )
        skeletons[skeleton] = i
    return normal


def check_seed(path: str, seed: int | None) -> None:
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise SeedOutOfRange(path, f"a seed is an integer from 0 to 2**63-1, not {seed}")


def check_record_id(path: str, record_id: str | None) -> None:
    if record_id is not None:
        if not record_id:
            raise InvalidRecordId(path, "a record id may not be empty")
        check_text(path, record_id, MAX_RECORD_ID, what="a record id")


def check_tags(path: str, tags: Mapping[str, str]) -> None:
    if len(tags) > MAX_TAGS:
        raise TooManyTags(path, f"a game has at most {MAX_TAGS} tags, not {len(tags)}")
    for key, value in tags.items():
        where = f"{path}[{json.dumps(key[:80])}]"
        if not key:
            raise InvalidText(where, "a tag's name may not be empty")
        check_text(where, key, MAX_TAG_KEY, what="a tag's name")
        check_text(where, value, MAX_TAG_VALUE, what="a tag's value")


def check_comment(path: str, comment: str | None) -> None:
    if comment is not None:
        check_text(path, comment, MAX_COMMENT, what="a comment")


def check_setup(path: str, setup: T) -> T:
    """A game's setup with its handles normalised; its seed and handles within bounds."""
    check_seed(f"{path}.seed", getattr(setup, "seed", None))
    players = getattr(setup, "players", None)
    if players is None:
        return setup
    normal = check_table(f"{path}.players", list(players))
    if normal == list(players):
        return setup
    return msgspec.structs.replace(setup, players=type(players)(normal))  # type: ignore[type-var]


def check_moves(path: str, moves: Iterable[Any]) -> None:
    for index, recorded in enumerate(moves):
        check_comment(f"{path}[{index}].comment", recorded.comment)


def check_nesting(body: bytes, limit: int = MAX_NESTING) -> None:
    """Refuse JSON nested deeper than ``limit`` before a recursive decoder meets it.

    Strings are dropped, then innermost ``[]``/``{}`` pairs are removed ``limit`` times: whatever
    brackets remain were deeper (or unbalanced, which the decoder refuses anyway). Every pass is a
    C-level ``bytes.replace``, so a 4 MB body costs milliseconds.
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return
    structure = _brackets(body)
    if b"[" * (limit + 1) in structure.replace(b"{", b"["):
        raise JsonTooDeep("$", f"JSON may be nested at most {limit} levels deep")
    for _ in range(limit):
        if not structure:
            return
        shorter = structure.replace(b"[]", b"").replace(b"{}", b"")
        if shorter == structure:
            return  # unbalanced: the JSON decoder names the fault
        structure = shorter
    if structure:
        raise JsonTooDeep("$", f"JSON may be nested at most {limit} levels deep")


class _Duplicate(Exception):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _pairs(pairs: list[tuple[str, Any]]) -> None:
    # Called once per object with its members in order; nothing is built (the value is thrown away).
    if len(pairs) > 1:
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                raise _Duplicate(name)
            seen.add(name)


_screen = json.JSONDecoder(object_pairs_hook=_pairs)


def check_json(body: bytes, what: str = "the body") -> None:
    """Refuse ``body`` unless it is one well-formed JSON document, nested at most ``MAX_NESTING`` deep,
    whose objects name each member once (JSON decoders keep the last silently: a duplicate would be read
    as if meant, and two readers may keep different ones). The rules every JSON a Banquise program takes
    is held to: a request's body, a record ``banquise verify`` reads."""
    check_nesting(body)
    try:
        _screen.decode(body.decode("utf-8"))
    except _Duplicate as dup:
        raise DuplicateJsonKey(f"{what} names the member {dup.name!r} twice in one object", dup.name) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise InvalidJson(f"{what} is not valid JSON: {exc}") from None


_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _brackets(body: bytes) -> bytes:
    # Escaped quotes first, so that the remaining '"' bytes pair up as string delimiters.
    text = body.replace(b"\\\\", b"").replace(b'\\"', b"")
    parts = text.split(b'"')
    outside = b"".join(parts[::2])
    return outside.translate(None, _NOT_BRACKETS)


# ---------------------------------------------------------------- confusable handles
def confusable_skeleton(handle: str) -> str:
    """A handle reduced to what a reader sees: two handles with one skeleton are confusable.

    Unicode TR39's skeleton (each character replaced by the prototype of its look-alikes, from Unicode's
    confusables data as shipped by ``confusable-homoglyphs``), taken case-insensitively, since a table
    reads names without minding case: "B0b" and "Bob", "Alice" and "ALICE" written with a Cyrillic A are confusable.
    """
    return _skeleton(_skeleton(handle).casefold())


def _skeleton(text: str) -> str:
    prototypes = _prototypes()
    return "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype.

    The package lists, for each character, its look-alikes in both directions: a prototype lists its
    sources, a source lists its one prototype. A pair that only list each other is read with the lower
    code point as the prototype (confusables.txt's prototypes are the common, low characters).
    """
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    homoglyphs = {
        key.replace("\u200e", ""): [entry["c"].replace("\u200e", "") for entry in entries]
        for key, entries in data.items()
    }
    prototypes: dict[str, str] = {}
    for char, alikes in homoglyphs.items():
        if len(char) != 1 or len(alikes) != 1:
            continue
        (target,) = alikes
        one_way = len(homoglyphs.get(target, ())) > 1 or char not in homoglyphs.get(target, ())
        if one_way or (len(target) == 1 and target < char):
            prototypes[char] = target
    return prototypes


# ---------------------------------------------------------------- times
# Every time a client sends (play times, filters) is read in UTC and falls in this range there. The top
# is the last instant Python holds; the bottom keeps a stored time readable back whatever the database
# session's time zone (historical local mean times move a year-1 instant before year 1, which no driver
# reads), and no game of these kinds was played before it.
MIN_TIME = datetime(1900, 1, 1, tzinfo=UTC)
MAX_TIME = datetime.max.replace(tzinfo=UTC)


def check_time(path: str, moment: datetime | None) -> datetime | None:
    """A time a client sent, in UTC (a time without an offset is taken as UTC), within ``MIN_TIME`` and
    ``MAX_TIME``: else 400 ``time_out_of_range`` (``0001-01-01T00:00:00+14:00`` is in no year Python holds
    once in UTC)."""
    if moment is None:
        return None
    try:
        at = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except OverflowError:
        at = None
    if at is None or not MIN_TIME <= at <= MAX_TIME:
        raise TimeOutOfRange(
            path,
            f"{moment.isoformat()} is out of range: a time falls between {MIN_TIME:%Y-%m-%dT%H:%M:%SZ} and "
            f"{MAX_TIME:%Y-%m-%dT%H:%M:%SZ} once in UTC",
        )
    return at


# ---------------------------------------------------------------- play times
def check_play_time(path: str, moment: datetime | None, after: datetime | None, now: datetime) -> None:
    """A play time is not before the game's previous one (``after``) nor ahead of the clock."""
    if moment is None:
        return
    if moment > now + MAX_CLOCK_AHEAD:
        raise PlayTimeInFuture(
            path,
            f"{moment.isoformat()} is more than {MAX_CLOCK_AHEAD.seconds // 60} minutes ahead of the server's clock",
        )
    if after is not None and moment < after:
        raise PlayTimeOutOfOrder(
            path,
            f"{moment.isoformat()} is before the game's previous time {after.isoformat()}: times never go back",
        )


def normalise_times(record: T) -> T:
    """A record with its start and move times in UTC, each within bounds (``check_time``)."""
    moves = [
        msgspec.structs.replace(m, at=check_time(f"$.moves[{i}].at", m.at)) if m.at is not None else m
        for i, m in enumerate(record.moves)  # type: ignore[attr-defined]
    ]
    started_at = check_time("$.started_at", record.started_at)  # type: ignore[attr-defined]
    return msgspec.structs.replace(record, started_at=started_at, moves=moves)  # type: ignore[type-var]


def check_record_times(record: Any, now: datetime) -> None:
    """A record's times never go back and are not ahead of the clock; 422 naming the first that does."""
    previous = record.started_at
    check_play_time("$.started_at", previous, None, now)
    for index, recorded in enumerate(record.moves):
        check_play_time(f"$.moves[{index}].at", recorded.at, previous, now)
        previous = recorded.at or previous
