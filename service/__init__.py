"""The Banquise application: event store, HTTP API, command line, embedded PostgreSQL."""

__version__ = "0.1.0"
