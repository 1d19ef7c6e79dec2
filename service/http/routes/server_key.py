"""``GET /keys/server``: the public key this server signs its exported records with (docs/RECORDS.md)."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from service.base.signing import PublicKey
from service.runtime import Runtime


@get(
    "/keys/server",
    tags=["games"],
    summary="The server's public signing key (Ed25519): it signs every exported record",
    description="Give it to `banquise verify RECORD --key …`, or to another Banquise's "
    "`BANQUISE_TRUSTED_KEYS`, to check that a record was exported by this server unchanged. "
    "The key is made at the server's first start and kept in its database.",
    sync_to_thread=False,
)
def server_key(runtime: NamedDependency[Runtime]) -> PublicKey:
    return runtime.store.server_key.described()
