"""The use cases' refusals, all of them, named for what went wrong (the HTTP layer gives each its
status, ``service.http.errors``); those the read models raise too are ``service.base.refusals``."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec

from domain.errors import RuleViolation, SetupError
from service.base.refusals import Category, Refusal

# Raised by both the use cases and the read models, named here too (one code, one class).
from service.base.refusals import GameNotFound as GameNotFound
from service.base.refusals import InvalidCursor as InvalidCursor
from service.base.refusals import PlayerNotFound as PlayerNotFound
from service.base.refusals import ResultOnlyGame as ResultOnlyGame
from service.base.store.kinds import Kind
from service.games import alternatives, decoding


class NotGameOwner(Refusal):
    def __init__(self, detail: str = "only the key that created a game may append to it") -> None:
        super().__init__(Category.FORBIDDEN, "not_game_owner", detail)


# The version an If-Match asks for when no version matches it: a weak entity tag (``W/"12"``), since
# If-Match compares entity tags strongly (RFC 9110 §13.1.1). No game is ever at it.
NEVER_MATCHES = -1


class StaleVersion(Refusal):
    """Another move was stored first: ``current`` is the version to reload and resubmit at."""

    def __init__(self, current: int, expected: int | None) -> None:
        if expected == NEVER_MATCHES:
            detail = (
                f"a weak entity tag never matches (If-Match compares strongly): the game is at version {current}, "
                f'send If-Match: "{current}"'
            )
        elif expected is not None:
            detail = f"the game is at version {current}, not {expected}: reload it and resubmit"
        else:
            detail = f"another move was stored first; the game is now at version {current}"
        super().__init__(Category.CONFLICT, "version_conflict", detail, title="Stale version", current_version=current)
        self.current = current


def violation_title(violation: RuleViolation) -> str:
    """A refusal's title by what was refused: a setup that cannot start a game is no move."""
    return "Invalid setup" if isinstance(violation, SetupError) else "Illegal move"


class IllegalMove(Refusal):
    """The rules refuse a move (or a setup): the rule's own code, its alternatives, and where it happened."""

    def __init__(self, violation: RuleViolation, *, title: str | None = None, **where: Any) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            violation.code,
            violation.message,
            title=title or violation_title(violation),
            rule=violation.rule,
            **alternatives.present(violation.legal),
            **where,
        )
        self.violation = violation


def decode_error(
    exc: msgspec.MsgspecError, what: str, *, body: bytes = b"", kind: Kind | None = None, wrapped_at: str = ""
) -> Refusal:
    if isinstance(exc, msgspec.ValidationError):
        extra = decoding.hint(exc, body, kind.rules.move_type, wrapped_at=wrapped_at) if kind is not None else {}
        sentence = extra.pop("sentence", None)
        detail = f"{what}: {exc}" + (f": {sentence}" if sentence else "")
        return InvalidRequest(detail, **extra)
    return InvalidJson(f"{what} is not valid JSON: {exc}")


class GameFinishedUndo(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.CONFLICT,
            "game_finished",
            f"game {game_id} is finished: its moves cannot be taken back (void it instead)",
            game_id=str(game_id),
        )


class UndoOutOfRange(Refusal):
    def __init__(self, asked: int, played: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "undo_out_of_range",
            f"$.moves: {asked} moves cannot be taken back: "
            + (f"the game has {played} moves on its line" if asked > played else "take back at least 1"),
            path="$.moves",
            moves_played=played,
        )


class GameAlreadyVoided(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(Category.CONFLICT, "game_already_voided", f"game {game_id} is already voided")


class GameNotVoided(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(Category.CONFLICT, "game_not_voided", f"game {game_id} is not voided: nothing to restore")


class _Closed(Refusal):
    """A game that takes no more moves (or no such decision) in its present state."""

    state = ""
    consequence = "it takes no more moves"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.CONFLICT,
            f"game_{self.state}",
            f"game {game_id} is {self.state}: {self.consequence}",
            game_id=str(game_id),
        )


class GameVoidedRefusal(_Closed):
    """A move to a voided game."""

    state = "voided"


class GameAbandonedRefusal(_Closed):
    """A move to (or a second abandon of) an abandoned game."""

    state = "abandoned"


class GameFinishedRefusal(_Closed):
    """Abandoning a finished game: it has its result (void it to remove it from statistics)."""

    state = "finished"
    consequence = "it cannot be abandoned (an admin may void it)"


class GameFinishedMove(_Closed):
    """A move to a finished game that its rules do not accept after the end (they take reveals only)."""

    state = "finished"
    consequence = "it takes no more moves, only the reveals its rules accept after the end"


def closed_refusal(game_id: UUID, state: str) -> Refusal:
    """The refusal of a write that found its game closed in its own transaction (``GameClosed``)."""
    if state == "voided":
        return GameVoidedRefusal(game_id)
    if state == "abandoned":
        return GameAbandonedRefusal(game_id)
    return GameFinishedRefusal(game_id)


class PositionAhead(Refusal):
    """A stream asked to start after a version the game has not reached (a Last-Event-ID of another
    game, or of another database): it would wait for events that may never come."""

    def __init__(self, game_id: UUID, after: int, version: int, source: str) -> None:
        super().__init__(
            Category.INVALID,
            "position_ahead",
            f"{source} is {after} but game {game_id} is at version {version}",
            version=version,
        )


class DecisionRefused(Refusal):
    """A move built decision by decision went wrong: a decision not offered at its place
    (``unknown_decision``, 422, ``at``: its index in ``made``), or nothing to decide now
    (``no_decision``, 409: the game waits for no move)."""

    def __init__(self, code: str, detail: str, at: int) -> None:
        category = Category.CONFLICT if code == "no_decision" else Category.UNPROCESSABLE
        super().__init__(category, code, detail, at=at)


class GameNotFinished(Refusal):
    """A play (BG Stats, BGG) is a finished game's: a live or abandoned game has no final scores to log."""

    def __init__(self, game_id: UUID, status: str) -> None:
        super().__init__(
            Category.CONFLICT,
            "game_not_finished",
            f"game {game_id} is {status}: only a finished game is a play another app can log",
            title="Game not finished",
            game_status=status,
        )


class ExportTooLarge(Refusal):
    """A play file (one JSON or XML document) is built whole: past its bound, narrow the filters (or take
    the records, streamed)."""

    def __init__(self, bound: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "export_too_large",
            f"more than {bound} games match: narrow the filters (since/until, tag, kind), or stream the "
            "records (GET /exports/records)",
            title="Export too large",
            bound=bound,
        )


# ---------------------------------------------------------------- requests
class InvalidRequest(Refusal):
    """A body that does not decode to what the endpoint takes (``decode_error``)."""

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(Category.INVALID, "invalid_request", detail, title="Invalid request", **extra)


class InvalidJson(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "invalid_json", detail, title="Malformed JSON")


class DuplicateJsonKey(Refusal):
    """An object naming a member twice (``limits.check_json``)."""

    def __init__(self, detail: str, member: str) -> None:
        super().__init__(Category.INVALID, "duplicate_json_key", detail, member=member)


class ApiKeyRequired(Refusal):
    """A request only a key may make, sent without one: ``needs`` says what needs it (a read may too)."""

    def __init__(self, needs: str = "writing needs an API key") -> None:
        super().__init__(Category.UNAUTHENTICATED, "api_key_required", f"{needs}: 'Authorization: Bearer <api key>'")


class InvalidApiKey(Refusal):
    """A key revoked while its request was on its way (checked again in the write's transaction)."""

    def __init__(self) -> None:
        super().__init__(Category.UNAUTHENTICATED, "invalid_api_key", "this API key is unknown or revoked")


class UnknownGameKind(Refusal):
    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "unknown_game_kind",
            f"unknown game kind {name!r}; known kinds: {', '.join(known)}",
            known=known,
        )


class IdempotencyKeyReused(Refusal):
    def __init__(self) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "idempotency_key_reused",
            "this Idempotency-Key was already used for a different request",
        )


class InvalidTagFilter(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "invalid_tag_filter", detail, title="Invalid tag filter", parameter="tag")


class InvalidPerspective(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "invalid_perspective", detail)


class ProjectionLagging(Refusal):
    """A read asked for a position the read models have not reached in the time it may wait."""

    def __init__(self, position: int, min_position: int) -> None:
        super().__init__(
            Category.UNAVAILABLE,
            "projection_lagging",
            f"the projections are at position {position}, not yet at {min_position}; retry shortly",
            title="Projections lagging",
            position=position,
            min_position=min_position,
        )


class UnknownPosition(Refusal):
    """A ``min_position`` past the end of the event log: no write returned it."""

    def __init__(self, written: int, min_position: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "unknown_position",
            f"the event log ends at position {written}; min_position {min_position} was never returned by a write",
            position=written,
        )


# ---------------------------------------------------------------- a request's fields (``limits``)
class _FieldRefusal(Refusal):
    """A value at ``path`` (``$.players[2]``) that the service's bounds refuse; the detail starts with it."""

    _code = ""
    _category = Category.INVALID

    def __init__(self, path: str, detail: str, *, title: str | None = "Invalid request") -> None:
        super().__init__(self._category, self._code, f"{path}: {detail}", title=title, path=path)


class TextTooLong(_FieldRefusal):
    _code = "text_too_long"


class InvalidText(_FieldRefusal):
    _code = "invalid_text"


class InvalidHandle(_FieldRefusal):
    _code = "invalid_handle"


class DuplicatePlayer(_FieldRefusal):
    _code = "duplicate_player"
    _category = Category.UNPROCESSABLE


class ConfusableHandles(_FieldRefusal):
    """Two handles that look alike: at one table, or a rename to one that looks like another's."""

    _code = "confusable_handles"
    _category = Category.UNPROCESSABLE


class SeedOutOfRange(_FieldRefusal):
    _code = "seed_out_of_range"


class InvalidRecordId(_FieldRefusal):
    _code = "invalid_record_id"


class TooManyTags(_FieldRefusal):
    _code = "too_many_tags"


class JsonTooDeep(_FieldRefusal):
    _code = "json_too_deep"


class TimeOutOfRange(_FieldRefusal):
    _code = "time_out_of_range"


class PlayTimeInFuture(_FieldRefusal):
    _code = "play_time_in_future"
    _category = Category.UNPROCESSABLE


class PlayTimeOutOfOrder(_FieldRefusal):
    _code = "play_time_out_of_order"
    _category = Category.UNPROCESSABLE


# ---------------------------------------------------------------- sight (``sight``)
class ForkHidden(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.FORBIDDEN,
            "fork_hidden",
            f"game {game_id} is a fork of a game not finished yet: it holds that game's hidden "
            "information and only its owner's key sees it until that game is finished",
            title="Fork hidden while its origin is not finished",
        )


class PerspectiveForbidden(Refusal):
    def __init__(self, perspective: str) -> None:
        super().__init__(
            Category.FORBIDDEN,
            "perspective_forbidden",
            f"the {perspective} perspective of a live game needs its owner's key (or a finished game)",
        )


class RecordHidden(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.FORBIDDEN,
            "record_hidden",
            f"game {game_id} is live: its record holds hidden information and needs the owner's key "
            "until the game is finished (its events and replays are public, redacted)",
            title="Record hidden while the game is live",
        )


# ---------------------------------------------------------------- navigation and replays
class _NotInGame(Refusal):
    """A ``unit`` number the game has not reached: it has ``first`` to ``count`` (``{unit}s``: the count)."""

    unit = ""
    first = 1

    def __init__(self, asked: int, count: int) -> None:
        units = f"{self.unit}s"
        detail = f"this game has {units} {self.first} to {count}, not {asked}"
        super().__init__(Category.NOT_FOUND, f"{self.unit}_not_found", detail)
        self.extra[units] = count


class MoveNotFound(_NotInGame):
    unit = "move"
    first = 0  # move 0: the game before its first move (its setup)


class TurnNotFound(_NotInGame):
    unit = "turn"


class StepNotFound(_NotInGame):
    unit = "step"


# ---------------------------------------------------------------- forks
class ForkStepMidMove(Refusal):
    def __init__(self, at: int, before: int | None, after: int | None) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "fork_step_mid_move",
            f"step {at} is inside a move: fork at the end of a move (e.g. step {after})",
            nearest=[s for s in (before, after) if s is not None],
        )


class ForkStepOutOfRange(Refusal):
    def __init__(self, at: int, steps: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "fork_step_out_of_range",
            f"this game has steps 1 to {steps}, not {at}",
            steps=steps,
        )


class ForkOfFinishedBoard(Refusal):
    def __init__(self, at: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE, "fork_of_finished_board", f"the game is over at step {at}: nothing to play"
        )


# ---------------------------------------------------------------- imports
class UnsupportedRecordFormat(Refusal):
    def __init__(self, reads: str, version: int, format: str, format_version: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "unsupported_record_format",
            f"this server reads {reads} version {version}, not {format} version {format_version}",
        )


class UnsupportedRulesVersion(Refusal):
    def __init__(self, asked: str, plays: tuple[str, ...]) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "unsupported_rules_version",
            f"the record follows rules {asked!r}; this server plays " + ", ".join(repr(v) for v in plays),
        )


class RecordIdConflict(Refusal):
    """A record's id names a stored game whose record differs from it."""

    def __init__(self, detail: str, game_id: UUID) -> None:
        super().__init__(Category.CONFLICT, "record_id_conflict", detail, game_id=str(game_id))


class GameAlreadyRecorded(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.CONFLICT,
            "game_already_recorded",
            f"this record is game {game_id}, already recorded on this server by another key: "
            "it is not stored a second time",
            game_id=str(game_id),
        )


class SignedGameRecorded(Refusal):
    """A sealed record whose signed identity (its signer and its game there) is already a game here."""

    def __init__(self, game_id: UUID, signer: str, origin: UUID) -> None:
        super().__init__(
            Category.CONFLICT,
            "signed_game_recorded",
            f"this record is game {origin} as {signer} sealed it, already recorded on this server as game "
            f"{game_id}: a signed game is stored once, whoever sends it",
            game_id=str(game_id),
        )


class RecordSignatureInvalid(Refusal):
    """A sealed record whose seal does not hold (docs/RECORDS.md): changed after it was signed, or unreadable."""

    def __init__(self, detail: str, key_id: str | None = None) -> None:
        extra = {} if key_id is None else {"key_id": key_id}
        super().__init__(Category.UNPROCESSABLE, "record_signature_invalid", detail, **extra)


class RecordSignerUntrusted(Refusal):
    """A sealed record signed by a key this server does not trust (``BANQUISE_TRUSTED_KEYS``)."""

    def __init__(self, detail: str, key_id: str) -> None:
        super().__init__(Category.UNPROCESSABLE, "record_signer_untrusted", detail, key_id=key_id)


# ---------------------------------------------------------------- handles (``renaming``)
class HandlesChanged(Refusal):
    def __init__(self) -> None:
        super().__init__(
            Category.CONFLICT,
            "handles_changed",
            "another rename or merge was decided meanwhile: check the handles again and retry",
        )


class HandleTaken(Refusal):
    def __init__(self, spelling: str, taken: str) -> None:
        super().__init__(
            Category.CONFLICT,
            "handle_taken",
            f"{taken!r} is another player's handle: merge {spelling!r} into it instead",
            handle=taken,
        )


class SameHandle(Refusal):
    def __init__(self, spelling: str) -> None:
        super().__init__(Category.UNPROCESSABLE, "same_handle", f"{spelling!r} is already written so")


class MergeIntoItself(Refusal):
    def __init__(self, handle: str, into: str) -> None:
        super().__init__(Category.UNPROCESSABLE, "merge_into_itself", f"{handle!r} and {into!r} are already one player")


class PlayersMet(Refusal):
    def __init__(self, handle: str, other: str) -> None:
        super().__init__(
            Category.UNPROCESSABLE, "players_met", f"{handle!r} and {other!r} played at one table: they are two people"
        )


# ---------------------------------------------------------------- editions
class EditionTooLarge(Refusal):
    def __init__(self, detail: str, limit: int, **where: Any) -> None:
        super().__init__(Category.UNPROCESSABLE, "edition_too_large", detail, limit=limit, **where)


class InvalidEdition(Refusal):
    def __init__(self, detail: str, path: str) -> None:
        super().__init__(Category.UNPROCESSABLE, "invalid_edition", detail, title="Invalid edition", path=path)


class EditionOutOfBounds(Refusal):
    """A number of an edition past what a game on it may cost (``path``: the first; ``problems``: all)."""

    def __init__(self, detail: str, path: str, limit: int, problems: list[str]) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "edition_out_of_bounds",
            detail,
            title="Edition out of bounds",
            path=path,
            limit=limit,
            problems=problems,
        )


class InconsistentEdition(Refusal):
    def __init__(self, problems: list[str]) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "inconsistent_edition",
            "; ".join(problems),
            title="Inconsistent edition",
            problems=problems,
        )


class EditionReserved(Refusal):
    def __init__(self, edition_id: str) -> None:
        super().__init__(
            Category.CONFLICT,
            "edition_reserved",
            f"{edition_id!r} is an edition packaged with the engine: choose another id",
        )


class EditionVersionExists(Refusal):
    def __init__(self, edition_id: str, version: str, sha256: str) -> None:
        super().__init__(
            Category.CONFLICT,
            "edition_version_exists",
            f"edition {edition_id} {version} is already stored with other content (sha256 "
            f"{sha256}); an edition is never changed in place: give it a new version",
            sha256=sha256,
        )


class EditionNotFound(Refusal):
    def __init__(self, kind: str, which: str) -> None:
        super().__init__(Category.NOT_FOUND, "edition_not_found", f"there is no {kind} edition {which}")


class EditionKindRequired(Refusal):
    """Several registered kinds have editions: a request must say which one it means."""

    def __init__(self, kinds: list[str]) -> None:
        super().__init__(
            Category.INVALID,
            "edition_kind_required",
            f"several game kinds have editions ({', '.join(kinds)}): say which with kind",
            kinds=kinds,
        )


class KindWithoutEditions(Refusal):
    """The kind asked for is not registered, or its games are not recorded on editions."""

    def __init__(self, kind: str, kinds: list[str]) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "kind_without_editions",
            f"game kind {kind!r} has no editions; kinds with editions: {', '.join(kinds) or 'none'}",
            kinds=kinds,
        )


# ---------------------------------------------------------------- API keys (``keys``)
class KeyNotFound(Refusal):
    def __init__(self, key_id: str) -> None:
        super().__init__(Category.NOT_FOUND, "key_not_found", f"there is no active key {key_id!r}")


# ---------------------------------------------------------------- analysis (``analysis``)
class BudgetOutOfRange(Refusal):
    def __init__(self, budget: int, minimum: int, maximum: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "budget_out_of_range",
            f"the budget (rollouts per estimate) must be {minimum} to {maximum}, not {budget}",
            minimum=minimum,
            maximum=maximum,
        )


class AnalysisHidden(Refusal):
    """A live game's analysis reads every hidden card: its owner's key's only."""

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.FORBIDDEN,
            "analysis_hidden",
            f"game {game_id} is live: its analysis reads every hidden card and is its owner's key's until "
            "the game is finished",
            title="Analysis hidden while the game is live",
        )


class AnalysisUnavailable(Refusal):
    def __init__(self, reason: str) -> None:
        super().__init__(Category.UNPROCESSABLE, "analysis_unavailable", reason, title="Game not analysable")


class AnalysisNotRequested(Refusal):
    def __init__(self, game_id: UUID, budget: int, version: int) -> None:
        super().__init__(
            Category.NOT_FOUND,
            "analysis_not_requested",
            f"no analysis of game {game_id} at budget {budget} was asked for (at its version "
            f"{version}): POST /games/{game_id}/analysis",
            title="Analysis not requested",
        )


class AnalysisMoveNotReady(Refusal):
    def __init__(self, game_id: UUID, number: int, steps_done: int, steps_total: int) -> None:
        super().__init__(
            Category.NOT_FOUND,
            "analysis_move_not_ready",
            f"move {number} of game {game_id} is not analysed (yet): {steps_done} of {steps_total} moves are",
            steps_done=steps_done,
            steps_total=steps_total,
        )


# ---------------------------------------------------------------- plays imported from other apps (``playimports``)
class ImportNotJson(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "import_not_json", f"the file is not JSON (a BG Stats backup is): {detail}")


class ImportNotXml(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "import_not_xml", f"the file is not XML (BGG's plays answer is): {detail}")


class ImportWrongShape(Refusal):
    """The file decodes, but is not what the app writes: ``path`` names where (``$.plays[3].gameRefId``)."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(Category.UNPROCESSABLE, "import_wrong_shape", f"{path}: {detail}", path=path)


class ImportPlayWithoutPlayers(Refusal):
    def __init__(self, path: str, play: str) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "import_play_without_players",
            f"{path}: play {play} of a game Banquise records names no player: nothing of the file is imported",
            path=path,
            play=play,
        )


class ImportNoKnownGame(Refusal):
    def __init__(self, known: list[str], seen: list[str]) -> None:
        shown = ", ".join(seen[:10]) + (f" and {len(seen) - 10} more" if len(seen) > 10 else "")
        super().__init__(
            Category.UNPROCESSABLE,
            "import_unknown_games_only",
            f"no play of the file is of a game Banquise records ({', '.join(known)}, matched by BGG id or "
            f"name); its games: {shown or 'none'}",
            known=known,
            games=seen[:100],
        )


class ImportNotConfirmed(Refusal):
    def __init__(self, plan_id: str) -> None:
        super().__init__(
            Category.INVALID,
            "import_not_confirmed",
            "an import is confirmed: ask for its plan with dry_run=true, then send the same file and mapping with "
            f"confirm=<its plan_id> (this one's: {plan_id})",
            plan_id=plan_id,
        )


class ImportPlanChanged(Refusal):
    def __init__(self, confirmed: str, plan_id: str) -> None:
        super().__init__(
            Category.CONFLICT,
            "import_plan_changed",
            f"the plan confirmed ({confirmed}) is not this import's ({plan_id}): the file, the mapping, or the "
            "players and plays stored here changed since; look at the new plan (dry_run=true) and confirm it",
            plan_id=plan_id,
        )


class ImportRaced(Refusal):
    def __init__(self) -> None:
        super().__init__(
            Category.CONFLICT,
            "import_conflict",
            "another import stored some of these plays meanwhile: nothing of this one was stored; ask for the "
            "plan again (only what is new is added)",
        )


class InvalidPlayerMapping(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "invalid_player_mapping", detail)


class InvalidTimeZone(Refusal):
    def __init__(self, text: str) -> None:
        super().__init__(
            Category.INVALID,
            "invalid_time_zone",
            f"tz={text!r} is no time zone: give an IANA name (Europe/Paris) or an offset (+02:00, -05:00, Z)",
        )
