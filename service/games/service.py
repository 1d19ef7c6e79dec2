"""The games' use cases in one object: recording (``writing``), importing (``importing``) and reading
(``reading``), taking back moves (``undoing``), over what they share (``base``)."""

from __future__ import annotations

from service.games.base import GameBase, Idempotency, Opening, Reply, request_hash
from service.games.importing import RecordImporter
from service.games.reading import GameReader
from service.games.undoing import GameUndoer
from service.games.writing import GameWriter

__all__ = ["GameBase", "GameService", "Idempotency", "Opening", "Reply", "request_hash"]


class GameService(GameWriter, GameUndoer, RecordImporter, GameReader):
    """Every use case on games (the HTTP layer and the CLI hold one per process)."""
