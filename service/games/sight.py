"""What one caller may see of one game: the single rule every read path applies.

A live game's hidden information (seed, deck order, hands, face-down cards, totems, Arctica's deck,
event plan and round cards not yet turned up) reaches only its owner's key (everything) or a seat
perspective asked for with that key (its own seat's part). Anyone else is a spectator: the views and
events the game kind's ``view``/``redact_event`` leave to a spectator, the scores of
``public_results``, no record (it carries the seed and every hidden card), and state hashes of what
they are shown (the full state's hash would let a guessed hand or totem be checked). Once a game is
finished everything is public. A game's tags are public from the start: metadata its owner gives when
creating or importing it (a club, a site), shown in every summary and filterable by anyone.

"Finished" is the one door: an abandoned game, or one voided while live, keeps its hidden information
for good (a void leaves the status as it was; un-voided, the game goes on).

A fork carries its origin's hidden information at its step (the seed, so the deck order to come, the
hands, the totems), and every move played in it shows some of it (a card drawn then played face up is
the origin's next card). So a fork of a game that is not finished is *sealed*: it is its owner's alone
(the origin's owner: only they may fork a live game) until the origin finishes, whatever the fork's
own status; every other caller is refused on every read of it (403 ``fork_hidden``), the games list
shows it without scores, and nothing of it is cached as public. The rule follows the chain: a fork of
a fork is sealed while any game whose secrets it carries is not finished (the row's ``sealed``, read
with it: ``GamesTable``'s ``SEALED``). An origin abandoned or voided while live keeps its forks
sealed for good, as it keeps its own secrets; once every such game is finished, the fork is a game
like any other (public once finished itself).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec

from domain.game import GameRules, Perspective, PlayerResult, state_hash
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal
from service.base.store.rows import GameSight, IndexedGame

SPECTATOR = Perspective()


class ForkHidden(Refusal):
    """A fork of a game not finished yet: its owner's key only."""

    category = Category.FORBIDDEN
    code = "fork_hidden"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} is a fork of a game not finished yet: it holds that game's hidden "
            "information and only its owner's key sees it until that game is finished",
            title="Fork hidden while its origin is not finished",
        )


class PerspectiveForbidden(Refusal):
    """A seat or omniscient view of a live game without its owner's key."""

    category = Category.FORBIDDEN
    code = "perspective_forbidden"

    def __init__(self, perspective: str) -> None:
        super().__init__(f"the {perspective} perspective of a live game needs its owner's key (or a finished game)")


class RecordHidden(Refusal):
    """A live game's record without its owner's key (its events and replays are public, redacted)."""

    category = Category.FORBIDDEN
    code = "record_hidden"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} is live: its record holds hidden information and needs the owner's key "
            "until the game is finished (its events and replays are public, redacted)",
            title="Record hidden while the game is live",
        )


# A game seen through ``Sight.of``: a sealed fork, or a seat (or everything) of a live game, is its owner's.
SEEING = (ForkHidden, PerspectiveForbidden)


def public(row: IndexedGame | GameSight) -> bool:
    """Whether everyone sees all of the game ``row`` (a ``games`` row with its ``sealed``): finished, and
    carrying no hidden information of a game that is not. What is public stays public (a finished game
    stays finished), so only such a game's answers may be kept for every caller."""
    return row.status == "finished" and not row.sealed


def sees_all(row: IndexedGame | GameSight, key: ApiKey | None) -> bool:
    """Whether ``key`` sees all of the game ``row`` (its record): a public game, or its owner's key (a sealed
    fork included). The exports' filter: a game it does not hold is left out, not refused."""
    return public(row) or (key is not None and key.id == row.owner_key)


class Sight(msgspec.Struct, frozen=True):
    """A caller's sight of one game: the perspective it asked for and whether it sees everything."""

    perspective: Perspective
    everything: bool  # the owner's key, or a public game (``public``)

    @classmethod
    def of(cls, row: IndexedGame | GameSight, key: ApiKey | None, perspective: Perspective = SPECTATOR) -> Sight:
        """The sight ``key`` has of the game ``row``; a seat or omniscient perspective of a live game
        without its owner's key is refused (403), never silently turned into a spectator's, and so is
        any sight of a sealed fork."""
        owner = key is not None and key.id == row.owner_key
        if row.sealed and not owner:
            raise ForkHidden(row.id)
        everything = owner or public(row)
        if perspective.kind != "spectator" and not everything:
            raise PerspectiveForbidden(perspective.kind)
        return cls(perspective, everything)

    def results(self, rules: GameRules, state: Any) -> list[PlayerResult]:
        return rules.results(state) if self.everything else rules.public_results(state)

    def view(self, rules: GameRules, state: Any) -> Any:
        return rules.view(state, self.perspective)

    def event(self, rules: GameRules, event: Any, state: Any) -> Any:
        """``event`` as this sight shows it (``state``: the state right after it)."""
        return rules.redact_event(event, self.perspective, state)

    def state_hash(self, rules: GameRules, state: Any) -> str:
        """The engine's state hash, or, for a caller who may not see the whole of a live state, the
        hash of the view it is shown."""
        return state_hash(state) if self.everything else state_hash(self.view(rules, state))

    def comment(self, text: str | None) -> str | None:
        """A recorder's comment on a move: free text that may name a hidden card, so the owner's (and
        everyone's once the game is finished)."""
        return text if self.everything else None

    def require_record(self, game_id: Any) -> None:
        """A record replays the whole game (its setup keeps the seed, its moves name hidden cards)."""
        if not self.everything:
            raise RecordHidden(game_id)
