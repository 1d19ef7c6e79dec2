"""What the watch page says of a game's analyses (``static/analysis.js``): whether the game's kind is
analysed at all and which budgets were asked for it, so that the page reads an analysis that exists
(a GET of one never asked answers 404, which the browser reports as an error) and offers to ask for
one otherwise."""

from __future__ import annotations

import msgspec

from domain.analysis.game import DEFAULT_BUDGET
from domain.kinds import game
from service.base.store.rows import IndexedGame
from service.games.service import GameService


class PageAnalyses(msgspec.Struct, kw_only=True):
    budgets: list[int]  # the budgets asked for the game at its version (any state: queued to done)
    default: int  # the budget a reader's ask uses


def page_analyses(games: GameService, row: IndexedGame) -> PageAnalyses | None:
    """``None``: no analysis to show (a live game, or a kind without analysis)."""
    plugin = game(row.kind)
    if row.status != "finished" or plugin is None or plugin.analysis is None:
        return None
    return PageAnalyses(budgets=games.analyses.budgets_asked(row), default=DEFAULT_BUDGET)
