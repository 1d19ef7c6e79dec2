"""Banquise's own tables beside the event store, as migration steps (see migrations.py)."""

from __future__ import annotations

from service.store.migrations import Step

TABLES: list[Step] = []
