"""The analysis' refusals (moved beside their use case, ``service.games.analysis``, next)."""

from __future__ import annotations

from uuid import UUID

from service.base.refusals import Category, Refusal


class BudgetOutOfRange(Refusal):
    """A budget outside the bounds an analysis takes."""

    category = Category.UNPROCESSABLE
    code = "budget_out_of_range"

    def __init__(self, budget: int, minimum: int, maximum: int) -> None:
        super().__init__(
            f"the budget (rollouts per estimate) must be {minimum} to {maximum}, not {budget}",
            minimum=minimum,
            maximum=maximum,
        )


class AnalysisHidden(Refusal):
    """A live game's analysis reads every hidden card: its owner's key's only."""

    category = Category.FORBIDDEN
    code = "analysis_hidden"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} is live: its analysis reads every hidden card and is its owner's key's until "
            "the game is finished",
            title="Analysis hidden while the game is live",
        )


class AnalysisUnavailable(Refusal):
    """A game the engine cannot analyse (its kind, or its record)."""

    category = Category.UNPROCESSABLE
    code = "analysis_unavailable"

    def __init__(self, reason: str) -> None:
        super().__init__(reason, title="Game not analysable")


class AnalysisNotRequested(Refusal):
    """No analysis of the game at this budget was asked for."""

    category = Category.NOT_FOUND
    code = "analysis_not_requested"

    def __init__(self, game_id: UUID, budget: int, version: int) -> None:
        super().__init__(
            f"no analysis of game {game_id} at budget {budget} was asked for (at its version "
            f"{version}): POST /games/{game_id}/analysis",
            title="Analysis not requested",
        )


class AnalysisMoveNotReady(Refusal):
    """A move the analysis has not reached yet."""

    category = Category.NOT_FOUND
    code = "analysis_move_not_ready"

    def __init__(self, game_id: UUID, number: int, steps_done: int, steps_total: int) -> None:
        super().__init__(
            f"move {number} of game {game_id} is not analysed (yet): {steps_done} of {steps_total} moves are",
            steps_done=steps_done,
            steps_total=steps_total,
        )
