"""Administrative facts about games, stored in streams of their own (never in a game's stream)."""
