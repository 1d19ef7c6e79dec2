"""Errors the rules raise. A violation is the engine's answer to an illegal move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class RuleViolation(Exception):
    """A move (or a setup) breaks a rule.

    ``code`` is stable and machine-readable (``<kind>.<rule>``, e.g. ``arctic.wrong_placement_count``);
    clients branch on it, so a code is never renamed once published. ``rule`` names the section of the
    rules document (e.g. ``"arctic §5 step 1"``). ``legal`` lists the legal alternatives when the move
    space at this point is small enough to enumerate (msgspec Structs or plain JSON values).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        legal: Sequence[Any] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.legal = list(legal)

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"


class SetupError(RuleViolation):
    """A game setup that cannot start a game (wrong player count, unknown option...)."""
