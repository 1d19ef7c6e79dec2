"""What a database failure means for the caller: wait and retry, find out, or fix the input.

PostgreSQL and psycopg report every failure as an exception with an SQLSTATE (or none, when the
connection itself is gone); ``eventsourcing`` wraps them in its own classes with the original as
``__cause__``. These helpers look through the wrapping and sort a failure into:

* *unavailable*: the database cannot serve now (unreachable, restarting, a timeout, no pooled
  connection in time): the request may succeed later, unchanged;
* *connection lost*: the connection broke while in use: a write's commit may or may not have happened;
* *retryable*: the server rolled the transaction back to resolve a conflict (serialization failure,
  deadlock): running it again can succeed;
* *rejected value*: the data itself is refused (too large for an index, out of range...): running it
  again fails the same way, so it is never retried.
"""

from __future__ import annotations

from uuid import UUID

import psycopg
import psycopg_pool


class StoreUnavailable(Exception):
    """PostgreSQL cannot serve now (unreachable, restarting, or too slow): nothing was written."""


class OutcomeUnknown(StoreUnavailable):
    """A write's commit may have happened, and the store could not find out before its deadline.

    Retrying with the same ``Idempotency-Key`` gives the stored answer if it did, stores it once if not.
    """

    def __init__(self, detail: str, *, stream: UUID | None = None) -> None:
        super().__init__(detail)
        self.stream = stream


class ValueRejected(Exception):
    """PostgreSQL refused a value of a write (too large for an index, out of range...): never retried."""


class CommitUncertain(Exception):
    """The connection broke during a write transaction: the commit may or may not have happened.

    ``backend_pid`` and ``application_name`` name the server process that ran it, so that the store can
    end it (sealing the outcome) before looking the write up.
    """

    def __init__(self, backend_pid: int, application_name: str | None) -> None:
        super().__init__(f"connection to PostgreSQL lost during a write (backend {backend_pid})")
        self.backend_pid = backend_pid
        self.application_name = application_name


READ_ONLY = "25006"
# SQLSTATE classes and codes (https://www.postgresql.org/docs/current/errcodes-appendix.html).
_CONNECTION_CLASS = "08"  # connection exception
_UNAVAILABLE_CLASSES = ("08", "53", "57")  # connection, insufficient resources, operator intervention
# lock_not_available (lock_timeout); read_only_sql_transaction: the server was a primary when the connection
# was made and is a standby now (Patroni demoted it): nothing was written, the next connection finds the new one.
_UNAVAILABLE_CODES = ("55P03", READ_ONLY)
_SERVER_GONE_CODES = ("57P01", "57P02", "57P03")  # admin/crash shutdown, cannot connect now
_RETRYABLE_CODES = ("40001", "40P01")  # serialization failure, deadlock detected
_REJECTED_CLASSES = ("22", "54")  # data exception, program limit exceeded


def psycopg_error(exc: BaseException | None) -> psycopg.Error | None:
    """The psycopg error behind ``exc`` (itself, or what it was raised from), if any."""
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, psycopg.Error):
            return exc
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


def is_connection_lost(exc: BaseException) -> bool:
    """The connection broke while in use (not: no connection could be had)."""
    if isinstance(exc, CommitUncertain):
        return True
    err = psycopg_error(exc)
    if err is None or isinstance(err, psycopg_pool.PoolTimeout | psycopg_pool.TooManyRequests):
        return False
    state = err.sqlstate
    if state is None:
        return isinstance(err, psycopg.OperationalError | psycopg.InterfaceError)
    return state.startswith(_CONNECTION_CLASS) or state in _SERVER_GONE_CODES


def is_unavailable(exc: BaseException) -> bool:
    """The database cannot serve now; the same request may succeed later."""
    if isinstance(exc, StoreUnavailable | CommitUncertain):
        return True
    err = psycopg_error(exc)
    if err is None:
        return False
    if isinstance(err, psycopg_pool.PoolTimeout | psycopg_pool.TooManyRequests):
        return True
    state = err.sqlstate
    if state is None:
        return isinstance(err, psycopg.OperationalError | psycopg.InterfaceError)
    return state[:2] in _UNAVAILABLE_CLASSES or state in _UNAVAILABLE_CODES or state in _RETRYABLE_CODES


def is_retryable(exc: BaseException) -> bool:
    """The server rolled the transaction back to resolve a conflict: running it again can succeed."""
    err = psycopg_error(exc)
    return err is not None and err.sqlstate in _RETRYABLE_CODES


def is_rejected_value(exc: BaseException) -> bool:
    """The data is refused (data exception, program limit exceeded): the same request fails again."""
    err = psycopg_error(exc)
    return err is not None and err.sqlstate is not None and err.sqlstate[:2] in _REJECTED_CLASSES


def reason(exc: BaseException) -> str:
    """One line saying what went wrong, for logs and /health."""
    err = psycopg_error(exc) or exc
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
