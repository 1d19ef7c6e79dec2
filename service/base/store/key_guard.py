"""A write that trusts a cached API key says so in its own transaction.

A process caches the keys it verified, with the count of key changes (``api_key_changes``) it saw then.
A move usually confirms that count in the round trip that reads its game's row; a move decided from the
game's head as this process last wrote it reads no row, so its update of the ``games`` row confirms the
count instead (``KEYS_UNCHANGED``): when a key changed since (a revocation), the whole transaction fails
with ``KEYS_CHANGED`` and stores nothing, and the move is decided again the long way, which verifies its
key afresh. A revoked key is still refused on its very next request, by every process.
"""

from __future__ import annotations

KEYS_CHANGED = "BQ401"

# Migration 0015: the check a conditional update calls (true, or the transaction fails).
KEY_GUARD_FUNCTION = f"""
CREATE OR REPLACE FUNCTION banquise_keys_unchanged(p_count bigint)
RETURNS boolean LANGUAGE plpgsql STABLE SET search_path FROM CURRENT AS $body$
DECLARE
    current_count bigint;
BEGIN
    SELECT count INTO current_count FROM api_key_changes;
    IF current_count IS DISTINCT FROM p_count THEN
        RAISE EXCEPTION 'API keys changed since this one was cached'
            USING ERRCODE = '{KEYS_CHANGED}', DETAIL = coalesce(current_count::text, '');
    END IF;
    RETURN true;
END
$body$;
"""

# A condition for ``UPDATE games … WHERE … AND <this>``, with the count the key was cached at.
KEYS_UNCHANGED = "banquise_keys_unchanged(%s)"


class KeysChanged(Exception):
    """A write trusting a cached key found that keys changed since: nothing was stored."""
