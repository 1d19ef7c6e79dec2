"""Reading the play files of other apps: a BG Stats backup (JSON) and BGG's plays answer (XML), into the
plays of the games Banquise records. Pure: bytes in, :class:`ParsedFile` out, or a refusal that names
what is wrong with the file (beside: ``import_not_json``, ``import_not_xml``,
``import_wrong_shape``, ``import_play_without_players``, ``import_unknown_games_only``).

A play is of a known game when its game's BGG id is the kind's (``GamePlugin.bgg_id``), else when its
name is the kind's title or name (case and accents as written aside). Plays of other games are counted
and left out; so are the plays the app itself leaves out of its statistics (BG Stats' ``ignored``, BGG's
``nowinstats`` and ``incomplete``), team plays, plays of several sessions at once (BGG's ``quantity``),
plays with a player the app keeps anonymous, plays without every score or with a score that is no whole
number: each is listed with why (the use case adds its own: a player count the game never has, a name
that is no handle).

What is read, as the apps write it (published real files and BGG's XML API 2):

* BG Stats: ``players`` (``id``, ``uuid``, ``name``, ``isAnonymous``), ``games`` (``id``, ``name``,
  ``bggId``), ``locations`` (``id``, ``name``), ``plays`` (``uuid``, ``playDate`` "YYYY-MM-DD
  HH:MM:SS" on the phone's clock, ``durationMin``, ``gameRefId``, ``locationRefId``, ``ignored``,
  ``usesTeams``, ``comments``, ``playerScores``: ``playerRefId``, ``score`` (text: a number, a sum such
  as "-10+7+22", or empty), ``winner``, ``rank`` (0: not set), ``startPlayer``, ``seatOrder`` (0: not
  set)).
* BGG: ``<play id date length quantity incomplete nowinstats location>``, ``<item name objectid>``,
  ``<comments>``, ``<players><player username name startposition score win>``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from xml.etree import ElementTree

import msgspec

from service.base.refusals import Category, Refusal

# Why a play of a known game is left out (``ParsedFile.skipped``).
IGNORED = "ignored_in_app_statistics"  # BG Stats' ignored, BGG's nowinstats
INCOMPLETE = "incomplete"
TEAMS = "team_play"
SESSIONS = "several_sessions"  # BGG's quantity > 1
ANONYMOUS = "anonymous_player"
NO_SCORE = "missing_score"
BAD_SCORE = "score_not_a_whole_number"

_SUM = re.compile(r"^[+-]?\d+(?:[+-]\d+)*$")
# Bounds a play of these games stays far within: a score, a length in minutes (a week).
MAX_SCORE = 1_000_000
MAX_MINUTES = 7 * 24 * 60
_SOURCE_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,100}$")


class ImportNotJson(Refusal):
    """A BG Stats backup that is not JSON."""

    category = Category.INVALID
    code = "import_not_json"

    def __init__(self, detail: str) -> None:
        super().__init__(f"the file is not JSON (a BG Stats backup is): {detail}")


class ImportNotXml(Refusal):
    """A BGG plays answer that is not XML."""

    category = Category.INVALID
    code = "import_not_xml"

    def __init__(self, detail: str) -> None:
        super().__init__(f"the file is not XML (BGG's plays answer is): {detail}")


class ImportWrongShape(Refusal):
    """The file decodes, but is not what the app writes: ``path`` names where (``$.plays[3].gameRefId``)."""

    category = Category.UNPROCESSABLE
    code = "import_wrong_shape"

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}", path=path)


class ImportPlayWithoutPlayers(Refusal):
    """A play of a known game naming no player: nothing of the file is imported."""

    category = Category.UNPROCESSABLE
    code = "import_play_without_players"

    def __init__(self, path: str, play: str) -> None:
        super().__init__(
            f"{path}: play {play} of a game Banquise records names no player: nothing of the file is imported",
            path=path,
            play=play,
        )


class ImportNoKnownGame(Refusal):
    """A file with no play of a game Banquise records."""

    category = Category.UNPROCESSABLE
    code = "import_unknown_games_only"

    def __init__(self, known: list[str], seen: list[str]) -> None:
        shown = ", ".join(seen[:10]) + (f" and {len(seen) - 10} more" if len(seen) > 10 else "")
        super().__init__(
            f"no play of the file is of a game Banquise records ({', '.join(known)}, matched by BGG id or "
            f"name); its games: {shown or 'none'}",
            known=known,
            games=seen[:100],
        )


# A file another app wrote, read: its format, its shape, its plays' players, a game Banquise records.
IMPORT_FILES = (ImportNotJson, ImportNotXml, ImportWrongShape, ImportPlayWithoutPlayers, ImportNoKnownGame)


@dataclass(frozen=True)
class KnownGame:
    """A game kind as a play file may name it."""

    kind: str
    title: str
    bgg_id: int | None
    highest_wins: bool
    player_counts: tuple[int, ...]


@dataclass
class ParsedSeat:
    name: str  # as the file writes the player
    score: int
    winner: bool
    rank: int  # 0: the file does not say
    start: bool
    order: int  # the file's seat order (0: not said)


@dataclass
class ParsedPlay:
    path: str  # where in the file ($.plays[3], /plays/play[4])
    source_id: str
    game: KnownGame
    started: datetime  # on the file's clock (no offset)
    duration_min: int | None
    location: str | None
    seats: list[ParsedSeat]
    comments: str


@dataclass
class ParsedFile:
    plays_in_file: int = 0
    other_games: int = 0
    plays: list[ParsedPlay] = field(default_factory=list)
    skipped: dict[str, list[str]] = field(default_factory=dict)  # reason -> the plays' ids

    def skip(self, reason: str, source_id: str) -> None:
        self.skipped.setdefault(reason, []).append(source_id)


def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def match_game(games: Sequence[KnownGame], bgg_id: int | None, name: str) -> KnownGame | None:
    """The known game a file's game is: by BGG id first, else by name."""
    if bgg_id:
        for g in games:
            if g.bgg_id and g.bgg_id == bgg_id:
                return g
    folded = _fold(name)
    for g in games:
        if folded in (_fold(g.title), _fold(g.kind)):
            return g
    return None


def score_of(text: Any) -> int | None:
    """A score as the apps write it: a number, a sum of whole numbers ("-10+7+22"), or nothing (None).
    Raises ValueError for anything else (a score beyond ``MAX_SCORE`` too)."""
    value = _score(text)
    if value is not None and abs(value) > MAX_SCORE:
        raise ValueError(f"{text!r} is beyond {MAX_SCORE} points")
    return value


def length_of(minutes: int | None) -> int | None:
    """A play's length in minutes: None when the file gives none, or none that can be (0, negative, over
    a week)."""
    return minutes if minutes is not None and 0 < minutes <= MAX_MINUTES else None


def _score(text: Any) -> int | None:
    if text is None:
        return None
    if isinstance(text, bool):
        raise ValueError(f"{text!r} is no score")
    if isinstance(text, int):
        return text
    if isinstance(text, float):
        if text.is_integer():
            return int(text)
        raise ValueError(f"{text!r} is not a whole number of points")
    cleaned = str(text).replace(" ", "")
    if not cleaned:
        return None
    if _SUM.match(cleaned):
        return sum(int(term) for term in re.findall(r"[+-]?\d+", cleaned))
    try:
        value = float(cleaned)
    except ValueError:
        raise ValueError(f"{text!r} is no score") from None
    if value.is_integer():
        return int(value)
    raise ValueError(f"{text!r} is not a whole number of points")


# ---------------------------------------------------------------- BG Stats
class _BgsPlayer(msgspec.Struct):
    id: int
    name: str
    uuid: str = ""
    isAnonymous: bool = False


class _BgsGame(msgspec.Struct):
    id: int
    name: str
    bggId: int | None = 0


class _BgsLocation(msgspec.Struct):
    id: int
    name: str


class _BgsScore(msgspec.Struct):
    playerRefId: int
    score: str | int | float | None = None
    winner: bool = False
    rank: int | None = 0
    startPlayer: bool = False
    seatOrder: int | None = 0


class _BgsPlay(msgspec.Struct):
    uuid: str
    playDate: str
    gameRefId: int
    playerScores: list[_BgsScore] = []
    durationMin: int | None = 0
    locationRefId: int | None = 0
    ignored: bool = False
    usesTeams: bool = False
    comments: str | None = ""


class _BgsFile(msgspec.Struct):
    players: list[_BgsPlayer]
    games: list[_BgsGame]
    plays: list[_BgsPlay]
    locations: list[_BgsLocation] = []


_bgs_decoder = msgspec.json.Decoder(_BgsFile)


def _path_of(error: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.plays[3].gameRefId`" as (path, what)."""
    text = str(error)
    what, sep, where = text.rpartition(" - at `")
    if not sep:
        return "$", text
    return where.rstrip("`"), what


def parse_bgstats(data: bytes, games: Sequence[KnownGame]) -> ParsedFile:
    try:
        msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise ImportNotJson(str(exc)) from None
    try:
        backup = _bgs_decoder.decode(data)
    except msgspec.ValidationError as exc:
        path, what = _path_of(exc)
        if path == "$" and "missing required field" in what:
            what += " (a BG Stats backup holds players, games and plays)"
        raise ImportWrongShape(path, what) from None
    players = {p.id: p for p in backup.players}
    titles = {g.id: g for g in backup.games}
    places = {loc.id: loc.name for loc in backup.locations}
    out = ParsedFile(plays_in_file=len(backup.plays))
    seen: set[str] = set()
    for i, play in enumerate(backup.plays):
        path = f"$.plays[{i}]"
        title = titles.get(play.gameRefId)
        if title is None:
            raise ImportWrongShape(f"{path}.gameRefId", f"no game has the id {play.gameRefId}")
        game = match_game(games, title.bggId, title.name)
        if game is None:
            out.other_games += 1
            seen.add(title.name)
            continue
        if not _SOURCE_ID.match(play.uuid):
            raise ImportWrongShape(
                f"{path}.uuid", f"{play.uuid[:100]!r} is no play id: BG Stats gives each play a uuid"
            )
        started = _bgs_date(f"{path}.playDate", play.playDate)
        if not play.playerScores:
            raise ImportPlayWithoutPlayers(f"{path}.playerScores", play.uuid)
        if play.ignored:
            out.skip(IGNORED, play.uuid)
            continue
        if play.usesTeams:
            out.skip(TEAMS, play.uuid)
            continue
        seats: list[ParsedSeat] = []
        anonymous = missing = bad = False
        for j, s in enumerate(play.playerScores):
            who = players.get(s.playerRefId)
            if who is None:
                raise ImportWrongShape(f"{path}.playerScores[{j}].playerRefId", f"no player has the id {s.playerRefId}")
            anonymous = anonymous or who.isAnonymous
            try:
                score = score_of(s.score)
            except ValueError:
                score, bad = 0, True
            if score is None:
                missing = True
                score = 0
            seats.append(ParsedSeat(who.name, score, s.winner, s.rank or 0, s.startPlayer, s.seatOrder or 0))
        reason = ANONYMOUS if anonymous else BAD_SCORE if bad else NO_SCORE if missing else None
        if reason is not None:
            out.skip(reason, play.uuid)
            continue
        out.plays.append(
            ParsedPlay(
                path=path,
                source_id=play.uuid,
                game=game,
                started=started,
                duration_min=length_of(play.durationMin),
                location=places.get(play.locationRefId) if play.locationRefId else None,
                seats=_seat_order(seats),
                comments=play.comments or "",
            )
        )
    _known_or_refuse(out, games, seen)
    return out


def _bgs_date(path: str, text: str) -> datetime:
    for pattern in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text.strip(), pattern)
        except ValueError:
            continue
    raise ImportWrongShape(path, f"{text!r} is no date: BG Stats writes YYYY-MM-DD HH:MM:SS")


def _seat_order(seats: list[ParsedSeat]) -> list[ParsedSeat]:
    """The seats in the file's seat order when it gives one to every seat (distinct, 1 up), else as listed."""
    orders = [s.order for s in seats]
    if all(o > 0 for o in orders) and len(set(orders)) == len(orders):
        return sorted(seats, key=lambda s: s.order)
    return seats


def _known_or_refuse(out: ParsedFile, games: Sequence[KnownGame], seen: set[str]) -> None:
    if out.plays or out.skipped:
        return
    raise ImportNoKnownGame([g.title for g in games], sorted(seen))


# ---------------------------------------------------------------- BoardGameGeek
def parse_bgg(data: bytes, games: Sequence[KnownGame]) -> ParsedFile:
    if b"<!DOCTYPE" in data[:4096] or b"<!ENTITY" in data:
        # No document type: entities are how XML bombs and external reads come in.
        raise ImportNotXml("a document type declaration (<!DOCTYPE>) is not accepted")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise ImportNotXml(str(exc)) from None
    if root.tag != "plays":
        raise ImportWrongShape("/", f"the document is <{root.tag}>, not BGG's <plays>")
    plays = root.findall("play")
    out = ParsedFile(plays_in_file=len(plays))
    seen: set[str] = set()
    for i, play in enumerate(plays, start=1):
        path = f"/plays/play[{i}]"
        item = play.find("item")
        if item is None:
            raise ImportWrongShape(f"{path}/item", "a play names its game in <item>")
        objectid = item.get("objectid", "0")
        if not (objectid.isdigit() and len(objectid) <= 18):
            raise ImportWrongShape(f"{path}/item/@objectid", f"{objectid!r} is no BGG id")
        name = item.get("name", "")
        game = match_game(games, int(objectid), name)
        if game is None:
            out.other_games += 1
            seen.add(name or f"BGG {objectid}")
            continue
        source_id = play.get("id", "")
        if source_id and not (source_id.isdigit() and len(source_id) <= 18):
            raise ImportWrongShape(f"{path}/@id", f"{source_id!r} is no BGG play id")
        started = _bgg_date(f"{path}/@date", play.get("date", ""))
        players = play.findall("players/player")
        comments = play.findtext("comments", "") or ""
        if not source_id:
            # A file without BGG's ids (written by another tool): the play's content is its id.
            source_id = "content:" + _content_id(play)
        if not players:
            raise ImportPlayWithoutPlayers(f"{path}/players", source_id)
        if play.get("nowinstats", "0") == "1":
            out.skip(IGNORED, source_id)
            continue
        if play.get("incomplete", "0") == "1":
            out.skip(INCOMPLETE, source_id)
            continue
        if play.get("quantity", "1") not in ("1", ""):
            out.skip(SESSIONS, source_id)
            continue
        seats, reason = _bgg_seats(path, players)
        if reason is not None:
            out.skip(reason, source_id)
            continue
        length = play.get("length", "0")
        out.plays.append(
            ParsedPlay(
                path=path,
                source_id=source_id,
                game=game,
                started=started,
                duration_min=length_of(int(length)) if length.isdigit() and len(length) <= 9 else None,
                location=(play.get("location") or "").strip() or None,
                seats=seats,
                comments=comments,
            )
        )
    _known_or_refuse(out, games, seen)
    return out


def _bgg_seats(path: str, players: list[ElementTree.Element]) -> tuple[list[ParsedSeat], str | None]:
    """A play's seats, in the order of their start positions, and why it cannot count (None: it can)."""
    seats: list[ParsedSeat] = []
    missing = bad = False
    for j, p in enumerate(players, start=1):
        who = (p.get("name") or p.get("username") or "").strip()
        if not who:
            raise ImportWrongShape(f"{path}/players/player[{j}]", "a player has a name or a username")
        try:
            score = score_of(p.get("score"))
        except ValueError:
            score, bad = 0, True
        if score is None:
            missing = True
            score = 0
        position = p.get("startposition", "")
        order = int(position) if position.isdigit() else 0
        seats.append(ParsedSeat(who, score, p.get("win") == "1", 0, order == 1, order))
    return _seat_order(seats), BAD_SCORE if bad else NO_SCORE if missing else None


def _bgg_date(path: str, text: str) -> datetime:
    try:
        return datetime.strptime(text.strip(), "%Y-%m-%d")
    except ValueError:
        raise ImportWrongShape(path, f"{text!r} is no date: BGG writes YYYY-MM-DD") from None


def _content_id(play: ElementTree.Element) -> str:
    import hashlib

    return hashlib.sha256(ElementTree.tostring(play, encoding="utf-8")).hexdigest()[:32]
