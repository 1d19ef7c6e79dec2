"""The one registration of the built-in game kinds, in the order they are offered.

Import this module (not ``domain.registry``) to read the registry: importing it registers them. A
new kind is a package ``domain/<kind>/`` with a ``plugin.py`` building its ``GAME``, and one line here.
"""

from __future__ import annotations

from domain.arctic.plugin import GAME as ARCTIC
from domain.arctica.plugin import GAME as ARCTICA
from domain.registry import GamePlugin, game, register_game, registered_games, registration

register_game(ARCTIC)
register_game(ARCTICA)

__all__ = ["GamePlugin", "game", "register_game", "registered_games", "registration"]
