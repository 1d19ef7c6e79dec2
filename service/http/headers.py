"""The response headers the API sets beside the standard ones."""

from __future__ import annotations

# The position of a write's last event in the global event log: pass it as ``min_position`` to read
# your writes from the read models.
POSITION_HEADER = "x-banquise-position"
