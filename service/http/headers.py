"""The response headers the API sets beside the standard ones."""

from __future__ import annotations

# The position of a write's last event in the global event log: pass it as ``min_position`` to read
# your writes from the read models.
POSITION_HEADER = "x-banquise-position"

# With a read replica (DATABASE_READ_URL): the primary's WAL position after a write committed. Pass it as
# ``min_lsn`` to read from the replica only once it has replayed that far.
LSN_HEADER = "x-banquise-lsn"

# With a read replica: where a read of the read models was answered, ``replica`` or ``primary``.
READ_FROM_HEADER = "x-banquise-read-from"
